import Foundation

/// What a provider knows about the place its entries will be shown.
public struct TimelineProviderContext: Sendable, Codable {
    /// The family the entry is drawn at.
    public var family: WidgetFamily
    /// The family's size in points.
    public var displaySize: Size
    /// True in the widget gallery and `widgethost preview`: return sample data
    /// quickly, without the network.
    public var isPreview: Bool
    /// The `settings:` of the kind's entry in the bundle manifest.
    public var settings: [String: String]
    /// The host's "now" when it asks. Date entries from it rather than from
    /// `Date()`: the host may run on a simulated clock (tests, benchmarks).
    public var date: Date

    /// A context; the host makes them, tests may too.
    public init(family: WidgetFamily, isPreview: Bool = false, settings: [String: String] = [:], date: Date = Date()) {
        self.family = family
        self.displaySize = family.size
        self.isPreview = isPreview
        self.settings = settings
        self.date = date
    }
}
