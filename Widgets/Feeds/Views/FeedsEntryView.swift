import SwiftUI
import WidgetKit

struct FeedsEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: FeedsEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: "newspaper")
                    Text("\(entry.unread)").font(.headline)
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 1) {
                Label("\(entry.unread) unread", systemImage: "newspaper").font(.headline).lineLimit(1).widgetAccentable()
                if let first = entry.items.first {
                    Text(first.item.title).font(.caption).lineLimit(2)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryInline:
            Label("\(entry.unread) unread · \(entry.items.first?.item.title ?? entry.title)", systemImage: "newspaper")
        case .systemSmall:
            VStack(alignment: .leading, spacing: 4) {
                Label(entry.title, systemImage: "newspaper").font(.caption).fontWeight(.semibold).foregroundStyle(.secondary).lineLimit(1)
                Text("\(entry.unread)").font(.system(size: 34, weight: .bold)).foregroundStyle(entry.unread > 0 ? Color.blue : Color.secondary)
                Text("unread").font(.caption).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                if let first = entry.items.first {
                    Text(first.item.title).font(.caption).fontWeight(.semibold).lineLimit(3)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        case .systemExtraLarge:
            // Two columns of three: the card is wide and not tall.
            VStack(alignment: .leading, spacing: 9) {
                FeedsHeader(entry: entry)
                HStack(alignment: .top, spacing: 16) {
                    ForEach(0..<2, id: \.self) { column in
                        VStack(alignment: .leading, spacing: 9) {
                            ForEach(entry.items.dropFirst(column * 3).prefix(3), id: \.item.id) { shown in
                                ItemRow(shown: shown)
                            }
                        }
                        .frame(maxWidth: .infinity, alignment: .topLeading)
                    }
                }
                Spacer(minLength: 0)
            }
        default:
            let count = family == .systemMedium ? 3 : 7
            VStack(alignment: .leading, spacing: family == .systemMedium ? 6 : 9) {
                FeedsHeader(entry: entry)
                if entry.items.isEmpty {
                    Spacer()
                    Text("Nothing in these feeds yet").font(.subheadline).foregroundStyle(.secondary).frame(maxWidth: .infinity)
                }
                ForEach(entry.items.prefix(count), id: \.item.id) { shown in
                    ItemRow(shown: shown, lines: family == .systemMedium ? 1 : 2)
                }
                Spacer(minLength: 0)
                if !entry.problems.isEmpty, family != .systemMedium {
                    Label(entry.problems.count == 1 ? "1 feed could not be read" : "\(entry.problems.count) feeds could not be read",
                          systemImage: "exclamationmark.triangle")
                        .font(.caption2).foregroundStyle(.secondary)
                }
            }
        }
    }
}
