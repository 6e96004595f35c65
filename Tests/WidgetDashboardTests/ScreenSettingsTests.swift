import Foundation
import Testing
import WidgetConfiguration
import WidgetTestSupport

/// `screens:` and `devices:` in the manifest: read as written, and every
/// mistake said at its line and column.
@Suite("Screens in the manifest")
struct ScreenSettingsTests {
    static let head = "container: {group: g.x}\nwidgets: [{kind: A}]\n"

    @Test func aScreenReadsItsSizePaletteLayoutAndPlaylist() throws {
        let manifest = try TestSupport.manifest(Self.head + """
            screens:
              - {name: kitchen, layout: quadrant, instances: [a, b, c]}
              - {name: door, layout: stack, instances: [a, b, c, d, e, f]}
              - name: hall
                size: 1200x825
                palette: gray-4
                scheme: dark
                refresh: {min: 2m, max: 2h}
                playlist:
                  - {layout: half_vertical, instances: [a, b], dwell: 5m}
                  - {instances: [c, d, e], columns: 3, dwell: 1m}
            devices:
              - {mac: "aa-bb-cc-dd-ee-ff", screen: hall}
            """)
        let kitchen = try #require(manifest.screen(named: "kitchen"))
        #expect(kitchen.width == 800 && kitchen.height == 480 && kitchen.palette == .bw && kitchen.scheme == .light, "a TRMNL's, by default")
        #expect(kitchen.pages.count == 1 && kitchen.pages[0].layout == .quadrant && kitchen.pages[0].instances.map(\.value) == ["a", "b", "c"])
        let door = try #require(manifest.screen(named: "door"))
        #expect(door.pages[0].layout == .stack && door.pages[0].layout.slots == 1 && door.pages[0].instances.count == 6,
                "a stack shows one of up to ten")
        let hall = try #require(manifest.screen(named: "hall"))
        #expect(hall.width == 1200 && hall.height == 825 && hall.palette == .gray4 && hall.scheme == .dark)
        #expect(hall.refreshMinimum.seconds == 120 && hall.refreshMaximum.seconds == 7_200)
        #expect(hall.pages.map(\.layout) == [.halfVertical, .grid(columns: 3, rows: 1)])
        #expect(hall.instanceIDs == ["a", "b", "c", "d", "e"])
        #expect(manifest.devices.map(\.mac.value) == ["AA:BB:CC:DD:EE:FF"], "written as the firmware sends it")

        // Pages take turns from the epoch: 5 minutes, then 1, then again.
        let start = Date(timeIntervalSince1970: 360 * 1_000)
        #expect(hall.page(at: start).index == 0 && hall.page(at: start).until == start.addingTimeInterval(300))
        #expect(hall.page(at: start.addingTimeInterval(300)).index == 1)
        #expect(hall.page(at: start.addingTimeInterval(360)).index == 0)
        #expect(kitchen.page(at: start).until == nil, "one page never turns")
    }

    @Test func mistakesAreSaidWhereTheyAre() throws {
        for (text, message) in [
            ("screens: [{name: Kitchen, instances: [a]}]", "config.yaml:3:18: screens[0].name: a screen's name is 1 to 64 lowercase letters"),
            ("screens: [{name: k, size: 800, instances: [a]}]", "screens[0].size: a size is width x height in pixels"),
            ("screens: [{name: k, palette: grey, instances: [a]}]", "screens[0].palette: unknown value 'grey'; expected one of: color, gray-4, bw"),
            ("screens: [{name: k, layout: quadrant, instances: [a, b, c, d, e]}]", "layout quadrant has 4 slots; found 5 instances"),
            ("screens: [{name: k, layout: thirds, instances: [a]}]", "a layout is full, half_horizontal, half_vertical, quadrant, grid or stack"),
            ("screens: [{name: k, layout: stack, instances: [a, b, c, d, e, f, g, h, i, j, k]}]", "a stack holds 10; found 11 instances"),
            ("screens: [{name: k, layout: full, columns: 2, instances: [a]}]", "'columns' goes with layout: grid"),
            ("screens: [{name: k, instances: [a], playlist: [{instances: [b]}]}]", "a screen has either one page ('layout' and 'instances') or a 'playlist'"),
            ("screens: [{name: k, playlist: [{instances: [a], dwell: 2s}]}]", "a page stays at least 10s"),
            ("screens: [{name: k, instances: [a], refresh: {min: 2h, max: 1h}}]", "refresh is min and max from 5s to 1d"),
            ("screens: [{name: k, instances: [a]}, {name: k, instances: [b]}]", "screen 'k' is declared twice (first at line 3, column 18)"),
            ("screens: [{name: k, instances: [a]}]\ndevices: [{mac: nope, screen: k}]", "config.yaml:4:17: devices[0].mac: a MAC address is six hexadecimal pairs"),
            ("screens: [{name: kitchen, instances: [a]}]\ndevices: [{mac: 'AA:BB:CC:DD:EE:FF', screen: kichen}]", "'kichen' is not a screen of this manifest (did you mean 'kitchen'?)"),
            ("screens: [{name: k, instances: [a], layuot: full}]", "unknown key 'layuot' (did you mean 'layout'?)"),
        ] {
            let path = try TestSupport.writeManifest(Self.head + text + "\n")
            do {
                _ = try Manifest.load(from: path)
                Issue.record("accepted: \(text)")
            } catch {
                #expect("\(error)".contains(message), "\(text): \(error)")
            }
        }
    }
}
