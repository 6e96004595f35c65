import Foundation
import HostText
import Testing
@testable import WidgetRendering

/// The dashboard's page escapes every caption, trims every phrase a
/// screen reader says and writes dates; each was rewritten for speed
/// (issue 43), and must give what the plain versions gave, scalar for scalar.
@Suite("Escaping, trimming and dates, fast and plain alike")
struct TextFastPathTests {
    /// Runs of the characters each path treats apart, mixed at random.
    private static func samples() -> [String] {
        let pieces: [String] = ["a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
                                "\u{9B}", "\u{A0}", "·", "é", "e\u{301}", "&\u{301}", "\u{200B}", "\u{200E}", "\u{202E}", "\u{2028}",
                                "\u{2029}", "\u{3000}", "\u{1680}", "\u{2066}", "\u{061C}", "🇫🇷", "👩‍👩‍👧", "日本"]
        var generator = SystemRandomNumberGenerator()
        var samples = pieces + ["", "plain ASCII with nothing to do", "apple/swift · 67k ★"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...12, using: &generator)
            samples.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return samples
    }

    /// What `escape` wrote before it copied runs whole.
    private static func plainEscape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: continue
            case _ where TerminalText.isUnsafe(scalar): escaped += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    @Test func escapingCopiesRunsAsTheScalarByScalarVersionWrote() {
        for sample in Self.samples() {
            let fast = SVGRenderer.escape(sample), plain = Self.plainEscape(sample)
            #expect(Array(fast.unicodeScalars) == Array(plain.unicodeScalars), "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func trimmingLeavesWhatFoundationLeaves() {
        for sample in Self.samples() {
            let fast = SpokenText.trimmed(sample), foundation = sample.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Array(fast.unicodeScalars) == Array(foundation.unicodeScalars), "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func datesAreWrittenAsTheFormatStyleWritesThem() {
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 1_800_000_000.999),
                     Date(timeIntervalSince1970: 951_782_400), Date(timeIntervalSinceReferenceDate: 0), .distantPast, .distantFuture]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { dates.append(Date(timeIntervalSince1970: .random(in: -2_000_000_000...8_000_000_000, using: &generator))) }
        for date in dates {
            #expect(ISO8601Text.string(date) == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
        }
    }
}
