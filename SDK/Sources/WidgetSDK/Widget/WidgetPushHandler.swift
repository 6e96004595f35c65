import Foundation

/// A type told the push token of a kind whose configuration names it with
/// `pushHandler(_:)`, as WidgetKit tells it on iOS 26.
///
/// The host issues one token a kind, kept in the App Group's container.
/// Whoever holds it reloads the kind's timelines at once with a `POST` to
/// the dashboard's `/push/<kind>`: the token as a bearer, or as the secret
/// a GitHub webhook signs its payload with. The handler is made with
/// `init()` and told when the token is new or was replaced, and when the
/// kind's placed widgets change; a handler typically sends the token to
/// the server that will push.
///
/// ```swift
/// struct OrdersPushHandler: WidgetPushHandler {
///     func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
///         let token = pushInfo.token.map { String(format: "%02x", $0) }.joined()
///         UserDefaults(suiteName: "group.com.example.orders")?.set(token, forKey: "widgetPushToken")
///     }
/// }
/// ```
public protocol WidgetPushHandler: SendableMetatype {
    /// Makes a handler: one for each telling.
    init()

    /// The kind's push token is `pushInfo.token` now, for `widgets`: the
    /// kind's placed widgets, all of them, when only one of them changed.
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}
