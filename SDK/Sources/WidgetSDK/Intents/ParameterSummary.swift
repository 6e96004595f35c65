/// App Intents' summary of an intent's parameters, the sentence iOS shows
/// in a widget's edit sheet: `Summary("Show \(\.$repo)")`. There is no edit
/// sheet here, so it is accepted and not shown: `widgethost kinds` and
/// `add-instance --help` list the parameters.
public protocol ParameterSummary {}

/// No summary: what an intent that declares none has.
public struct EmptyParameterSummary: ParameterSummary {
    /// None.
    public init() {}
}

/// A sentence with the intent's parameters in it, and the parameters shown
/// after it: `Summary("Show \(\.$repo)") { \.$showForks }`.
public struct Summary<Intent>: ParameterSummary {
    /// The sentence alone.
    public init(_ sentence: ParameterSummaryString<Intent>) {}

    /// The sentence and the parameters listed after it.
    public init(_ sentence: ParameterSummaryString<Intent>, @ParameterSummaryKeyPaths<Intent> _ parameters: () -> [PartialKeyPath<Intent>]) {}
}

/// One summary or another by a parameter's value:
/// `When(\.$kind, .equalTo, .daily) { Summary(…) } otherwise: { Summary(…) }`.
public struct When<Intent>: ParameterSummary {
    /// How the parameter's value is compared.
    public enum Comparison: Sendable {
        /// Equal to the value.
        case equalTo
        /// Not equal to the value.
        case notEqualTo
        /// One of the values.
        case oneOf
        /// None of the values.
        case noneOf
        /// Set.
        case hasAnyValue
        /// Less than the value.
        case lessThan
        /// Greater than the value.
        case greaterThan
    }

    /// The summary when the parameter compares so with `value`, else `otherwise`.
    public init<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: Comparison, _ value: Any,
                       @ParameterSummaryBuilder<Intent> _ then: () -> any ParameterSummary,
                       @ParameterSummaryBuilder<Intent> otherwise: () -> any ParameterSummary) {}

    /// The summary when the parameter compares so with `value`.
    public init<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: Comparison, _ value: Any,
                       @ParameterSummaryBuilder<Intent> _ then: () -> any ParameterSummary) {}
}

/// The sentence of a `Summary`: text with the parameters' key paths
/// (`"Show \(\.$repo) for \(\.$days) days"`).
public struct ParameterSummaryString<Intent>: ExpressibleByStringInterpolation {
    /// The sentence's pieces.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// An empty sentence.
        public init(literalCapacity: Int, interpolationCount: Int) {}
        /// Words of the sentence.
        public mutating func appendLiteral(_ literal: String) {}
        /// A parameter in the sentence: `\(\.$repo)`.
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {}
    }

    /// A sentence without parameters.
    public init(stringLiteral value: String) {}
    /// A sentence with parameters.
    public init(stringInterpolation: StringInterpolation) {}
}

/// Builds an intent's `parameterSummary`; the intent's type is known here,
/// so `\.$repo` needs no root.
@resultBuilder
public enum ParameterSummaryBuilder<Intent> {
    /// A summary as it is.
    public static func buildExpression(_ summary: Summary<Intent>) -> any ParameterSummary { summary }
    /// A `When` as it is.
    public static func buildExpression(_ summary: When<Intent>) -> any ParameterSummary { summary }
    /// The one summary.
    public static func buildBlock(_ summary: any ParameterSummary) -> any ParameterSummary { summary }
    /// The summary, as the requirement's type.
    public static func buildFinalResult(_ summary: any ParameterSummary) -> EmptyParameterSummary { EmptyParameterSummary() }
}

/// The parameters listed after a summary's sentence: `{ \.$a; \.$b }`.
@resultBuilder
public enum ParameterSummaryKeyPaths<Intent> {
    /// One parameter.
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) -> [PartialKeyPath<Intent>] { [parameter] }
    /// The parameters in order.
    public static func buildBlock(_ parameters: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parameters.flatMap { $0 } }
}
