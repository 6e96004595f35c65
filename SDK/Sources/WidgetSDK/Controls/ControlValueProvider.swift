/// Reads a control's current value, as in WidgetKit: the host asks for it
/// whenever it shows the control, and after each tap.
///
/// ```swift
/// struct TimerValueProvider: ControlValueProvider {
///     var previewValue: Bool { false }
///     func currentValue() async throws -> Bool {
///         SharedDefaults.appGroup.bool(forKey: "timerRunning")
///     }
/// }
/// ```
public protocol ControlValueProvider: Sendable {
    /// What the control shows: `Bool` for a toggle, or any value its content reads.
    associatedtype Value: Sendable
    /// The value a preview shows (the controls gallery's).
    var previewValue: Value { get }
    /// The value now; a throw shows the control as unavailable, with why.
    func currentValue() async throws -> Value
}

/// Reads the current value of a control the user configures
/// (`AppIntentControlConfiguration`), from its configuration.
public protocol AppIntentControlValueProvider: Sendable {
    /// What the control shows.
    associatedtype Value: Sendable
    /// The control's configuration intent.
    associatedtype Configuration: ControlConfigurationIntent
    /// The value a preview shows for `configuration`.
    func previewValue(configuration: Configuration) -> Value
    /// The value now, for `configuration`.
    func currentValue(configuration: Configuration) async throws -> Value
}

/// The configuration of a control the user sets up, as in App Intents:
/// its `@Parameter`s are what can be set. Here a control is shown once,
/// with each parameter at its default.
public protocol ControlConfigurationIntent: AppIntent {}

extension ControlConfigurationIntent {
    /// Nothing to do: a configuration only configures.
    public func perform() async throws -> EmptyIntentResult { .result() }
}
