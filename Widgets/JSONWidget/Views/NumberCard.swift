import SwiftUI
import WidgetKit

/// One value, as large as the card allows.
struct NumberCard: View {
    @Environment(\.widgetFamily) var family
    let title: String
    let value: String
    let caption: String?
    let date: Date

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("\(title) \(value)")
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Text(value).font(.headline).minimumScaleFactor(0.5).lineLimit(1)
                    Text(title).font(.caption2).lineLimit(1)
                }
                .padding(4)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 1) {
                Text(title).font(.headline).lineLimit(1).widgetAccentable()
                Text(value).font(.title2).fontWeight(.bold).minimumScaleFactor(0.6).lineLimit(1)
                if let caption { Text(caption).font(.caption).lineLimit(1) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        default:
            VStack(alignment: .leading, spacing: 4) {
                CardTitle(title: title)
                Spacer(minLength: 0)
                Text(value)
                    .font(.system(size: family == .systemSmall ? 34 : 44, weight: .bold))
                    .minimumScaleFactor(0.4)
                    .lineLimit(1)
                if let caption {
                    Text(caption).font(.subheadline).foregroundStyle(.secondary).lineLimit(2)
                }
                Spacer(minLength: 0)
                Text("Updated \(date, style: .time)").font(.caption2).foregroundStyle(.tertiary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
