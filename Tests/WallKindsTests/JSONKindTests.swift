import FakeSources
import Foundation
import Testing
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Kinds declared in the manifest with `json:` (issue 41): the JSON module
/// in a real extension process, fetching through the host from FakeSources,
/// with headers the host adds from its environment and a file.
@Suite("Kinds declared with json:")
struct JSONKindTests {
    /// Set in this process, as the service's environment file sets it for the host.
    static let tokenVariable = "WH_TEST_JSON_TOKEN"

    /// Four kinds, one per layout, the first sending two headers.
    static func fixture(locale: String = "en_US") async throws -> WallFixture {
        setenv(tokenVariable, "s3cret-from-env", 1)
        return try await WallFixture(kinds: [], locale: locale) { sources, folder in
            try "key-from-file\n".write(to: folder.appendingPathComponent("api-key"), atomically: true, encoding: .utf8)
            return """
                  - kind: Bitcoin
                    json:
                      url: \(sources.base)/api/price
                      headers:
                        Authorization: {env: \(tokenVariable), prefix: "Bearer "}
                        X-Api-Key: {file: api-key}
                      refresh: 10m
                      title: Bitcoin
                      number: {value: $.data.amount, format: currency, currency: USD, caption: $.data.label}
                  - kind: Releases
                    json:
                      url: \(sources.base)/api/releases
                      list:
                        items: $
                        text: $.name
                        detail: {path: $.published_at, format: relative}
                        link: $.html_url
                  - kind: Servers
                    json:
                      url: \(sources.base)/api/servers
                      table:
                        items: $.servers[*]
                        columns:
                          - {title: Host, path: $.name}
                          - {title: CPU, path: $.cpu, format: percent}
                          - {title: Memory, path: $.memory, format: bytes}
                  - kind: Disk
                    json:
                      url: \(sources.base)/api/disk
                      gauge: {value: $.used, max: 500, unit: GB, label: $.mount}
                """
        }
    }

