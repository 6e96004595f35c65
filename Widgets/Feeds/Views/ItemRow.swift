import SwiftUI
import WidgetKit

/// An item: a dot while unread, its title, and its feed and age.
struct ItemRow: View {
    let shown: FeedsEntry.Shown
    var lines = 2
    var showsSource = true

    var body: some View {
        let row = HStack(alignment: .firstTextBaseline, spacing: 6) {
            Circle().fill(shown.isUnread ? Color.blue : Color.clear).frame(width: 7, height: 7)
            VStack(alignment: .leading, spacing: 1) {
                Text(shown.item.title).font(.subheadline).fontWeight(shown.isUnread ? .semibold : .regular).lineLimit(lines)
                if showsSource || shown.item.date != nil {
                    HStack(spacing: 4) {
                        if showsSource { Text(shown.item.source).lineLimit(1) }
                        if let date = shown.item.date {
                            if showsSource { Text("·") }
                            Text(date, style: .relative)
                        }
                    }
                    .font(.caption2)
                    .foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
        }
        if let link = shown.item.link {
            Link(destination: link) { row }
        } else {
            row
        }
    }
}
