import AsyncHTTPClient
import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// Issue 40: screens composed of instances, and TRMNL's e-ink devices that
/// fetch them. The device is `scripts/trmnl_simulator.py`, written from the
/// firmware's contract: it fails on anything the firmware would trip over.
@Suite("Screens and e-ink devices", .serialized)
struct DeviceTests {
    static let screens = """

        instances:
          - {id: gauge, kind: Gauge, family: systemMedium}
          - {id: note, kind: Note, family: systemSmall}
        screens:
          - name: kitchen
            palette: bw
            layout: half_vertical
            instances: [gauge, note]
            refresh: {min: 1m, max: 30m}
          - name: hall
            size: 400x300
            palette: gray-4
            instances: [gauge]
          - {name: tiny, size: 400x300, layout: quadrant, instances: [gauge, note]}
        """

    static func fixture(_ backend: ContainerFixture.Backend = .sqlite) throws -> ContainerFixture {
        let fixture = try ContainerFixture(backend: backend)
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try (manifest + screens).write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        return fixture
    }

    /// One run of the simulated device: each wake's JSON line, and its exit status (1 on a broken contract).
    /// `memory`: the name of the device's memory (another is a device reset, or another device with its MAC).
    static func wake(_ base: String, _ fixture: ContainerFixture, mac: String = "AA:BB:CC:DD:EE:01", memory: String = "device", _ extra: [String] = [])
        async throws -> (events: [[String: Any]], status: Int32, stderr: String) {
        let script = TestSupport.repositoryRoot.appendingPathComponent("scripts/trmnl_simulator.py").path
        let state = fixture.folder.appendingPathComponent("\(memory)-\(mac).json").path
        let result = try await TestSupport.run(executable: "/usr/bin/python3", [script, "--server", String(base.dropLast()), "--mac", mac, "--state", state, "--timeout", "300"] + extra)
        let events = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (events, result.status, result.stdout + result.stderr)
    }

    static func devices(_ fixture: ContainerFixture) async throws -> [[String: Any]] {
        let listed = try await fixture.run("devices", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stderr)")
    }

