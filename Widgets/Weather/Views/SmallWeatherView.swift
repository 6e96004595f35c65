import SwiftUI
import WidgetKit

/// The small card: place, temperature, and what the sky does.
struct SmallWeatherView: View {
    let forecast: Forecast
    let date: Date
    let degrees: Degrees

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(forecast.place).font(.headline).lineLimit(1)
            Text(degrees(forecast.now.temperature)).font(.system(size: 44, weight: .light)).monospacedDigit()
            Spacer(minLength: 0)
            Image(systemName: forecast.now.condition.symbol(isDay: forecast.now.isDay)).font(.callout)
                .frame(width: 20, height: 20, alignment: .leading)
            Text(forecast.now.condition.name).font(.caption).fontWeight(.semibold).lineLimit(1)
            if let today = forecast.today(at: date) {
                Text("H:\(degrees(today.high)) L:\(degrees(today.low))").font(.caption).monospacedDigit()
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .foregroundStyle(.white)
    }
}
