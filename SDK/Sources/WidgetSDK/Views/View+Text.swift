import Foundation

// Spacing of the text within a view, as SwiftUI's environment carries it
// down to every `Text` below.
extension View {
    /// `points` more after each letter of the text within.
    public func kerning(_ points: Double) -> some View { modified(.kerning(points)) }
    /// `points` more after each letter of the text within. (SwiftUI keeps
    /// ligatures apart with tracking and not with kerning; DejaVu, the
    /// font cards are drawn in, has none to keep, so the two draw alike.)
    public func tracking(_ points: Double) -> some View { modified(.kerning(points)) }
    /// `points` more between the lines of the text within.
    public func lineSpacing(_ points: Double) -> some View { modified(.lineSpacing(points)) }
}

extension Text {
    /// `points` more after each letter.
    public func kerning(_ points: Double) -> Text { Text(node: node.modified(.kerning(points))) }
    /// `points` more after each letter.
    public func tracking(_ points: Double) -> Text { Text(node: node.modified(.kerning(points))) }
}
