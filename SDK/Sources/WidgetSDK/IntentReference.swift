/// An intent in an archived entry.
public struct IntentReference: Codable, Sendable, Hashable {
    /// `Module.TypeName`, as `String(reflecting:)` gives it.
    public var type: String
    /// The type's mangled name, which the Swift runtime finds it by in the
    /// extension process, so that modules need not register their intents.
    public var symbol: String
    /// The intent's `title`.
    public var title: String
    /// The intent's `@Parameter` values by name.
    public var parameters: ConfigurationValues

    /// A reference as the archiver records it; kinds make them with `Button(intent:)` and `Toggle(isOn:intent:)`.
    public init(type: String, symbol: String, title: String, parameters: ConfigurationValues) {
        self.type = type
        self.symbol = symbol
        self.title = title
        self.parameters = parameters
    }
}