    @Test(arguments: ContainerFixture.Backend.allCases)
    func aDeviceWaitsUntilAdmittedThenSetsUpAndNeverFetchesAPictureTwice(backend: ContainerFixture.Backend) async throws {
        let fixture = try Self.fixture(backend)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        defer { host.terminate() }
        let base = try await host.dashboardBase() + "/"
        #expect(await host.waitFor("screens at "), "\(host.output)")

        // Unknown: told it is not registered, sleeps 900 s, and is listed as waiting, with no screen.
        let stranger = try await Self.wake(base, fixture)
        #expect(stranger.status == 0, "\(stranger.stderr)")
        let setup = try #require(stranger.events.first?["setup"] as? [String: Any])
        #expect(setup["registered"] as? Bool == false && stranger.events.first?["sleep"] as? Int == 900)
        #expect(await host.waitFor("device AA:BB:CC:DD:EE:01 asked to set up and is not admitted"), "\(host.output)")
        var listed = try await Self.devices(fixture)
        #expect(listed.count == 1 && listed[0]["state"] as? String == "waiting" && listed[0]["screen"] == nil, "\(listed)")

        // Admitted: its next wake sets up (a key, once) and shows the screen, a 1-bit PNG of 800 by 480.
        let admitted = try await fixture.run("devices", "add", "aa-bb-cc-dd-ee-01", "--screen", "kitchen")
        #expect(admitted.status == 0 && admitted.stdout.contains("admitted AA:BB:CC:DD:EE:01"), "\(admitted.stderr)")
        let picture = fixture.folder.appendingPathComponent("shown.png").path
        let life = try await Self.wake(base, fixture, ["--wakes", "3", "--battery", "3.87", "--rssi", "-70", "--save-picture", picture])
        #expect(life.status == 0, "\(life.stderr)")
        #expect(life.events.count == 3)
        let first = try #require(life.events.first)
        #expect((first["setup"] as? [String: Any])?["registered"] as? Bool == true, "\(first)")
        let image = try #require(first["image"] as? [String: Any])
        #expect(image["downloaded"] as? Bool == true && image["format"] as? String == "png" && image["depth"] as? Int == 1, "\(image)")
        #expect(image["width"] as? Int == 800 && image["height"] as? Int == 480)
        let shown = try PNGImage(try Data(contentsOf: URL(fileURLWithPath: picture)))
        #expect(shown.bitDepth == 1 && shown.distinctPixels.count == 2, "black text on white")
        // The refresh follows the screen's next change, within its bounds (1 to 30 minutes).
        let sleep = try #require(first["sleep"] as? Int)
        #expect((60...1_800).contains(sleep), "\(sleep)")
        // The same picture is not fetched again: its filename is the screen's digest.
        for later in life.events.dropFirst() {
            #expect((later["image"] as? [String: Any])?["downloaded"] as? Bool == false, "\(later)")
            #expect((later["display"] as? [String: Any])?["filename"] as? String == (first["display"] as? [String: Any])?["filename"] as? String)
        }
        #expect(await host.waitFor("device AA:BB:CC:DD:EE:01 (") && host.output.contains("set up to show screen 'kitchen'"), "\(host.output)")

        // What it said of itself: in `devices`, `status` and /metrics.
        listed = try await Self.devices(fixture)
        let device = try #require(listed.first)
        #expect(device["state"] as? String == "active" && device["batteryVoltage"] as? Double == 3.87 && device["rssi"] as? Int == -70, "\(device)")
        #expect(device["firmware"] as? String == "1.8.14" && device["lastContact"] != nil)
        let status = try await fixture.run("status")
        #expect(status.stdout.contains("device AA:BB:CC:DD:EE:01 (") && status.stdout.contains("shows kitchen: 3.87 V, -70 dBm, firmware 1.8.14"), "\(status.stdout)")
        let metrics = try await LoopbackHTTP.get(base + "metrics")
        #expect(metrics.contains(#"widgethost_device_battery_volts{mac="AA:BB:CC:DD:EE:01",screen="kitchen"} 3.87"#), "\(metrics)")

        // Its error logs reach the host's log.
        let logged = try await Self.wake(base, fixture, ["--log"])
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(await host.waitFor("reports: [error] simulated error"), "\(host.output)")

        // Its MAC is no secret: someone else asking for a key in its name gets none, changes
        // nothing of it, and is logged with what to do if it was the device, reset.
        let before = try await Self.devices(fixture).first
        let impostor = try await Self.wake(base, fixture, memory: "impostor", ["--battery", "1.11"])
        #expect((impostor.events.first?["setup"] as? [String: Any])?["registered"] as? Bool == false, "\(impostor.events)")
        #expect(await host.waitFor("a setup in the name of device AA:BB:CC:DD:EE:01 from 127.0.0.1 was refused: it has its key"), "\(host.output)")
        let after = try await Self.devices(fixture).first
        #expect(after?["batteryVoltage"] as? Double == before?["batteryVoltage"] as? Double && after?["batteryVoltage"] as? Double != 1.11,
                "what the device said is kept")
        #expect(after?["lastContact"] as? String == before?["lastContact"] as? String)

