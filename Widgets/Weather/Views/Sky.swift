import SwiftUI
import WidgetKit

/// A sky for the card: blue by day, deep blue at night, grey when overcast.
struct Sky: View {
    let condition: Condition
    let isDay: Bool

    var body: some View {
        LinearGradient(colors: colors, startPoint: .top, endPoint: .bottom)
    }

    private var colors: [Color] {
        switch (isDay, condition.isOvercast) {
        case (true, false): [Color(red: 0.24, green: 0.52, blue: 0.86), Color(red: 0.45, green: 0.69, blue: 0.93)]
        case (true, true): [Color(red: 0.36, green: 0.45, blue: 0.55), Color(red: 0.52, green: 0.60, blue: 0.68)]
        case (false, false): [Color(red: 0.05, green: 0.09, blue: 0.25), Color(red: 0.16, green: 0.22, blue: 0.42)]
        case (false, true): [Color(red: 0.15, green: 0.18, blue: 0.24), Color(red: 0.27, green: 0.31, blue: 0.38)]
        }
    }
}
