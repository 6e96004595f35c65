import Foundation
import WidgetSDK

/// The repository kinds take pushes from GitHub itself: a webhook whose
/// secret is the kind's token (`widgethost push token SingleRepo`) reloads
/// the kind when someone pushes, stars or opens an issue, not twelve
/// hours later. Whoever makes the webhook gives GitHub the token, so the
/// handler has no server to send it to.
public struct RepoPushHandler: WidgetPushHandler {
    public init() {}

    public func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {}
}
