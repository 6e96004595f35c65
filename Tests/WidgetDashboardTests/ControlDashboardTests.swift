import AsyncHTTPClient
import Foundation
import HostTestSupport
import Synchronization
import Testing
import WidgetTestSupport

/// Issue 42: controls on the dashboard of a real `run --serve`: a row
/// above everything, each control read from its provider when the page
/// asks, tapped from the page as a widget's button is, and read again when
/// its intent asks `ControlCenter` to reload it.
@Suite("Controls on the dashboard")
struct ControlDashboardTests {
    static let alerts = "com.example.delivery.alerts"

    static func object(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
    }

    @Test func thePageListsTapsAndRedrawsAControl() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        let page = try await LoopbackHTTP.get(base + "/")
        let token = try #require(page.firstMatch(of: /<meta name="widgethost-token" content="([0-9a-f]{16,})">/).map { String($0.1) })
        let controlsAt = try #require(page.range(of: #"<section id="controls""#)), activitiesAt = try #require(page.range(of: #"<section id="activities""#))
        #expect(controlsAt.lowerBound < activitiesAt.lowerBound, "the controls come first, as Control Center's row")

        let list = try #require(try JSONSerialization.jsonObject(with: Data(try await LoopbackHTTP.get(base + "/controls").utf8)) as? [[String: Any]])
        #expect(list.map { $0["kind"] as? String } == [Self.alerts, "com.example.delivery.reorder"])
        let alerts = try #require(list.first)
        #expect(alerts["isOn"] as? Bool == false && alerts["width"] as? Int == 172 && alerts["height"] as? Int == 76 && alerts["version"] is String, "\(alerts)")
        let version = try #require(alerts["version"] as? String)
        let card = try await LoopbackHTTP.send(base + "/controls/\(Self.alerts).svg?v=\(version)")
        #expect(card.status == 200 && card.headers["content-type"] == "image/svg+xml" && card.body.contains(">Delivery Alerts<") && card.body.contains(">Off<"),
                "\(card.body.prefix(300))")
        let held = try await LoopbackHTTP.send(base + "/controls/\(Self.alerts).svg", headers: ["If-None-Match": card.headers["etag"] ?? "none"])
        #expect(held.status == 304)
        #expect(try await LoopbackHTTP.send(base + "/controls/\(Self.alerts).gif").status == 404)

        // The page listens: the intent's ControlCenter.reloadControls reaches it.
        let received = Mutex("")
        let listener = Task {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + "/events"), timeout: .seconds(600))
            for try await buffer in response.body {
                received.withLock { $0 += buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? "" }
            }
        }
        defer { listener.cancel() }
        #expect(await TestSupport.eventually(bound: 600) { received.withLock { $0.contains(": connected") } })

        // A tap comes from the page, as a widget's: with its token and the browser's key.
        let tapURL = base + "/controls/\(Self.alerts)/tap?isOn=false"
        let noToken = try await LoopbackHTTP.send(tapURL, method: .POST)
        #expect(noToken.status == 403, "\(noToken.body)")
        let key = try await host.unlockDashboard(base: base)
        let headers = ["X-Widgethost-Token": token, "X-Widgethost-Key": key, "Origin": base]
        let tapped = try await LoopbackHTTP.send(tapURL, method: .POST, headers: headers)
        #expect(tapped.status == 200, "\(tapped.body)")
        let now = try Self.object(tapped.body)
        #expect(now["isOn"] as? Bool == true && now["value"] as? String == "On" && now["version"] as? String != version, "\(now)")
        #expect(await TestSupport.eventually(bound: 600) { received.withLock { $0.contains("event: controls\n") } }, "\(received.withLock { $0 })")
        let redrawn = try await LoopbackHTTP.send(base + "/controls/\(Self.alerts).svg?v=\(now["version"] as? String ?? "")")
        #expect(redrawn.body.contains(">On<") && !redrawn.body.contains(">Off<"), "\(redrawn.body.prefix(300))")

        // The value the page showed decides: a second tap from a page that still showed "off" sets "on" again, not "off".
        let stale = try await LoopbackHTTP.send(tapURL, method: .POST, headers: headers)
        #expect(try Self.object(stale.body)["isOn"] as? Bool == true, "\(stale.body)")

        let unknown = try await LoopbackHTTP.send(base + "/controls/com.example.nothing/tap", method: .POST, headers: headers)
        #expect(unknown.status == 404 && unknown.body.contains("no control of kind 'com.example.nothing'"), "\(unknown.body)")
        #expect(await host.stop() == 0)
    }
}
