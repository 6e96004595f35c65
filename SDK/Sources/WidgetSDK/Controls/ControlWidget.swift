/// A control of Control Center and the Lock Screen (iOS 18), as in WidgetKit:
///
/// ```swift
/// struct TimerToggle: ControlWidget {
///     var body: some ControlWidgetConfiguration {
///         StaticControlConfiguration(kind: "com.example.timer", provider: TimerValueProvider()) { isRunning in
///             ControlWidgetToggle("Work Timer", isOn: isRunning, action: SetTimerIntent()) { isOn in
///                 Label(isOn ? "Running" : "Stopped", systemImage: "timer")
///             }
///         }
///         .displayName("Work Timer")
///     }
/// }
/// ```
///
/// A bundle lists controls beside its widgets. The host shows each as one
/// tappable control: in a row above the widgets on the dashboard, as a key
/// on the board, and through `widgethost controls`. Its value is read from
/// its provider whenever it is shown; a tap runs its action in the
/// module's extension process, as a widget's button does.
public protocol ControlWidget: Sendable {
    /// The type of `body`.
    associatedtype Body: ControlWidgetConfiguration
    /// Creates the control; the host does, once.
    init()
    /// The control's configuration: `StaticControlConfiguration` or `AppIntentControlConfiguration`.
    @ControlWidgetConfigurationBuilder var body: Body { get }
}
