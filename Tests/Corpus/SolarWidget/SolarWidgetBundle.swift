import WidgetKit
import SwiftUI

@main
struct SolarWidgetBundle: WidgetBundle {
    var body: some Widget {
        BatteryWidget()
        ProductionWidget()
    }
}
