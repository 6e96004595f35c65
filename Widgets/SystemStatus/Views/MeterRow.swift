import SwiftUI
import WidgetKit

/// A share as a bar, named on its left and valued on its right.
struct MeterRow: View {
    let title: String
    let fraction: Double
    var value: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack {
                Text(title).font(.caption).fontWeight(.semibold).lineLimit(1)
                Spacer(minLength: 4)
                Text(value ?? Figures.percent(fraction)).font(.caption).foregroundStyle(.secondary).monospacedDigit().lineLimit(1)
            }
            Gauge(value: min(max(fraction, 0), 1)) { EmptyView() }
                .gaugeStyle(.linearCapacity)
                .tint(Meter.color(fraction))
        }
    }
}
