/// An action a widget's button or toggle performs, as in App Intents:
///
/// ```swift
/// struct ToggleTodoIntent: AppIntent {
///     static let title = "Toggle to-do"
///     @Parameter(title: "Task") var taskID: String
///     init() {}
///     init(taskID: String) { self.taskID = taskID }
///     func perform() async throws -> some IntentResult {
///         // change the shared container
///         return .result()
///     }
/// }
/// ```
///
/// The host archives the intent with the entry (its type and `@Parameter`
/// values) and, when the control is tapped, rebuilds it in the kind's
/// extension process and runs `perform()`. Then it reloads every instance of
/// the kind at once.
public protocol AppIntent: Sendable {
    static var title: String { get }
    init()
    associatedtype Result: IntentResult
    func perform() async throws -> Result
}

/// What `perform()` returns: `.result()`.
public protocol IntentResult: Sendable {}

/// The result of an intent that only changes data.
public struct EmptyIntentResult: IntentResult {
    public init() {}
}

extension IntentResult where Self == EmptyIntentResult {
    public static func result() -> EmptyIntentResult { EmptyIntentResult() }
}

extension AppIntent {
    /// The intent as archived: its type's full name and its parameters.
    var reference: IntentReference {
        IntentReference(type: String(reflecting: Self.self), symbol: _mangledTypeName(Self.self) ?? "", title: Self.title,
                        parameters: ParameterReflection.values(of: self))
    }
}

/// An intent in an archived entry.
public struct IntentReference: Codable, Sendable, Hashable {
    /// `Module.TypeName`, as `String(reflecting:)` gives it.
    public var type: String
    /// The type's mangled name, which the Swift runtime finds it by in the
    /// extension process, so that modules need not register their intents.
    public var symbol: String
    public var title: String
    public var parameters: ConfigurationValues

    public init(type: String, symbol: String, title: String, parameters: ConfigurationValues) {
        self.type = type
        self.symbol = symbol
        self.title = title
        self.parameters = parameters
    }

    /// Rebuilds the intent in the process that has its module loaded and
    /// runs it. Only types that are `AppIntent`s can be named.
    public func perform() async throws {
        guard let type = _typeByName(symbol) as? any AppIntent.Type else {
            throw IntentError(message: "no app intent named \(type) in this module")
        }
        try await Self.perform(type, parameters)
    }

    private static func perform<Intent: AppIntent>(_ type: Intent.Type, _ parameters: ConfigurationValues) async throws {
        let intent = Intent()
        try ParameterReflection.assign(parameters, to: intent)
        _ = try await intent.perform()
    }
}

/// Why an intent could not run.
public struct IntentError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
