import Foundation

/// The locale dates and numbers are written in, from the process's
/// environment as a C program reads it: `LC_ALL`, then `LC_TIME` (or
/// `LC_NUMERIC`), then `LANG`; the manifest's `locale:` sets them for the
/// extensions, and the host reads its own. Foundation's `Locale.current`
/// does not follow them on Linux, so the SDK (`\.locale`, `Text(_:format:)`,
/// `specifier:`) and the host (`Text(date, style:)`) use this instead. `C`,
/// `POSIX` or nothing set is US English (`en_US_POSIX` for dates, so their
/// spaces are plain ones): the same card on every machine.
public enum FormattingLocale {
    /// Which category a value belongs to, for `LC_TIME` or `LC_NUMERIC`.
    public enum Category: String, Sendable {
        /// Dates and times.
        case time = "LC_TIME"
        /// Numbers.
        case numeric = "LC_NUMERIC"
    }

    /// The extension's (or host's) locale for dates.
    public static let dates = locale(from: ProcessInfo.processInfo.environment)
    /// The locale a kind formats in itself (`\.locale`, a formatter's
    /// default): `dates`, but `en_US` rather than `en_US_POSIX`, whose
    /// numbers are not grouped, where nothing names a locale.
    public static let current = dates.identifier == "en_US_POSIX" ? Locale(identifier: "en_US") : dates
    /// The extension's (or host's) locale for numbers.
    public static let numbers = locale(from: ProcessInfo.processInfo.environment, for: .numeric)

    /// Whether `numbers` writes a decimal point, as `String(format:)` does without a locale.
    static let numbersUseDecimalPoint = (numbers.decimalSeparator ?? ".") == "."

    /// `String(format:)` with `numbers`' decimal separator. Foundation's
    /// `String(format:locale:)` costs about 70 µs a call against 3 µs
    /// without one, so the locale is passed only where the separator is
    /// not a point (printf formats group no digits).
    static func string(format: String, _ arguments: any CVarArg...) -> String {
        numbersUseDecimalPoint ? String(format: format, arguments: arguments)
            : String(format: format, locale: numbers, arguments: arguments)
    }

    /// The locale a value of `Input` is written in: `dates` for a `Date`.
    static func locale<Input>(for input: Input.Type) -> Locale {
        input == Date.self ? dates : numbers
    }

    /// `de_DE.UTF-8@euro` is `de_DE`.
    public static func locale(from environment: [String: String], for category: Category = .time) -> Locale {
        var name = ""
        for variable in ["LC_ALL", category.rawValue, "LANG"] {
            if let value = environment[variable], !value.isEmpty {
                name = value
                break
            }
        }
        let bare = bareName(name)
        guard !bare.isEmpty, bare != "C", bare != "POSIX" else {
            return Locale(identifier: category == .time ? "en_US_POSIX" : "en_US")
        }
        return Locale(identifier: bare)
    }

    /// `de_CH.UTF-8@euro` is `de_CH`: the name without its encoding and modifier.
    static func bareName(_ name: String) -> String {
        var bare = Substring(name)
        if let dot = bare.firstIndex(of: ".") { bare = bare[..<dot] }
        if let at = bare.firstIndex(of: "@") { bare = bare[..<at] }
        return String(bare)
    }
}
