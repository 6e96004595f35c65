// WidgetKit's configurations that widgethost does not run yet. They are
// declared, unavailable, so that a port meets the compiler's error with
// what to do instead, not "cannot find 'WidgetPushHandler' in scope".

/// Push updates of widgets (iOS 26). Not provided yet.
@available(*, unavailable, message: "push updates are not taken by widgethost yet: a timeline's policy, WidgetCenter.shared.reloadTimelines(ofKind:) or 'widgethost reload --kind' asks for a new timeline")
public protocol WidgetPushHandler {}

/// When a widget is relevant to the Smart Stack (iOS 26). Not provided yet.
@available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
public struct WidgetRelevance<Configuration> {
    @available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
    public init(_ attributes: [Any]) {}
}
