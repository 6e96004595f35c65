import SwiftUI
import WidgetKit

/// A share as a ring, with what it measures under it.
struct Dial: View {
    let title: String
    let fraction: Double
    let detail: String

    var body: some View {
        VStack(spacing: 4) {
            Gauge(value: min(max(fraction, 0), 1)) {
                EmptyView()
            } currentValueLabel: {
                Text(Figures.percent(fraction)).font(.caption).fontWeight(.semibold)
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(Meter.color(fraction))
            Text(title).font(.caption).fontWeight(.semibold)
            Text(detail).font(.caption2).foregroundStyle(.secondary).lineLimit(1)
        }
        .frame(maxWidth: .infinity)
    }
}
