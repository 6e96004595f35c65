/// How many values a list parameter holds (`@Parameter(title: "Stocks", size: 3)`).
public struct IntentCollectionSize: Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The fewest values.
    public let min: Int
    /// The most values.
    public let max: Int

    /// Exactly `count` values.
    public init(exactly count: Int) {
        self.init(min: count, max: count)
    }

    /// From `min` to `max` values.
    public init(min: Int, max: Int) {
        self.min = Swift.max(0, min)
        self.max = Swift.max(self.min, max)
    }

    /// At most `value` values, as a widget's configuration offers: the user
    /// adds up to that many.
    public init(integerLiteral value: Int) {
        self.init(min: 0, max: value)
    }

    /// Whether a list of `count` values fits.
    public func contains(_ count: Int) -> Bool {
        // Not a range: a size decoded from a module's description is not clamped.
        count >= min && count <= max
    }

    /// "at most 3 values", "exactly 2 values", "2 to 4 values".
    public var description: String {
        let noun = max == 1 ? "value" : "values"
        if min == max { return "exactly \(max) \(noun)" }
        if min == 0 { return "at most \(max) \(noun)" }
        return "\(min) to \(max) \(noun)"
    }
}

/// The families a list parameter's size is given for
/// (`size: [.systemSmall: 1, .systemMedium: 3]`): WidgetKit's families.
public typealias IntentWidgetFamily = WidgetFamily
