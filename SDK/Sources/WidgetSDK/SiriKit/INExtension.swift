/// The principal class of an Intents extension: it hands out the object
/// that handles each intent (`IntentHandler` in Xcode's template, which
/// returns itself). For a widget's configuration, the handler's
/// `provide…OptionsCollection(for:)` gives a parameter's options and its
/// `default…(for:)` the default, as iOS asks them.
open class INExtension: @unchecked Sendable {
    /// The extension.
    public init() {}

    /// The object that handles `intent`: by default the extension itself.
    open func handler(for intent: INIntent) -> Any? { self }
}

/// What an intent's handling ends with; generated responses are its subclasses.
open class INIntentResponse: @unchecked Sendable {
    /// A response.
    public init() {}
}

/// How a parameter's value was resolved (SiriKit's resolution results are
/// accepted and not used: a widget's configuration is set by the host).
open class INIntentResolutionResult: @unchecked Sendable {
    /// A result.
    public required init() {}

    /// The value needs nothing more.
    public static func notRequired() -> Self { Self() }
    /// The value cannot be used.
    public static func unsupported() -> Self { Self() }
    /// The user must give a value.
    public static func needsValue() -> Self { Self() }
}
