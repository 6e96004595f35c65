import WidgetKit
import SwiftUI

@main
struct FitnessWidgetBundle: WidgetBundle {
    var body: some Widget {
        WeeklyStepsWidget()
        HeartRateWidget()
    }
}
