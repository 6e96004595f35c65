import Foundation
import WidgetKit

/// Hands the widget's push token to the app, which sends it to the
/// delivery service's server: that server pushes when an order changes.
struct DeliveryPushHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        let token = pushInfo.token.map { String(format: "%02x", $0) }.joined()
        UserDefaults.delivery.set(token, forKey: "widgetPushToken")
        UserDefaults.delivery.set(widgets.count, forKey: "widgetPushWidgets")
    }
}
