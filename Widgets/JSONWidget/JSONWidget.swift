import JSONWidgetSpec
import SwiftUI
import WidgetKit

/// Every kind a manifest declares with `json:`: a document fetched from a
/// URL, the values its paths select, drawn in the layout it names. The host
/// hands each kind's declaration over as `settings["json"]`.
@main
struct JSONWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: JSONWidgetSpec.moduleKind, provider: JSONProvider()) { entry in
            JSONEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("JSON")
        .description("Values from a JSON API, as a number, a list, a table or a gauge; declared in the manifest.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
