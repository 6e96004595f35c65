import SwiftUI
import WidgetKit

/// One value between two ends: a ring on the card, a bar on the Lock Screen.
struct GaugeCard: View {
    @Environment(\.widgetFamily) var family
    let title: String
    let fraction: Double
    let value: String
    let label: String?
    let minimum: String
    let maximum: String

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: fraction) {
                Text(label ?? title)
            } currentValueLabel: {
                Text(value).minimumScaleFactor(0.5)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Text(title).font(.headline).lineLimit(1).widgetAccentable()
                Gauge(value: fraction) {
                    Text(label ?? title)
                } currentValueLabel: {
                    Text(value)
                } minimumValueLabel: {
                    Text(minimum)
                } maximumValueLabel: {
                    Text(maximum)
                }
                .gaugeStyle(.accessoryLinear)
                Text(label.map { "\($0): \(value)" } ?? value).font(.caption).lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        default:
            VStack(spacing: 4) {
                CardTitle(title: title).frame(maxWidth: .infinity, alignment: .leading)
                Spacer(minLength: 0)
                Gauge(value: fraction) {
                    EmptyView()
                } currentValueLabel: {
                    Text(value).font(.title3).fontWeight(.bold).minimumScaleFactor(0.5).lineLimit(1)
                }
                .gaugeStyle(.accessoryCircularCapacity)
                .tint(Self.color(fraction))
                .scaleEffect(1.35)
                .frame(height: 84)
                Spacer(minLength: 0)
                if let label {
                    Text(label).font(.caption).fontWeight(.semibold).lineLimit(1)
                }
                Text("\(minimum) – \(maximum)").font(.caption2).foregroundStyle(.secondary).lineLimit(1)
            }
        }
    }

    /// Green while there is room, orange past two thirds, red near the end.
    static func color(_ fraction: Double) -> Color {
        fraction < 0.67 ? .green : fraction < 0.9 ? .orange : .red
    }
}
