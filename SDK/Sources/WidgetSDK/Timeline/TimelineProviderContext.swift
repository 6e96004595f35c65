import Foundation

/// What a provider knows about the place its entries will be shown.
public struct TimelineProviderContext: Sendable, Codable {
    public var family: WidgetFamily
    public var displaySize: Size
    /// True in the widget gallery and `widgethost preview`: return sample data
    /// quickly, without the network.
    public var isPreview: Bool
    /// The `settings:` of the kind's entry in the bundle manifest.
    public var settings: [String: String]
    /// The host's "now" when it asks. Date entries from it rather than from
    /// `Date()`: the host may run on a simulated clock (tests, benchmarks).
    public var date: Date

    public init(family: WidgetFamily, isPreview: Bool = false, settings: [String: String] = [:], date: Date = Date()) {
        self.family = family
        self.displaySize = family.size
        self.isPreview = isPreview
        self.settings = settings
        self.date = date
    }
}
