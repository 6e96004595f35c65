import Foundation

/// Where an axis's values are marked when the chart does not say, and
/// how they are written: round numbers, or whole calendar units.
enum ChartTicks {
    /// About `count` round numbers (1, 2 or 5 times a power of ten apart) across `lower...upper`.
    static func numbers(_ lower: Double, _ upper: Double, count: Int) -> (values: [Double], step: Double) {
        let step = niceStep((upper - lower) / Double(max(1, count)))
        guard step > 0, step.isFinite else { return ([lower], 0) }
        var values: [Double] = []
        var value = (lower / step).rounded(.up) * step
        while value <= upper + step * 1e-9, values.count < 1_000 {
            values.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return (values, step)
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        let fraction = rough / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// `lower...upper` widened to whole steps of about `count` ticks, as Swift Charts rounds an automatic domain.
    static func rounded(_ lower: Double, _ upper: Double, count: Int) -> (Double, Double) {
        let step = niceStep((upper - lower) / Double(max(1, count)))
        guard step > 0, step.isFinite else { return (lower, upper) }
        return ((lower / step).rounded(.down) * step, (upper / step).rounded(.up) * step)
    }

    /// A number as an axis writes it: grouped, with as many decimals as the step needs.
    static func numberLabel(_ value: Double, step: Double?) -> String {
        let decimals = step.map { $0 >= 1 || $0 <= 0 ? 0 : min(6, Int((-log10($0)).rounded(.up))) } ?? (value == value.rounded() ? 0 : 2)
        return value.formatted(.number.precision(.fractionLength(decimals)).locale(FormattingLocale.numbers))
    }

    /// Calendar steps an automatic date axis chooses from, shortest first.
    static let dateSteps: [(Calendar.Component, Int, Double)] = [
        (.minute, 1, 60), (.minute, 5, 300), (.minute, 15, 900), (.minute, 30, 1_800),
        (.hour, 1, 3_600), (.hour, 2, 7_200), (.hour, 3, 10_800), (.hour, 6, 21_600), (.hour, 12, 43_200),
        (.day, 1, 86_400), (.day, 2, 172_800), (.weekOfYear, 1, 604_800),
        (.month, 1, 2_629_800), (.month, 3, 7_889_400), (.year, 1, 31_557_600), (.year, 5, 157_788_000), (.year, 10, 315_576_000),
    ]

    /// About `count` whole calendar units across `lower...upper` (seconds since 1970), no finer than `unit` seconds.
    static func dates(_ lower: Double, _ upper: Double, count: Int, unit: Double?, calendar: Calendar) -> (values: [Date], component: Calendar.Component) {
        let span = upper - lower
        let choice = dateSteps.first { $0.2 >= (unit ?? 0) * 0.99 && span / $0.2 <= Double(max(1, count)) } ?? dateSteps.last!
        return (stride(from: Date(timeIntervalSince1970: lower), to: Date(timeIntervalSince1970: upper), by: choice.0, count: choice.1, calendar: calendar),
                choice.0)
    }

    /// Every `count` `component`s from the start of the one `lower` falls in, up to `upper`.
    static func stride(from lower: Date, to upper: Date, by component: Calendar.Component, count: Int, calendar: Calendar) -> [Date] {
        var values: [Date] = []
        var value = calendar.dateInterval(of: component, for: lower)?.start ?? lower
        if value < lower, let next = calendar.date(byAdding: component, value: count, to: value) { value = next }
        while value <= upper, values.count < 1_000 {
            values.append(value)
            guard let next = calendar.date(byAdding: component, value: count, to: value), next > value else { break }
            value = next
        }
        return values
    }

    /// How an axis of `component` steps writes a marked value.
    static func dateWriter(_ component: Calendar.Component, _ calendar: Calendar) -> (PlotValue) -> String {
        { value in dateLabel(Date(timeIntervalSince1970: value.quantity ?? 0), component: component, calendar: calendar) }
    }

    /// A date as an axis of `component` steps writes it.
    static func dateLabel(_ date: Date, component: Calendar.Component, calendar: Calendar) -> String {
        var style = Date.FormatStyle(locale: FormattingLocale.current, calendar: calendar, timeZone: calendar.timeZone)
        switch component {
        case .year: style = style.year()
        case .month: style = style.month(.abbreviated)
        case .day, .weekOfYear, .weekday: style = style.month(.abbreviated).day()
        case .hour: style = style.hour()
        default: style = style.hour().minute()
        }
        return date.formatted(style)
    }
}
