import Foundation
import Testing
import WidgetKit

/// `RelativeDateTimeFormatter`, which swift-corelibs-foundation lacks, as a
/// widget's "updated 5 min ago" line uses it, in English and in German.
@Suite("RelativeDateTimeFormatter")
struct RelativeDateTimeFormatterTests {
    let reference = Date(timeIntervalSince1970: 1_800_000_000)  // a Friday, 08:00 UTC

    private func formatted(_ offset: TimeInterval, _ configure: (RelativeDateTimeFormatter) -> Void = { _ in }) -> String {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.calendar.timeZone = TimeZone(identifier: "UTC")!
        configure(formatter)
        return formatter.localizedString(for: reference.addingTimeInterval(offset), relativeTo: reference)
    }

    @Test func numericByDefaultInFullUnits() {
        #expect(formatted(-2 * 3_600) == "2 hours ago")
        #expect(formatted(5 * 60) == "in 5 minutes")
        #expect(formatted(-86_400) == "1 day ago")
    }

    @Test func namedWhereTheLanguageHasNames() {
        #expect(formatted(-86_400) { $0.dateTimeStyle = .named } == "yesterday")
        #expect(formatted(86_400) { $0.dateTimeStyle = .named; $0.locale = Locale(identifier: "de_DE") } == "morgen")
    }

    @Test func shorterUnitsAndSpelledOnes() {
        #expect(formatted(-2 * 3_600) { $0.unitsStyle = .short } == "2 hr. ago")
        #expect(formatted(-2 * 3_600) { $0.unitsStyle = .spellOut } == "two hours ago")
        #expect(formatted(-2 * 3_600) { $0.locale = Locale(identifier: "de_DE") } == "vor 2 Stunden")
    }

    @Test func anythingButADateIsNil() {
        #expect(RelativeDateTimeFormatter().string(for: "yesterday") == nil)
        #expect(RelativeDateTimeFormatter().string(for: Date()) != nil)
    }
}
