import Foundation
import Testing
@testable import WidgetSDK

/// Issue 37: `@Parameter` of `Date` and `URL` (a countdown's day, a feed's
/// address) did not compile. They are stored as strings (ISO 8601, the
/// absolute URL), typed `date` and `url` for the command line and checks.
@Suite("Date and URL parameters")
struct DateAndURLParameterTests {
    struct Countdown: WidgetConfigurationIntent {
        static var title: LocalizedStringResource { "Countdown" }
        @Parameter(title: "Day") var day: Date?
        @Parameter(title: "Feed") var feed: URL?
    }

    @Test func theCommandLineReadsDaysInstantsAndURLs() {
        #expect(ParameterType.date.parse("2026-12-24") == .string("2026-12-24T00:00:00Z"))
        #expect(ParameterType.date.parse("2026-12-24T18:00:00+01:00") == .string("2026-12-24T17:00:00Z"))
        #expect(ParameterType.date.parse("Christmas") == nil)
        #expect(ParameterType.date.parse("2026-13-40") == nil)
        #expect(ParameterType.url.parse("https://example.com/feed.xml") == .string("https://example.com/feed.xml"))
        #expect(ParameterType.url.parse("feed.xml") == nil, "a URL parameter is absolute")
        #expect(ParameterType.url.withArticle == "a URL" && ParameterType.date.withArticle == "a date")
    }

    @Test func storedStringsAreCheckedAsTheTypeSays() {
        #expect(ParameterType.date.accepts(.string("2026-12-24T17:00:00Z")))
        #expect(!ParameterType.date.accepts(.string("soon")))
        #expect(!ParameterType.date.accepts(.int(3)))
        #expect(ParameterType.url.accepts(.string("hydrate://today")))
        #expect(!ParameterType.url.accepts(.string("")))
    }

    @Test func anIntentReadsItsDateAndURLBack() throws {
        let intent = Countdown()
        let parameters = ParameterReflection.parameters(of: intent).map(\.descriptor)
        #expect(parameters.map(\.type) == [.date, .url])
        try ParameterReflection.assign(["day": .string("2026-12-24T17:00:00Z"), "feed": .string("https://example.com/a.xml")], to: intent)
        #expect(intent.day == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(intent.feed == URL(string: "https://example.com/a.xml"))
        #expect(ParameterReflection.values(of: intent) == ["day": .string("2026-12-24T17:00:00Z"), "feed": .string("https://example.com/a.xml")])
    }
}

/// `@Parameter` of a `Measurement` (a run's distance, a timer's length):
/// kept as a number in the dimension's base unit, read back in any unit.
@Suite("Measurement parameters")
struct MeasurementParameterTests {
    struct Run: WidgetConfigurationIntent {
        static var title: LocalizedStringResource { "Run" }
        @Parameter(title: "Distance", default: Measurement(value: 5, unit: .kilometers)) var distance: Measurement<UnitLength>
        @Parameter(title: "Pause") var pause: Measurement<UnitDuration>?
    }

    @Test func itIsStoredInTheBaseUnitAndReadInAnyUnit() throws {
        let intent = Run()
        let parameters = ParameterReflection.parameters(of: intent).map(\.descriptor)
        #expect(parameters.map(\.type) == [.double, .double])
        #expect(parameters.first?.defaultValue == .double(5_000), "metres")
        try ParameterReflection.assign(["distance": .double(1_500), "pause": .int(90)], to: intent)
        #expect(intent.distance.converted(to: .kilometers).value == 1.5)
        #expect(intent.pause?.converted(to: .minutes).value == 1.5)
    }
}
