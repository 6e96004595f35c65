import Foundation

/// When a kind's widgets are relevant, most important first: what a
/// provider's `relevance()` returns. The host keeps the first
/// `RelevantInterval.maximumCount` whose configuration is an instance's and
/// whose context is a date, with that instance's timeline.
public struct WidgetRelevance<Configuration>: Sendable {
    let attributes: [WidgetRelevanceAttribute<Configuration>]

    /// The relevances, most important first.
    public init(_ attributes: [WidgetRelevanceAttribute<Configuration>]) {
        self.attributes = attributes
    }

    /// The date spans that hold for an instance whose configuration's
    /// values are `values` (nil: a kind without a configuration), in the
    /// provider's order.
    func intervals(for values: ConfigurationValues?) -> [RelevantInterval] {
        attributes.filter { attribute in
            guard let wanted = attribute.values else { return true }
            return wanted == values
        }.compactMap(\.context.interval)
    }
}

/// One relevance: a context in which widgets of one configuration (or,
/// for a kind without one, every widget of the kind) are relevant.
public struct WidgetRelevanceAttribute<Configuration>: Sendable {
    /// The configuration's parameter values; nil for every configuration.
    let values: ConfigurationValues?
    let context: RelevantContext
}

extension WidgetRelevanceAttribute where Configuration == Void {
    /// Every widget of the kind is relevant in `context`.
    public init(context: RelevantContext) {
        self.init(values: nil, context: context)
    }
}

extension WidgetRelevanceAttribute where Configuration: AppIntent {
    /// Widgets configured as `configuration` (every parameter the same) are relevant in `context`.
    public init(configuration: Configuration, context: RelevantContext) {
        self.init(values: ParameterReflection.values(of: configuration), context: context)
    }
}

extension WidgetRelevanceAttribute where Configuration: INIntent {
    /// Widgets configured as `configuration` (every parameter the same) are relevant in `context`.
    public init(configuration: Configuration, context: RelevantContext) {
        self.init(values: configuration.configurationValues, context: context)
    }
}
