import SwiftUI
import WidgetKit

/// The machine the host runs on: CPU, memory, disks, load, uptime and
/// temperatures, from /proc and /sys.
@main
struct SystemStatusWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "SystemStatus", intent: SystemStatusIntent.self, provider: SystemStatusProvider()) { entry in
            SystemStatusView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("System Status")
        .description("CPU, memory, disks, load, uptime and temperatures of the host's machine.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
