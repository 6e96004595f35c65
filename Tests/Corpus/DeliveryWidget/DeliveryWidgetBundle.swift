import WidgetKit
import SwiftUI

@main
struct DeliveryWidgetBundle: WidgetBundle {
    var body: some Widget {
        RecentOrdersWidget()
        DeliveryLiveActivity()
        DeliveryAlertsControl()
        ReorderControl()
    }
}
