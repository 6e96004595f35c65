import SwiftUI
import WidgetKit

/// A line for each item, its detail at the trailing edge; a tap opens its link.
struct ListCard: View {
    @Environment(\.widgetFamily) var family
    /// A row as written.
    struct Line {
        let text: String
        let detail: String?
        let link: URL?
    }

    let title: String
    let rows: [Line]

    private var shown: Int {
        switch family {
        case .accessoryRectangular: 2
        case .systemSmall: 4
        case .systemMedium: 4
        default: 10
        }
    }

    var body: some View {
        if family == .accessoryRectangular {
            VStack(alignment: .leading, spacing: 1) {
                Text(title).font(.headline).lineLimit(1).widgetAccentable()
                ForEach(Array(rows.prefix(shown).enumerated()), id: \.offset) { _, row in
                    Text(row.text).font(.caption).lineLimit(1)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } else {
            VStack(alignment: .leading, spacing: family == .systemSmall ? 5 : 7) {
                CardTitle(title: title)
                if rows.isEmpty {
                    Spacer(minLength: 0)
                    Text("Nothing to show").font(.subheadline).foregroundStyle(.secondary).frame(maxWidth: .infinity)
                }
                ForEach(Array(rows.prefix(shown).enumerated()), id: \.offset) { _, row in
                    ListRow(row: row, stacked: family == .systemSmall)
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

struct ListRow: View {
    let row: ListCard.Line
    /// On a small card the detail goes under the text, not beside it.
    let stacked: Bool

    var body: some View {
        let content = Group {
            if stacked {
                VStack(alignment: .leading, spacing: 0) {
                    Text(row.text).font(.caption).fontWeight(.semibold).lineLimit(1)
                    if let detail = row.detail { Text(detail).font(.caption2).foregroundStyle(.secondary).lineLimit(1) }
                }
            } else {
                HStack(alignment: .firstTextBaseline, spacing: 8) {
                    Text(row.text).font(.subheadline).lineLimit(1)
                    Spacer(minLength: 4)
                    if let detail = row.detail { Text(detail).font(.caption).foregroundStyle(.secondary).lineLimit(1) }
                }
            }
        }
        if let link = row.link {
            Link(destination: link) { content }
        } else {
            content
        }
    }
}