        // Rekeyed: its old key opens nothing; it is shown how to set up again, not a wiped Wi-Fi.
        #expect(try await fixture.run("devices", "rekey", "AA:BB:CC:DD:EE:01").status == 0)
        let locked = try await Self.wake(base, fixture)
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect((locked.events.first?["display"] as? [String: Any])?["filename"] as? String == "widgethost-not-admitted", "\(locked.events)")
        #expect(locked.events.first?["sleep"] as? Int == 900)
        // Reset (its memory gone), it sets up again within the window rekey opened.
        let reset = try await Self.wake(base, fixture, memory: "impostor")
        #expect(reset.status == 0 && (reset.events.first?["setup"] as? [String: Any])?["registered"] as? Bool == true, "\(reset.stderr)")
        #expect(try await fixture.run("devices", "remove", "AA:BB:CC:DD:EE:01").status == 0)
        #expect(try await Self.devices(fixture).isEmpty)
    }

    @Test func oldFirmwareGetsTheBitmapItChecksAndPicturesNeedTheDevicesKey() async throws {
        let fixture = try Self.fixture()
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        defer { host.terminate() }
        let base = try await host.dashboardBase() + "/"
        #expect(try await fixture.run("devices", "add", "AA:BB:CC:DD:EE:02", "--screen", "kitchen").status == 0)
        let old = try await Self.wake(base, fixture, mac: "AA:BB:CC:DD:EE:02", ["--firmware", "1.4.0", "--wakes", "2"])
        #expect(old.status == 0, "\(old.stderr)")
        for event in old.events {
            let image = try #require(event["image"] as? [String: Any], "\(event)")
            // A BMP is never cached by the firmware: fetched at each wake.
            #expect(image["format"] as? String == "bmp" && image["bytes"] as? Int == 48_062 && image["downloaded"] as? Bool == true, "\(image)")
        }
        // The picture's link is the device's: another signature, or another device's key, gets nothing.
        let url = try #require((old.events.first?["display"] as? [String: Any])?["image_url"] as? String)
        #expect(try await LoopbackHTTP.send(url, timeoutSeconds: 300).status == 200)
        let forged = url.replacingOccurrences(of: "sig=", with: "sig=0")
        #expect(try await LoopbackHTTP.send(forged).status == 404)
        #expect(try await LoopbackHTTP.send(url, headers: ["ID": "AA:BB:CC:DD:EE:02", "Access-Token": "not-its-key"]).status == 404)
        // Nor does the display answer anything but the way back to setup without the key.
        let stranger = try await LoopbackHTTP.send(base + "api/display", headers: ["ID": "AA:BB:CC:DD:EE:02", "Access-Token": "guess"])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(stranger.body.utf8)) as? [String: Any])
        #expect(answer["status"] as? Int == 0 && answer["filename"] as? String == "widgethost-not-admitted" && answer["reset_firmware"] as? Bool == false)
    }

    @Test func screensAreServedAndRenderedInTheirSizeAndPalette() async throws {
        let fixture = try Self.fixture()
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        defer { host.terminate() }
        let base = try await host.dashboardBase() + "/"
        #expect(await host.waitFor("timeline received", count: 2), "\(host.output)")

        let png = try await LoopbackHTTP.send(base + "screens/kitchen.png", timeoutSeconds: 300)
        #expect(png.status == 200)
        let kitchen = try PNGImage(png.data)
        #expect(kitchen.width == 800 && kitchen.height == 480 && kitchen.bitDepth == 1)
        #expect(png.data.count <= 90_000, "a TRMNL takes at most 90,000 bytes: \(png.data.count)")
        let hall = try PNGImage(try await LoopbackHTTP.send(base + "screens/hall.png", timeoutSeconds: 300).data)
        #expect(hall.width == 400 && hall.height == 300 && hall.bitDepth == 2)
        #expect(try await LoopbackHTTP.send(base + "screens/kitchen.bmp", timeoutSeconds: 300).data.count == 48_062)
        #expect(try await LoopbackHTTP.send(base + "screens/hall.bmp").status == 400, "a BMP is 1 bit: hall is gray-4")
        #expect(try await LoopbackHTTP.send(base + "screens/attic.png").status == 404)
        let svg = try await LoopbackHTTP.get(base + "screens/kitchen.svg", timeoutSeconds: 300)
        #expect(svg.contains("<title>widgethost · kitchen</title>"))

        // The list says each screen's digest; the command draws the same picture the dashboard serves.
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try await LoopbackHTTP.get(base + "screens", timeoutSeconds: 300).utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["kitchen", "hall", "tiny"])
        let rendered = try await fixture.run("render", "--screen", "kitchen", "--format", "json")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any], "\(rendered.stderr)")
        #expect(summary["layout"] as? String == "half_vertical" && summary["missing"] as? [String] == [] && summary["advice"] as? [String] == [])
        // A medium card in a quadrant of 400 by 300 is drawn at half its size: said, with what to do.
        let tiny = try await fixture.run("render", "--screen", "tiny", "--format", "json")
        #expect(tiny.stderr.contains("warning: instance 'gauge' (systemMedium) is drawn at 51 % to fit its slot of screen 'tiny'"), "\(tiny.stderr)")
        #expect(!tiny.stderr.contains("instance 'note'"), "a small card grows to its slot")
        let file = fixture.folder.appendingPathComponent("kitchen.png").path
        #expect(try await fixture.run("render", "--screen", "kitchen", "--format", "png", "-o", file).status == 0)
        #expect(try PNGImage(try Data(contentsOf: URL(fileURLWithPath: file))).bitDepth == 1)
        let refused = try await fixture.run("render", "--screen", "kitchen", "--format", "png", "--palette", "bw")
        #expect(refused.status != 0 && refused.stderr.contains("a screen's size, palette and scheme are the manifest's"), "\(refused.stderr)")
        let unknown = try await fixture.run("render", "--screen", "attic")
        #expect(unknown.status == 1 && unknown.stderr.contains("no screen 'attic'; screens: kitchen, hall, tiny"), "\(unknown.stderr)")
    }
}
