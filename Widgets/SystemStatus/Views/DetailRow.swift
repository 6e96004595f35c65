import SwiftUI
import WidgetKit

struct DetailRow: View {
    let title: String
    let value: String

    var body: some View {
        HStack {
            Text(title).font(.caption).foregroundStyle(.secondary)
            Spacer(minLength: 8)
            Text(value).font(.caption).monospacedDigit().lineLimit(1)
        }
    }
}
