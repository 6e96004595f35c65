import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetContainer
@testable import WidgetKinds
import WidgetSDK
@testable import WidgetHost

/// What an extension asks of the host is untrusted input too: the SDK
/// writes JSON to the shared defaults, but the channel carries any bytes.
@Suite("Services for extensions")
struct ExtensionServicesTests {
    @Test func aKindCanStoreOnlyJSONUnderAPrintableKeyInTheSharedDefaults() async throws {
        let fixture = try ContainerFixture()
        let container = try fixture.container()
        let services = ExtensionServices(http: UnavailableHTTPService(), defaults: ContainerDefaultsStore(container: container))

        func write(_ key: String, _ bytes: Data?) async -> String? {
            switch await services.handle(ServiceCall.writeDefault(key: key, data: bytes), from: "Tests") {
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
        #expect(await write("widgethost.module.Other/secret", Data("1".utf8)) == "keys starting with 'widgethost.module.' hold other modules' own suites")
        #expect(await write("todo.Inbox", nil) == nil, "removing needs no value")

        #expect(try container.allDefaults().map(\.key) == ["count"], "nothing refused was stored")
    }
}
