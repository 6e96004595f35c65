import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

@Suite("Text that keeps time, and what redaction hides")
struct TimeAndRedactionTests {
    static func texts(_ layout: WidgetLayout) -> [String] {
        layout.drawables.flatMap { drawable -> [String] in
            if case .text(let lines, _) = drawable.kind { lines } else { [] }
        }
    }

    @Test func oneArchivedEntryReadsDifferentlyAtTwoMoments() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let view = ViewNode(.vstack(alignment: .leading, spacing: 4), children: [
            ViewNode(.date(start, style: .timer)), ViewNode(.date(start, style: .relative)), ViewNode(.date(start, style: .offset)),
        ])
        let early = Self.texts(LayoutEngine(now: start + 65).layout(view, family: .systemSmall))
        let later = Self.texts(LayoutEngine(now: start + 3_725).layout(view, family: .systemSmall))
        #expect(early == ["1:05", "1 min, 5 sec", "-1 minute"])
        #expect(later == ["1:02:05", "1 hr, 2 min", "-1 hour"])
        let ahead = Self.texts(LayoutEngine(now: start - 30).layout(ViewNode(.date(start, style: .offset)), family: .systemSmall))
        #expect(ahead == ["+30 seconds"])
    }

    /// The manifest's `locale:` (or the host's `LANG`) writes dates and
    /// durations as an iPhone set to that language does.
    @Test func datesAndDurationsAreWrittenInTheLocale() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)  // 15 January 2027, 08:00 UTC
        let view = ViewNode(.vstack(alignment: .leading, spacing: 4), children: [
            ViewNode(.date(start, style: .relative)), ViewNode(.date(start, style: .offset)), ViewNode(.date(start, style: .date)),
        ])
        let german = Self.texts(LayoutEngine(now: start + 3_725, locale: Locale(identifier: "de_DE")).layout(view, family: .systemMedium))
        #expect(german == ["1 Std., 2 Min.", "-1 Stunde", "15. Januar 2027"])
        let french = Self.texts(LayoutEngine(now: start + 7_500, locale: Locale(identifier: "fr_FR")).layout(view, family: .systemMedium))
        #expect(french == ["2\u{202F}h et 5\u{A0}min", "-2\u{A0}heures", "15 janvier 2027"], "with French typography's no-break spaces")
        let posix = Self.texts(LayoutEngine(now: start + 90_000, locale: FormattingLocale.locale(from: ["LANG": "C.UTF-8"])).layout(view, family: .systemMedium))
        #expect(posix == ["1 day, 1 hr", "-1 day", "January 15, 2027"], "C is en_US_POSIX: the same card on every machine")
    }

    /// US English, the locale of every host without `LANG`, is written
    /// without ICU (a ticking card redraws each second): it must read as ICU
    /// writes it, for every unit and count.
    @Test func usEnglishDurationsReadAsICUWritesThem() {
        var values: [Int64] = Array(0...200)
        for base: Int64 in [3_540, 3_600, 7_199, 86_399, 86_400, 90_000, 90_061, 172_800, 176_460, 3_600 * 49, 86_400 * 400] {
            values += (0..<70).map { Int64(base) + Int64($0) * 61 }
        }
        for locale in DateText.usEnglish.map(Locale.init(identifier:)) {
            for seconds in values {
                for (width, count) in [(Duration.UnitsFormatStyle.UnitWidth.abbreviated, 2), (.wide, 1)] {
                    let style = Duration.UnitsFormatStyle(allowedUnits: [.days, .hours, .minutes, .seconds], width: width, maximumUnitCount: count,
                                                          zeroValueUnits: .hide, fractionalPart: .hide(rounded: .towardZero))
                    let icu = Duration.seconds(seconds).formatted(style.locale(locale))
                    let ours = DateText.units(Double(seconds), width: width, count: count, locale: locale)
                    #expect(ours == icu, "\(seconds) s in \(locale.identifier)")
                    if ours != icu { return }
                }
            }
        }
    }

    @Test func aPlaceholderHidesShapesBarsAndGaugesToo() {
        let view = ViewNode(.vstack(alignment: .leading, spacing: 4), children: [
            ViewNode(.text("42 stars")),
            ViewNode(.progress(value: 0.7, total: 1)),
            ViewNode(.gauge(value: 3, minimum: 0, maximum: 4)),
            ViewNode(.shape(.circle), modifiers: [.foregroundStyle(.rgb(red: 1, green: 0, blue: 0, opacity: 1)), .frame(Frame(width: 10, height: 10))]),
            ViewNode(.text("kept"), modifiers: [.redacted(false)]),
        ])
        let layout = LayoutEngine().layout(view, family: .systemSmall)
        let svg = SVGRenderer(redacted: true).render(layout)
        #expect(!svg.contains(CardTheme.standard.accent) && !svg.contains("#ff0000"), "no colour that looks like data: \(svg)")
        #expect(!svg.contains(">42 stars<") && svg.contains(">kept</text>"), ".unredacted() keeps its text")
        // Drawn live, the same card has its colours.
        let live = SVGRenderer().render(layout)
        #expect(live.contains(CardTheme.standard.accent) && live.contains("#ff0000"))
        // And .redacted(reason:) inside a live card hides just that part.
        let partial = LayoutEngine().layout(ViewNode(.vstack(alignment: .leading, spacing: 4), children: [
            ViewNode(.text("secret"), modifiers: [.redacted(true)]), ViewNode(.text("public")),
        ]), family: .systemSmall)
        let partialSVG = SVGRenderer().render(partial)
        #expect(!partialSVG.contains(">secret<") && partialSVG.contains(">public</text>"))
    }
}
