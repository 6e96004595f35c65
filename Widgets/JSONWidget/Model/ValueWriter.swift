import Foundation
import JSONWidgetSpec

/// Writes a selected value as its field's format says, in a view's locale
/// (the manifest's `locale`, or the host's own `LANG`), relative to the
/// entry's date.
struct ValueWriter {
    let now: Date
    let locale: Locale

    /// Longest text a value is written as: a card is small.
    static let longest = 120

    func write(_ value: JSONValue, as field: JSONWidgetSpec.Field) -> String {
        let written: String
        switch (field.format, value) {
        case (_, .null):
            return "—"
        case (.text, _), (.automatic, .string), (.automatic, .bool):
            written = Self.plain(value)
        case (.automatic, _), (.number, _):
            guard let number = value.number else { return Self.plain(value) }
            written = decimal(number, places: field.decimals.map { $0...$0 } ?? 0...2)
        case (.percent, _):
            guard let number = value.number else { return Self.plain(value) }
            let places = field.decimals.map { $0...$0 } ?? 0...0
            written = number.formatted(.percent.precision(.fractionLength(places)).locale(locale))
        case (.bytes, _):
            guard let number = value.number, abs(number) < 9e18 else { return Self.plain(value) }
            written = Int64(number).formatted(.byteCount(style: .file).locale(locale))
        case (.currency, _):
            guard let number = value.number, let code = field.currency else { return Self.plain(value) }
            var style = FloatingPointFormatStyle<Double>.Currency(code: code, locale: locale)
            if let decimals = field.decimals { style = style.precision(.fractionLength(decimals)) }
            written = number.formatted(style)
        case (.date, _), (.time, _), (.datetime, _), (.relative, _):
            guard let date = Self.date(value) else { return Self.plain(value) }
            written = switch field.format {
            case .date: date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted).locale(locale))
            case .time: date.formatted(Date.FormatStyle(date: .omitted, time: .shortened).locale(locale))
            case .datetime: date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale))
            default: Self.relative(date, to: now, locale: locale)
            }
        }
        let unit = field.unit.map { Self.joinsWithoutSpace($0) ? $0 : " " + $0 } ?? ""
        return String((written + unit).prefix(Self.longest))
    }

    private func decimal(_ number: Double, places: ClosedRange<Int>) -> String {
        number.formatted(.number.precision(.fractionLength(places)).locale(locale))
    }

    /// A value as it is, numbers without grouping, lines joined.
    static func plain(_ value: JSONValue) -> String {
        switch value {
        case .null: "—"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): String(text.map { $0.isNewline ? " " : $0 }.prefix(longest))
        case .array, .object: value.kindDescription
        }
    }

    /// `%`, `°C` and their like follow the number; other units stand apart.
    static func joinsWithoutSpace(_ unit: String) -> Bool {
        unit.hasPrefix("%") || unit.hasPrefix("°") || unit.hasPrefix("′") || unit.hasPrefix("″")
    }

    /// A time as APIs write one: ISO 8601 (with or without fractions of a
    /// second, or a date alone), or seconds since 1970 (milliseconds when
    /// the number is too large to be seconds).
    static func date(_ value: JSONValue) -> Date? {
        switch value {
        case .number(let number):
            guard number.isFinite, abs(number) < 1e15 else { return nil }
            return Date(timeIntervalSince1970: abs(number) > 1e11 ? number / 1000 : number)
        case .string(let text):
            if let number = Double(text) { return date(.number(number)) }
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return date }
            return nil
        default:
            return nil
        }
    }

    static func relative(_ date: Date, to now: Date, locale: Locale) -> String {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = locale
        formatter.unitsStyle = .full
        if abs(date.timeIntervalSince(now)) < 60 { return formatter.localizedString(fromTimeInterval: 0) }
        return formatter.localizedString(for: date, relativeTo: now)
    }
}
