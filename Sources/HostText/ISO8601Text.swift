import Foundation

/// A date as `Date.formatted(.iso8601)` and `JSONEncoder`'s `.iso8601`
/// write it (`2026-11-29T10:27:11Z`, UTC, to the second), digit by digit:
/// the format style took a tenth of the dashboard page's own time, and
/// `String(format:)` most of its instance list's.
package enum ISO8601Text {
    package static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 1582-10-15, the first day of the Gregorian calendar: Foundation
    /// writes earlier dates in the Julian one, and so does this, through it.
    private static let gregorianStart = Date(timeIntervalSince1970: -12_219_292_800)

    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        guard date >= gregorianStart else { return bytes.append(contentsOf: date.formatted(.iso8601).utf8) }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        digits(Int(parts.tm_year) + 1900, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        digits(Int(parts.tm_hour), 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `value` (0 to 10^width − 1) in `width` digits, zeros first.
    private static func digits(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
