/// Supplies a parameter's choices at run time, e.g. from the shared defaults.
public protocol DynamicOptionsProvider: Sendable {
    /// The type of the choices: the parameter's value type.
    associatedtype Result: ParameterValue
    /// The choices users may pick from, computed when asked (`widgethost options`).
    func results() async throws -> [Result]
    /// The value a new instance gets when the user chooses none.
    func defaultResult() async -> Result?

    /// The shared-defaults key of a list that the user's own choices are saved
    /// in, like the app's saved repositories. When set, a value the user gives
    /// that is not in the list yet is checked with `validate(_:)` and added.
    static var savedListKey: String? { get }

    /// Checks a value the user typed, and may normalise it. Throw
    /// `OptionValidationError` naming the rule it broke.
    func validate(_ value: Result) throws -> Result
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> Result? { nil }
    public static var savedListKey: String? { nil }
    public func validate(_ value: Result) throws -> Result { value }
}

/// A value the user gave is not acceptable; `message` says which rule it broke.
public struct OptionValidationError: Error, Sendable, CustomStringConvertible {
    /// Why the value was refused, as one line.
    public let message: String

    /// Refuses a value with a reason: `throw OptionValidationError("not a repository")`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
