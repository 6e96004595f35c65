// WidgetKit's configurations that widgethost does not run yet. They are
// declared, unavailable, so that a port meets the compiler's error with
// what to do instead, not "cannot find 'ActivityConfiguration' in scope".
// On iOS the same code builds; `#if canImport(ActivityKit)` around an
// activity keeps one file for both.

/// ActivityKit's attributes of a Live Activity. Not provided yet.
@available(*, unavailable, message: "Live Activities are not drawn by widgethost yet: keep ActivityAttributes and ActivityConfiguration inside '#if canImport(ActivityKit)', and the extension's widgets build without them")
public protocol ActivityAttributes {}

/// A Live Activity's presentations. Not provided yet.
@available(*, unavailable, message: "Live Activities are not drawn by widgethost yet: keep ActivityConfiguration inside '#if canImport(ActivityKit)', and the extension's widgets build without it")
public struct ActivityConfiguration<Attributes>: Widget {
    public init() { fatalError("unavailable") }
    public var body: Never { fatalError() }
}

/// A control of Control Center (iOS 18). Not provided yet.
@available(*, unavailable, message: "Controls are not shown by widgethost yet: keep a ControlWidget inside '#if os(iOS)', or make it a widget whose Button(intent:) runs the same intent")
public protocol ControlWidget {}

/// A control's configuration (iOS 18). Not provided yet.
@available(*, unavailable, message: "Controls are not shown by widgethost yet: a widget's Button(intent:) or Toggle(isOn:intent:) runs the same intent")
public struct StaticControlConfiguration<Content> {}

/// A control's configuration with an intent (iOS 18). Not provided yet.
@available(*, unavailable, message: "Controls are not shown by widgethost yet: a widget's Button(intent:) or Toggle(isOn:intent:) runs the same intent")
public struct AppIntentControlConfiguration<Intent, Content> {}

/// Push updates of widgets (iOS 26). Not provided yet.
@available(*, unavailable, message: "push updates are not taken by widgethost yet: a timeline's policy, WidgetCenter.shared.reloadTimelines(ofKind:) or 'widgethost reload --kind' asks for a new timeline")
public protocol WidgetPushHandler {}

/// When a widget is relevant to the Smart Stack (iOS 26). Not provided yet.
@available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
public struct WidgetRelevance<Configuration> {
    @available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
    public init(_ attributes: [Any]) {}
}
