/// Supplies a parameter's choices at run time, e.g. from the shared defaults.
public protocol DynamicOptionsProvider: Sendable {
    associatedtype Result: ParameterValue
    func results() async throws -> [Result]
    /// The value a new instance gets when the user chooses none.
    func defaultResult() async -> Result?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> Result? { nil }
}
