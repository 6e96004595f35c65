/// Whether something is shown, as SwiftUI's `Visibility`: `.chartLegend(.hidden)`.
public enum Visibility: String, Codable, Sendable, Hashable, CaseIterable {
    /// As the view decides.
    case automatic
    /// Shown.
    case visible
    /// Not shown.
    case hidden
}
