import Foundation
import Testing
import WidgetFoundation
import WidgetSDK

/// Issue 37: what iOS stores in `UserDefaults` comes back as iOS gives it.
/// A `Date` read back as text made `object(forKey:) as? Date` nil, and a
/// widget's line silently vanished.
@Suite("UserDefaults keeps property-list types")
struct UserDefaultsTypesTests {
    /// A suite in a store of its own, and the JSON it keeps under a key.
    private func withSuite(_ body: (WidgetFoundation.UserDefaults, SharedDefaults) throws -> Void) rethrows {
        try SharedDefaults.$scopedStore.withValue(InMemoryDefaultsStore()) {
            try body(WidgetFoundation.UserDefaults(suiteName: "group.test.types")!, SharedDefaults.suite(named: "group.test.types"))
        }
    }

    @Test func dateDataAndURLReadBackAsThemselves() throws {
        withSuite { defaults, _ in
            let date = Date(timeIntervalSince1970: 1_764_000_000.25)
            defaults.set(date, forKey: "lastGlass")
            defaults.set(Data([0, 1, 2, 255]), forKey: "blob")
            defaults.set(URL(string: "hydrate://today")!, forKey: "link")
            #expect(defaults.object(forKey: "lastGlass") as? Date == date)
            #expect(defaults.object(forKey: "blob") as? Data == Data([0, 1, 2, 255]))
            #expect(defaults.data(forKey: "blob") == Data([0, 1, 2, 255]))
            #expect(defaults.url(forKey: "link") == URL(string: "hydrate://today"))
            #expect(defaults.string(forKey: "lastGlass") == nil, "as on iOS, a date is not a string")
        }
    }

    @Test func numbersAndFlagsKeepTheirKind() throws {
        withSuite { defaults, _ in
            defaults.set(3, forKey: "int")
            defaults.set(2.5, forKey: "double")
            defaults.set(true, forKey: "flag")
            #expect(defaults.integer(forKey: "int") == 3 && defaults.object(forKey: "int") as? Int == 3)
            #expect(defaults.double(forKey: "double") == 2.5 && defaults.object(forKey: "double") as? Double == 2.5)
            #expect(defaults.bool(forKey: "flag") && defaults.object(forKey: "flag") as? Bool == true)
        }
    }

    @Test func collectionsOfThemAndTheAppsOwnDollarKeysRoundTrip() throws {
        try withSuite { defaults, store in
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            defaults.set(["when": date, "tags": ["a", "b"], "raw": Data("hi".utf8), "nested": [date]] as [String: Any], forKey: "record")
            let record = try #require(defaults.dictionary(forKey: "record"))
            #expect(record["when"] as? Date == date)
            #expect(record["tags"] as? [String] == ["a", "b"])
            #expect(record["raw"] as? Data == Data("hi".utf8))
            #expect((record["nested"] as? [Any])?.first as? Date == date)

            // The app's own dictionary with one `$` key is not taken for a tag.
            defaults.set(["$date": "not a date of ours"], forKey: "mine")
            #expect(defaults.dictionary(forKey: "mine") as? [String: String] == ["$date": "not a date of ours"])

            // What `widgethost defaults read` shows: readable JSON.
            let stored = String(decoding: try #require(try store.json(forKey: "record")), as: UTF8.self)
            #expect(stored.contains(#""when":{"$date":"2023-11-14T22:13:20.000Z"}"#), "\(stored)")
        }
    }

    @Test func valuesEarlierVersionsStoredAsTextStillRead() throws {
        try withSuite { defaults, store in
            try store.setJSON(Data(#""AAEC""#.utf8), forKey: "old.data")
            try store.setJSON(Data(#""https://example.com/""#.utf8), forKey: "old.url")
            #expect(defaults.data(forKey: "old.data") == Data([0, 1, 2]))
            #expect(defaults.url(forKey: "old.url") == URL(string: "https://example.com/"))
        }
    }
}
