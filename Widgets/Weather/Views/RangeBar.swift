import SwiftUI
import WidgetKit

/// A day's low to high, placed on the week's coldest to warmest.
struct RangeBar: View {
    let low: Double
    let high: Double
    let coldest: Double
    let warmest: Double
    var width: Double = 84

    var body: some View {
        let span = max(warmest - coldest, 1)
        let start = (low - coldest) / span * width
        let length = max((high - low) / span * width, 4)
        ZStack(alignment: .leading) {
            Capsule().fill(Color.white.opacity(0.25)).frame(width: width, height: 4)
            Capsule()
                .fill(LinearGradient(colors: [.cyan, .green, .yellow, .orange], startPoint: .leading, endPoint: .trailing))
                .frame(width: length, height: 4)
                .padding(.leading, min(start, width - length))
        }
        .frame(width: width, alignment: .leading)
    }
}
