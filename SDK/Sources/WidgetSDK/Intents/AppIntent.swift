import Foundation

/// An action a widget's button or toggle performs, as in App Intents:
///
/// ```swift
/// struct ToggleTodoIntent: AppIntent {
///     static let title: LocalizedStringResource = "Toggle to-do"
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
    /// The intent's name, shown by `widgethost actions`, looked up in the module's string tables.
    static var title: LocalizedStringResource { get }
    /// Creates the intent with every `@Parameter` at its default; the host sets the archived values after.
    init()
    /// What `perform()` returns; `some IntentResult` lets the compiler infer it.
    associatedtype Result: IntentResult
    /// Does the work, in the kind's extension process; throw to refuse (nothing reloads).
    func perform() async throws -> Result
    /// The type of `parameterSummary`.
    associatedtype SummaryContent: ParameterSummary = EmptyParameterSummary
    /// The sentence iOS shows for the parameters; accepted, not shown (see `ParameterSummary`).
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }
}

extension AppIntent where SummaryContent == EmptyParameterSummary {
    /// None.
    public static var parameterSummary: EmptyParameterSummary { EmptyParameterSummary() }
}

/// What `perform()` returns: `.result()`.
public protocol IntentResult: Sendable {}

/// The result of an intent that only changes data.
public struct EmptyIntentResult: IntentResult {
    /// Creates the empty result; `.result()` reads better.
    public init() {}
}

extension IntentResult where Self == EmptyIntentResult {
    /// The result of an intent that only changes data.
    public static func result() -> EmptyIntentResult { EmptyIntentResult() }
}

/// A result that carries a value back to whoever ran the intent (Shortcuts,
/// on iOS): `some IntentResult & ReturnsValue<Int>`. A widget's tap has no
/// one to give it to, so the value is dropped.
public protocol ReturnsValue<Value>: IntentResult {
    /// The value's type.
    associatedtype Value: Sendable
    /// The value.
    var value: Value { get }
}

/// The result of an intent that returns a value.
public struct ValueIntentResult<Value: Sendable>: ReturnsValue {
    /// The value.
    public let value: Value
}

extension IntentResult {
    /// A result carrying `value`: `.result(value: count)`.
    public static func result<Value: Sendable>(value: Value) -> ValueIntentResult<Value> where Self == ValueIntentResult<Value> {
        ValueIntentResult(value: value)
    }
}

/// An intent that plays audio (a podcast's play button): on iOS it may
/// start playback from the widget; here it runs as any intent does.
public protocol AudioPlaybackIntent: AppIntent {}

extension AppIntent {
    /// The intent as archived: its type's full name and its parameters.
    var reference: IntentReference {
        IntentReference(type: String(reflecting: Self.self), symbol: _mangledTypeName(Self.self) ?? "", title: String(localized: Self.title),
                        parameters: ParameterReflection.values(of: self))
    }
}

extension IntentReference {
    /// Rebuilds the intent in the process that has its module loaded and
    /// runs it. Only types that are `AppIntent`s can be named.
    public func perform() async throws {
        try await perform(settingValueTo: nil)
    }

    /// Runs the intent as a control's toggle does: a `SetValueIntent`'s
    /// `value` set to `value` first (nil: left as archived).
    public func perform(settingValueTo value: Bool?) async throws {
        guard let type = _typeByName(symbol) as? any AppIntent.Type else {
            throw IntentError(message: "no app intent named \(self.type) in this module")
        }
        try await Self.perform(type, parameters, value: value)
    }

    private static func perform<Intent: AppIntent>(_ type: Intent.Type, _ parameters: ConfigurationValues, value: Bool?) async throws {
        let intent = Intent()
        try await ParameterReflection.resolve(parameters, to: intent)
        if let value, let setting = intent as? any SetValueIntent {
            try await performSetting(setting, to: value)
        } else {
            _ = try await intent.perform()
        }
    }

    private static func performSetting<Intent: SetValueIntent>(_ intent: Intent, to value: Bool) async throws {
        guard let value = value as? Intent.ValueType else {
            throw IntentError(message: "\(Intent.self) sets a \(Intent.ValueType.self), not an on/off value")
        }
        var intent = intent
        intent.value = value
        _ = try await intent.perform()
    }
}

/// Why an intent could not run.
public struct IntentError: Error, Sendable, CustomStringConvertible {
    /// What the user is told, as one line.
    public let message: String
    public var description: String { message }

    /// An error with the line to show: `throw IntentError(message: "no task 'x'")`.
    public init(message: String) {
        self.message = message
    }
}

/// An intent that sets a value, as a Control's toggle sets it on or off:
/// `var value: Bool` is the new value when it runs. A widget's
/// `Toggle(isOn:intent:)` runs it as any other intent.
public protocol SetValueIntent: AppIntent {
    /// The type of the value it sets.
    associatedtype ValueType
    /// The value to set.
    var value: ValueType { get set }
}

/// A result that opens another intent when it ends: `some IntentResult &
/// OpensIntent`, `.result(opensIntent: OpenURLIntent(url))`. On iOS the app
/// or the URL opens; a widget's tap here has no screen to open it on, so
/// the intent runs and the one it names does not.
public protocol OpensIntent: IntentResult {
    /// The intent it opens.
    associatedtype Intent: AppIntent
    /// The intent it opens.
    var opensIntent: Intent { get }
}

/// The result of an intent that opens another.
public struct OpensIntentResult<Intent: AppIntent>: OpensIntent {
    /// The intent it opens.
    public let opensIntent: Intent
}

extension IntentResult {
    /// A result that opens `opensIntent`: `.result(opensIntent: OpenURLIntent(url))`.
    public static func result<Intent: AppIntent>(opensIntent: Intent) -> OpensIntentResult<Intent> where Self == OpensIntentResult<Intent> {
        OpensIntentResult(opensIntent: opensIntent)
    }
}

/// Opens a URL, as an intent's result: `OpenURLIntent(URL(string: "https://…")!)`.
/// A widget's link is `Link` or `widgetURL`, which the dashboard follows.
public struct OpenURLIntent: AppIntent {
    /// "Open URL".
    public static var title: LocalizedStringResource { "Open URL" }
    /// The URL it opens.
    public var url: URL

    /// An intent with no URL yet (`about:blank`).
    public init() {
        url = URL(string: "about:blank")!
    }

    /// An intent that opens `url`.
    public init(_ url: URL) {
        self.url = url
    }

    /// Nothing to do here: opening is the system's.
    public func perform() async throws -> some IntentResult { .result() }
}
