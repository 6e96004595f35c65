// WidgetKit's configurations that widgethost does not run yet. They are
// declared, unavailable, so that a port meets the compiler's error with
// what to do instead, not "cannot find 'WidgetRelevance' in scope".

/// When a widget is relevant to the Smart Stack (iOS 26). Not provided yet.
@available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
public struct WidgetRelevance<Configuration> {
    @available(*, unavailable, message: "widget relevance is not read by widgethost yet (there is no Smart Stack): a TimelineEntry's relevance is accepted")
    public init(_ attributes: [Any]) {}
}
