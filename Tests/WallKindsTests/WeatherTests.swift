import FakeSources
import Foundation
import Testing
import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Issue 41's Weather kind (Widgets/Weather): Open-Meteo through
/// `URLSession`, fetched by the host, in a real extension process; the
/// fake Open-Meteo answers with weather computed from the shared clock.
@Suite("Weather")
struct WeatherTests {
    @Test func aPlaceByNameShowsItsWeatherAndIsLookedUpOnce() async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        let timeline = try await fixture.timeline("Weather", family: .systemMedium, ["place": .string("Berlin")])
        let texts = try #require(timeline.entries.first).view.texts
        // 08:00 UTC is 09:00 in Berlin: 20 − 52.52 × 0.25 − 1 = 5.9 °C, and a partly cloudy day.
        #expect(texts.prefix(2) == ["Berlin", "6°"], "\(texts)")
        #expect(texts.contains("Partly Cloudy"), "\(texts)")
        #expect(texts.contains("10 Uhr"), "the hours are Berlin's, in German: \(texts)")
        let search = try #require(fixture.sources.requests(to: "/v1/search").first)
        #expect(search.query["name"] == "Berlin")
        let forecast = try #require(fixture.sources.requests(to: "/v1/forecast").first)
        #expect(forecast.query["latitude"] == "52.52437" && forecast.query["timezone"] == "auto", "\(forecast.query)")

        _ = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Berlin")])
        #expect(fixture.sources.requests(to: "/v1/search").count == 1, "the place is kept in the module's own defaults")
        #expect(fixture.sources.requests(to: "/v1/forecast").count == 2)
    }

    @Test func temperaturesFollowTheLocaleUnlessTheInstanceSays() async throws {
        let american = try await WallFixture(kinds: ["Weather"], locale: "en_US")
        let texts = try #require(try await american.timeline("Weather", family: .systemSmall, ["place": .string("Berlin")]).entries.first).view.texts
        #expect(texts.prefix(2) == ["Berlin", "43°"], "5.9 °C is 42.6 °F: \(texts)")
        let celsius = try await american.timeline("Weather", family: .systemSmall, ["place": .string("Berlin"), "unit": .string("celsius")])
        #expect(try #require(celsius.entries.first).view.texts.prefix(2) == ["Berlin", "6°"])
    }

    /// An entry at each hour's start, each reading that hour's forecast,
    /// so the card moves on with the hour without another request.
    @Test func theTimelineMovesOnWithTheHour() async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        let timeline = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Berlin")])
        #expect(timeline.entries.count == 13)
        #expect(timeline.entries.first?.date == WallFixture.start)
        for (index, entry) in timeline.entries.dropFirst().enumerated() {
            #expect(entry.date == WallFixture.start.addingTimeInterval(Double(index + 1) * 3_600))
        }
        // 15:00 in Berlin, the day's warmest hour: 5.869 + 5 × sin(π/2) = 10.9 °C.
        #expect(timeline.entries[6].view.texts.prefix(2) == ["Berlin", "11°"], "\(timeline.entries[6].view.texts)")
        #expect(timeline.policy == .after(WallFixture.start.addingTimeInterval(1_800)))
    }

    @Test func coordinatesNeedNoLookup() async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        let timeline = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("35.69, 139.69")])
        #expect(try #require(timeline.entries.first).view.texts.first == "35.69°, 139.69°")
        #expect(fixture.sources.requests(to: "/v1/search").isEmpty)
        #expect(fixture.sources.requests(to: "/v1/forecast").first?.query["latitude"] == "35.69")
    }

    @Test func aCountryChoosesAmongPlacesOfOneName() async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        _ = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Paris, US")])
        #expect(fixture.sources.requests(to: "/v1/forecast").first?.query["latitude"] == "33.66094")
    }

    @Test func aPlaceThatDoesNotExistSaysSoOnTheCard() async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        let timeline = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Atlantis")])
        #expect(try #require(timeline.entries.first).view.texts == ["No place called “Atlantis”"])
        #expect(timeline.policy == .never, "nothing to look at again until the instance changes")
    }

    /// What a broken or lying Open-Meteo sends, by name (a test's arguments are printed).
    enum Trouble: String, CaseIterable, Sendable {
        case serverError, htmlPage, impossibleTemperature, deepNesting, hundredMegabytes

        var fault: FakeSources.Fault {
            switch self {
            case .serverError: .status(500)
            case .htmlPage: .body("<html>maintenance</html>", contentType: "text/html")
            case .impossibleTemperature: .body(#"{"current": {"temperature_2m": 9e99, "weather_code": 3}}"#, contentType: "application/json")
            case .deepNesting: .body(String(repeating: "[", count: 200_000), contentType: "application/json")
            case .hundredMegabytes: .flood(bytes: 100_000_000, byte: 0x20)
            }
        }

        var message: String {
            switch self {
            case .serverError: "HTTP 500"
            case .htmlPage: "Open-Meteo's answer is unreadable: not JSON"
            case .impossibleTemperature: "no current temperature"
            case .deepNesting: "unreadable"
            case .hundredMegabytes: "larger than 5 MiB"
            }
        }
    }

    /// A service that fails or lies fails the reload with what went wrong,
    /// so the last good entry stays; the extension lives on.
    // One at a time: each case starts an extension, and a busy machine has enough.
    @Test(.serialized, arguments: Trouble.allCases)
    func aServiceThatFailsOrLiesFailsTheReload(trouble: Trouble) async throws {
        let fixture = try await WallFixture(kinds: ["Weather"], locale: "de_DE")
        fixture.sources.setFault(trouble.fault, for: "/v1/forecast")
        let error = await #expect(throws: (any Error).self) {
            try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Berlin")])
        }
        let message = error.map { String(describing: $0) } ?? ""
        #expect(message.contains(trouble.message), "\(message)")
        fixture.sources.setFault(nil, for: "/v1/forecast")
        let again = try await fixture.timeline("Weather", family: .systemSmall, ["place": .string("Berlin")])
        #expect(again.entries.first?.view.texts.first == "Berlin", "the same extension answers the next reload")
    }
}
