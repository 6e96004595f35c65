import SwiftUI
import WidgetKit

/// The card's title, how many items are unread, and a check mark that
/// marks the shown ones read.
struct FeedsHeader: View {
    let entry: FeedsEntry

    var body: some View {
        HStack(spacing: 6) {
            Label(entry.title, systemImage: "newspaper").font(.headline).lineLimit(1)
            Spacer(minLength: 4)
            if entry.unread > 0 {
                Text("\(entry.unread)").font(.caption).fontWeight(.bold).foregroundStyle(.white)
                    .padding(.horizontal, 7).padding(.vertical, 2)
                    .background(Capsule().fill(Color.blue))
                Button(intent: MarkReadIntent(keys: entry.items.filter(\.isUnread).map(\.item.key))) {
                    Image(systemName: "checkmark.circle")
                }
                .buttonStyle(.plain)
            }
        }
    }
}
