import ExtensionProtocol
import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetContainer
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK

/// What an extension asks of the host is untrusted input too: the SDK
/// writes JSON to the shared defaults, but the channel carries any bytes.
@Suite("Services for extensions")
struct ExtensionServicesTests {
    @Test func aKindCanStoreOnlyJSONUnderAPrintableKeyInTheSharedDefaults() async throws {
        let fixture = try ContainerFixture()
        let container = try fixture.container()
        let services = ExtensionServices(http: UnavailableHTTPService(), defaults: ContainerDefaultsStore(container: container))

        func write(_ key: String, _ bytes: Data?) async -> String? {
            switch await services.handle(ServiceCall.writeDefault(key: key, data: bytes, suite: nil), from: "Tests") {
            case .done: return nil
            case .failure(let error): return error.description
            default: return "unexpected answer"
            }
        }
        #expect(await write("todo.Inbox", Data(#"[{"title": "Buy milk"}]"#.utf8)) == nil)
        #expect(await write("count", Data("3".utf8)) == nil, "a fragment is JSON too")
        #expect(await write("raw", Data([0x1B, 0x5D, 0x35, 0x32, 0x3B, 0xFF])) == "the value for 'raw' is not JSON")
        #expect(await write("huge", Data(("\"" + String(repeating: "x", count: 1 << 20) + "\"").utf8))?.hasPrefix("the value for 'huge' is 1048578 bytes") == true)
        #expect(await write("title\u{1B}]0;owned\u{7}", Data("1".utf8)) == "a defaults key may not hold control characters: 'title\\e]0;owned\\u{7}'")
        #expect(await write("", Data("1".utf8)) == "a defaults key is 1 to 256 bytes, found 0")
        #expect(await write("widgethost.module.Other/secret", Data("1".utf8)) == "keys starting with 'widgethost.module.' or 'widgethost.suite.' hold modules' own suites")
        #expect(await write("todo.Inbox", nil) == nil, "removing needs no value")

        #expect(try container.allDefaults().map(\.key) == ["count"], "nothing refused was stored")
    }

    /// `UserDefaults(suiteName:)` with a name other than the group's, and
    /// `UserDefaults.standard`, reach a suite of the calling module's own.
    @Test func aModulesOwnSuitesAreApartFromTheAppGroupAndFromOtherModules() async throws {
        let fixture = try ContainerFixture()
        let container = try fixture.container()
        let services = ExtensionServices(http: UnavailableHTTPService(), defaults: ContainerDefaultsStore(container: container))

        func write(_ key: String, _ value: String, suite: String?, from module: String) async -> String? {
            switch await services.handle(.writeDefault(key: key, data: Data(value.utf8), suite: suite), from: module) {
            case .done: return nil
            case .failure(let error): return error.description
            default: return "unexpected answer"
            }
        }
        func read(_ key: String, suite: String?, from module: String) async -> String? {
            guard case .data(let data?) = await services.handle(.readDefault(key: key, suite: suite), from: module) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        #expect(await write("theme", #""dark""#, suite: "com.example.settings", from: "Alpha") == nil)
        #expect(await write("theme", #""light""#, suite: nil, from: "Alpha") == nil)
        #expect(await read("theme", suite: "com.example.settings", from: "Alpha") == #""dark""#)
        #expect(await read("theme", suite: "com.example.settings", from: "Beta") == nil, "another module's suite of the same name is its own")
        #expect(await read("theme", suite: nil, from: "Beta") == #""light""#, "the App Group is shared")
        #expect(await write("x", "1", suite: "a/b", from: "Alpha") == "a defaults suite's name may hold no '/' or control characters")
        #expect(await write("x", "1", suite: "", from: "Alpha") == "a defaults suite's name is 1 to 256 bytes, found 0")
        #expect(try container.allDefaults().map(\.key) == ["theme", "widgethost.suite.Alpha/com.example.settings/theme"])
    }

    @Test func urlSessionRequestsForGitHubsAPIAreTheAPIs() {
        #expect(ExtensionServices.apiPath(of: "https://api.github.com/repos/apple/swift") == "/repos/apple/swift")
        #expect(ExtensionServices.apiPath(of: "https://api.github.com/search/repositories?q=swift") == "/search/repositories?q=swift")
        #expect(ExtensionServices.apiPath(of: "https://api.github.com") == "/")
        #expect(ExtensionServices.apiPath(of: "https://api.github.com.evil.example/repos") == nil, "a look-alike host gets no token")
        #expect(ExtensionServices.apiPath(of: "https://avatars.githubusercontent.com/u/1") == nil)
        #expect(ExtensionServices.apiPath(of: "http://api.github.com/repos/a/b") == nil, "plain http is not the API")
    }

    @Test func aRequestTheHostWillNotSendIsRefusedBeforeAnythingIsSent() async throws {
        let services = ExtensionServices.unavailable
        await #expect(throws: HTTPServiceError.invalidResponse("widgethost sends the API only GET requests, not POST")) {
            try await services.fetch(HTTPRequest(url: "https://api.github.com/repos/a/b/issues", method: "POST"), scope: ReloadScope())
        }
        await #expect(throws: HTTPServiceError.invalidResponse("widgethost fetches only http and https URLs")) {
            try await services.fetch(HTTPRequest(url: "file:///etc/passwd"), scope: ReloadScope())
        }
        await #expect(throws: HTTPServiceError.invalidResponse("widgethost does not send CONNECT requests")) {
            try await services.fetch(HTTPRequest(url: "https://example.com/", method: "connect"), scope: ReloadScope())
        }
    }

    /// A kind cannot force its own reloads (a forced one skips the minimum
    /// interval and lifts a quarantine): the host forces a WidgetCenter
    /// reload only while it has a tap running in that module, whatever the
    /// extension's message says.
    @Test func aWidgetCenterReloadIsForcedOnlyDuringATapTheHostKnowsOf() async throws {
        let fixture = try ContainerFixture()
        let container = try fixture.container()
        let manifest = try Manifest.load(from: fixture.manifestPath)
        let services = ExtensionServices(http: UnavailableHTTPService(), defaults: ContainerDefaultsStore(container: container),
                                         widgetCenter: ContainerWidgetCenter(container: container, manifest: manifest))
        _ = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Note"))
        guard case .done = await services.handle(.reloadTimelines(kind: "Note", interactive: true), from: "FixtureKinds") else {
            Issue.record("not stored")
            return
        }
        #expect(try container.takeReloadRequests().map(\.force) == [false], "the extension's word is not taken")
        _ = await services.handle(.reloadTimelines(kind: "Note", interactive: false), from: "FixtureKinds", duringTap: true)
        #expect(try container.takeReloadRequests().map(\.force) == [true], "during a tap the host knows of")
        _ = await services.handle(.reloadTimelines(kind: "SingleRepo", interactive: false), from: "FixtureKinds", duringTap: true)
        #expect(try container.takeReloadRequests().isEmpty, "another module's kind is not this module's to reload")
    }
}
