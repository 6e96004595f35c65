import SwiftUI
import WidgetKit

/// Items as rows under the columns' titles: the first column leading, the
/// others (numbers, mostly) trailing.
struct TableCard: View {
    @Environment(\.widgetFamily) var family
    let title: String
    let titles: [String]
    let rows: [[String]]

    private var shown: Int { family == .systemMedium ? 3 : family == .systemExtraLarge ? 7 : 9 }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            CardTitle(title: title)
            // Columns of equal width, as the SDK's Grid draws them.
            VStack(alignment: .leading, spacing: 5) {
                HStack(spacing: 10) {
                    ForEach(Array(titles.enumerated()), id: \.offset) { index, title in
                        Text(title).font(.caption2).fontWeight(.semibold).foregroundStyle(.secondary).lineLimit(1)
                            .frame(maxWidth: .infinity, alignment: index == 0 ? .leading : .trailing)
                    }
                }
                Divider()
                ForEach(Array(rows.prefix(shown).enumerated()), id: \.offset) { _, row in
                    HStack(spacing: 10) {
                        ForEach(Array(row.enumerated()), id: \.offset) { index, cell in
                            Text(cell).font(.subheadline).fontWeight(index == 0 ? .semibold : .regular).lineLimit(1)
                                .frame(maxWidth: .infinity, alignment: index == 0 ? .leading : .trailing)
                        }
                    }
                }
            }
            if rows.isEmpty {
                Text("Nothing to show").font(.subheadline).foregroundStyle(.secondary).frame(maxWidth: .infinity)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
