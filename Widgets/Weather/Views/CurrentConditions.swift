import SwiftUI
import WidgetKit

/// The place, the temperature now and the day's range: the top of every
/// system family.
struct CurrentConditions: View {
    let forecast: Forecast
    let date: Date
    let degrees: Degrees
    var large = false

    var body: some View {
        HStack(alignment: .top) {
            VStack(alignment: .leading, spacing: 0) {
                Text(forecast.place).font(.headline).lineLimit(1)
                Text(degrees(forecast.now.temperature)).font(.system(size: large ? 48 : 40, weight: .light)).monospacedDigit()
            }
            Spacer(minLength: 8)
            VStack(alignment: .trailing, spacing: 2) {
                Image(systemName: forecast.now.condition.symbol(isDay: forecast.now.isDay)).font(.title3)
                Text(forecast.now.condition.name).font(.caption).fontWeight(.semibold).lineLimit(1)
                if let today = forecast.today(at: date) {
                    Text("H:\(degrees(today.high)) L:\(degrees(today.low))").font(.caption).monospacedDigit()
                }
            }
        }
    }
}