    static func serveDocuments(_ sources: FakeSources) {
        sources.set(.init(#"{"data": {"amount": "97012.55", "currency": "USD", "label": "USD per BTC"}}"#, contentType: "application/json"), at: "/api/price")
        sources.set(.init("""
            [{"name": "swift-6.3.1-RELEASE", "published_at": "2027-01-13T08:00:00Z", "html_url": "https://github.com/swiftlang/swift/releases/6.3.1"},
             {"name": "swift-6.3-RELEASE", "published_at": 1797300000, "html_url": "javascript:alert(1)"},
             {"name": "swift-6.2.4-RELEASE\\nwith a line break"}]
            """, contentType: "application/json"), at: "/api/releases")
        sources.set(.init(#"{"servers": [{"name": "web-1", "cpu": 0.12, "memory": 1288490188}, {"name": "db", "cpu": "0.07"}]}"#,
                          contentType: "application/json"), at: "/api/servers")
        sources.set(.init(#"{"mount": "/srv", "used": 320}"#, contentType: "application/json"), at: "/api/disk")
    }

    @Test func eachLayoutShowsWhatItsPathsSelectInTheLocalesWay() async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)

        let number = try #require(try await fixture.timeline("Bitcoin", family: .systemSmall).entries.first)
        #expect(number.view.texts.prefix(3) == ["Bitcoin", "$97,012.55", "USD per BTC"], "\(number.view.texts)")
        let timeline = try await fixture.timeline("Bitcoin", family: .systemSmall)
        #expect(timeline.policy == .after(WallFixture.start.addingTimeInterval(600)), "refresh: 10m")

        let list = try #require(try await fixture.timeline("Releases", family: .systemMedium).entries.first)
        #expect(list.view.texts == ["Releases", "swift-6.3.1-RELEASE", "2 days ago", "swift-6.3-RELEASE", "1 month ago", "swift-6.2.4-RELEASE with a line break"],
                "\(list.view.texts)")
        let links = list.view.actions.compactMap { action -> String? in
            if case .link(let url) = action.action { url.absoluteString } else { nil }
        }
        #expect(links == ["https://github.com/swiftlang/swift/releases/6.3.1"], "only http(s) links: \(links)")

        let table = try #require(try await fixture.timeline("Servers", family: .systemMedium).entries.first)
        #expect(table.view.texts == ["Servers", "Host", "CPU", "Memory", "web-1", "12%", "1.29 GB", "db", "7%", "—"], "\(table.view.texts)")

        let gauge = try #require(try await fixture.timeline("Disk", family: .systemSmall).entries.first)
        #expect(gauge.view.texts.contains("320 GB") && gauge.view.texts.contains("/srv") && gauge.view.texts.contains("0 GB – 500 GB"), "\(gauge.view.texts)")
    }

    @Test func theHostAddsTheDeclaredHeadersReadFromItsEnvironmentAndAFile() async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)
        _ = try await fixture.timeline("Bitcoin", family: .systemSmall)
        let request = try #require(fixture.sources.requests(to: "/api/price").last)
        #expect(request.headers["authorization"] == "Bearer s3cret-from-env")
        #expect(request.headers["x-api-key"] == "key-from-file")
        // The kind's process is handed its declaration, not the values.
        let settings = try fixture.kind("Bitcoin").entry.settings.values.joined()
        #expect(!settings.contains("s3cret") && !settings.contains("key-from-file"))
        // Another kind of the same module, reading another URL, gets neither.
        _ = try await fixture.timeline("Disk", family: .systemSmall)
        let other = try #require(fixture.sources.requests(to: "/api/disk").last)
        #expect(other.headers["authorization"] == nil && other.headers["x-api-key"] == nil)
        // A token rotated in its file is read at the next request, without a restart.
        try "rotated-key\n".write(to: fixture.folder.appendingPathComponent("api-key"), atomically: true, encoding: .utf8)
        _ = try await fixture.timeline("Bitcoin", family: .systemSmall)
        #expect(fixture.sources.requests(to: "/api/price").last?.headers["x-api-key"] == "rotated-key")
    }

    /// An API that sends validators and has not changed costs a 304: the
    /// answer kept in the module's folder is read again.
    @Test func anUnchangedAnswerIsAskedForWithItsValidators() async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)
        let first = try await fixture.timeline("Releases", family: .systemMedium)
        let second = try await fixture.timeline("Releases", family: .systemMedium)
        let requests = fixture.sources.requests(to: "/api/releases")
        #expect(requests.map(\.status) == [200, 304])
        #expect(requests.last?.headers["if-none-match"] != nil)
        #expect(first.entries.first?.view == second.entries.first?.view)
        fixture.sources.set(.init(#"[{"name": "swift-7.0-RELEASE"}]"#, contentType: "application/json"), at: "/api/releases")
        let third = try #require(try await fixture.timeline("Releases", family: .systemMedium).entries.first)
        #expect(fixture.sources.requests(to: "/api/releases").last?.status == 200)
        #expect(third.view.texts == ["Releases", "swift-7.0-RELEASE"])
    }

    /// A manifest edited while the host runs: a header added to a kind
    /// reaches its next request, the JSON module's process replaced.
    @Test func aHeaderAddedToTheManifestReachesTheNextRequest() async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)
        _ = try await fixture.timeline("Disk", family: .systemSmall)
        #expect(fixture.sources.requests(to: "/api/disk").last?.headers["x-disk-key"] == nil)
        let path = fixture.workspace.manifest.file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "url: \(fixture.sources.base)/api/disk\n", with: "url: \(fixture.sources.base)/api/disk\n      headers: {X-Disk-Key: opened}\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let bundle = await fixture.workspace.loadAgain(try Manifest.load(from: path), changedModules: [])
        #expect(bundle.diagnostics.isEmpty, "\(bundle.diagnostics)")
        _ = try fixture.workspace.replace(bundle)
        _ = try await fixture.timeline("Disk", family: .systemSmall)
        #expect(fixture.sources.requests(to: "/api/disk").last?.headers["x-disk-key"] == "opened")
    }

    /// A redirect to another place (here another path of the same server) drops them.
    @Test func headersNeverFollowARedirectElsewhere() async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)
        fixture.sources.setFault(.redirect(fixture.sources.base + "/api/disk"), for: "/api/price")
        _ = try? await fixture.timeline("Bitcoin", family: .systemSmall)
        #expect(fixture.sources.requests(to: "/api/price").last?.headers["authorization"] == "Bearer s3cret-from-env")
        let elsewhere = try #require(fixture.sources.requests(to: "/api/disk").last)
        #expect(elsewhere.headers["authorization"] == nil && elsewhere.headers["x-api-key"] == nil)
    }

    /// What an API that lies or breaks sends, by name (a test's arguments are printed).
    enum Lie: String, CaseIterable, Sendable {
        case serverError, htmlPage, notJSON, missingPath, objectForAValue, textForTheGaugesNumber, deepNesting, hundredMegabytes, invalidUTF8

        var fault: FakeSources.Fault {
            switch self {
            case .serverError: .status(500)
            case .htmlPage: .body("<!DOCTYPE html><html><body>Log in</body></html>", contentType: "text/html")
            case .notJSON: .body("{\"data\": {\"amount\": 1,", contentType: "application/json")
            case .missingPath: .body(#"{"data": {"price": 1}, "used": 3}"#, contentType: "application/json")
            case .objectForAValue: .body(#"{"data": {"amount": {"value": 1}}, "used": {"gb": 3}}"#, contentType: "application/json")
            case .textForTheGaugesNumber: .body(#"{"data": {"amount": "n/a"}, "used": "n/a", "mount": "/"}"#, contentType: "application/json")
            case .deepNesting: .body(String(repeating: "[", count: 200_000), contentType: "application/json")
            case .hundredMegabytes: .flood(bytes: 100_000_000, byte: 0x5B)
            case .invalidUTF8: .body("", contentType: "application/json")
            }
        }

        /// What the reload's failure says, for the lies that fail it.
        var reason: String? {
            switch self {
            case .serverError: "answered HTTP 500"
            case .htmlPage: "answered an HTML page, not JSON"
            case .notJSON: "not JSON"
            case .missingPath: "$.data.amount selects nothing in the answer"
            case .objectForAValue: "$.data.amount selects an object of 1 member, not a value to show"
            case .textForTheGaugesNumber: "$.used selects a string, not a number"
            case .deepNesting: "nested deeper than 64 levels"
            case .hundredMegabytes: "larger than 5 MiB"
            case .invalidUTF8: "not JSON"
            }
        }
    }

    /// Each fails that one reload with a reason a person can act on, and the
    /// extension answers the next: never a hung or crashed host.
    // One at a time: each case sends work to one extension, and a busy machine has enough.
    @Test(.serialized, arguments: Lie.allCases)
    func anAPIThatLiesFailsTheReloadWithItsReason(lie: Lie) async throws {
        let fixture = try await Self.fixture()
        Self.serveDocuments(fixture.sources)
        if lie == .invalidUTF8 {
            // Bytes no string holds: a lone continuation byte and an overlong slash inside a string.
            fixture.sources.set(.init(data: Data(#"{"data": {"amount": ""#.utf8) + Data([0x80, 0xC0, 0xAF]) + Data(#""}}"#.utf8),
                                      contentType: "application/json"), at: "/api/price")
        } else {
            fixture.sources.setFault(lie.fault, for: "/api/")
        }
        let kind = lie == .textForTheGaugesNumber ? "Disk" : "Bitcoin"
        do {
            let timeline = try await fixture.timeline(kind, family: .systemSmall)
            #expect(lie.reason == nil, "read: \(timeline.entries.first?.view.texts ?? [])")
        } catch {
            let reason = try #require(lie.reason, "\(error)")
            #expect(String(describing: error).contains(reason), "\(error)")
        }
        fixture.sources.setFault(nil, for: "/api/")
        Self.serveDocuments(fixture.sources)
        let again = try #require(try await fixture.timeline("Bitcoin", family: .systemSmall).entries.first)
        #expect(again.view.texts.contains("$97,012.55"), "the same extension answers")
    }

    @Test func numbersAndDatesFollowTheManifestsLocale() async throws {
        let fixture = try await Self.fixture(locale: "de_DE")
        Self.serveDocuments(fixture.sources)
        let number = try #require(try await fixture.timeline("Bitcoin", family: .systemSmall).entries.first)
        #expect(number.view.texts.map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }.contains("97.012,55 $"), "\(number.view.texts)")
        let list = try #require(try await fixture.timeline("Releases", family: .systemMedium).entries.first)
        #expect(list.view.texts.contains("vor 2 Tagen"), "\(list.view.texts)")
    }

    @Test func kindsListsEachDeclaredKindWithItsLayoutsFamilies() async throws {
        let fixture = try await Self.fixture()
        let table = try fixture.kind("Servers")
        #expect(table.families == [.systemMedium, .systemLarge, .systemExtraLarge])
        #expect(table.descriptor.displayName == "Servers")
        #expect(table.descriptor.description == "Declared in the manifest: a table from 127.0.0.1")
        #expect(table.moduleKind == "JSON")
    }
}
