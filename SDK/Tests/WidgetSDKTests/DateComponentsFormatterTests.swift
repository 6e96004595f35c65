import Foundation
import Testing
import WidgetKit

/// Issue 37: `DateComponentsFormatter`, which swift-corelibs-foundation
/// declares unavailable, as two of thirteen real extensions use it.
@Suite("DateComponentsFormatter")
struct DateComponentsFormatterTests {
    private func formatted(_ interval: TimeInterval, _ style: DateComponentsFormatter.UnitsStyle,
                           _ units: NSCalendar.Unit = [.hour, .minute, .second],
                           configure: (DateComponentsFormatter) -> Void = { _ in }) -> String? {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = style
        formatter.allowedUnits = units
        configure(formatter)
        return formatter.string(from: interval)
    }

    @Test func positionalDropsLeadingZerosAndPadsTheRest() {
        #expect(formatted(3725, .positional) == "1:02:05")
        #expect(formatted(125, .positional) == "2:05")
        #expect(formatted(5, .positional) == "0:05")
        #expect(formatted(125, .positional) { $0.zeroFormattingBehavior = .pad } == "00:02:05")
    }

    @Test func theSpelledStylesDropZeroUnits() {
        #expect(formatted(3725, .abbreviated, [.hour, .minute]) == "1h 2m")
        #expect(formatted(3605, .abbreviated) == "1h 5s")
        #expect(formatted(3725, .short) == "1 hr, 2 min, 5 sec")
        #expect(formatted(3661, .full) == "1 hour, 1 minute, 1 second")
        #expect(formatted(7200, .full) == "2 hours")
        #expect(formatted(90_061, .brief, [.day, .hour, .minute]) == "1day 1hr 1min")
        #expect(formatted(0, .abbreviated) == "0s")
    }

    @Test func limitsAndPhrases() {
        #expect(formatted(3725, .abbreviated) { $0.maximumUnitCount = 1 } == "1h")
        #expect(formatted(600, .full, [.minute]) { $0.includesTimeRemainingPhrase = true } == "10 minutes remaining")
        #expect(formatted(600, .full, [.minute]) { $0.includesApproximationPhrase = true } == "About 10 minutes")
        #expect(formatted(-65, .positional, [.minute, .second]) == "-1:05")
        #expect(formatted(.infinity, .positional) == nil)
        let start = Date(timeIntervalSince1970: 0)
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = .short
        formatter.allowedUnits = [.day, .hour]
        #expect(formatter.string(from: start, to: start + 93_600) == "1 day, 2 hr")
    }
}
