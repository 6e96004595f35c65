import SwiftUI
import WidgetKit

enum Meter {
    /// Green while there is room, orange when it is getting full, red when it is.
    static func color(_ fraction: Double) -> Color {
        fraction < 0.7 ? .green : fraction < 0.9 ? .orange : .red
    }
}
