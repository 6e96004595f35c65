import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// Issue 42: the controls of a corpus extension (DeliveryWidget: a toggle
/// with a value provider and a SetValueIntent, and a button), listed, tapped
/// and drawn through `widgethost controls`, each command a process of its
/// own reading what the last one left in the App Group.
@Suite("Controls from the command line")
struct ControlCommandTests {
    static let alerts = "com.example.delivery.alerts"

    static func controls(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
    }

    @Test func aToggleIsListedTappedAndDrawnWithItsValue() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        let listed = try await fixture.run("controls", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let controls = try Self.controls(listed.stdout)
        #expect(controls.map { $0["kind"] as? String } == [Self.alerts, "com.example.delivery.reorder"])
        let alerts = try #require(controls.first)
        #expect(alerts["style"] as? String == "toggle" && alerts["isOn"] as? Bool == false && alerts["value"] as? String == "Off", "\(alerts)")
        #expect(alerts["title"] as? String == "Delivery Alerts" && alerts["displayName"] as? String == "Delivery Alerts")
        #expect(alerts["symbol"] as? String == "bell.slash" && alerts["action"] as? String == "Set Delivery Alerts" && alerts["module"] as? String != nil)
        let reorder = try #require(controls.last)
        #expect(reorder["style"] as? String == "button" && reorder["isOn"] == nil && reorder["title"] as? String == "Reorder", "\(reorder)")

        // A tap runs the SetValueIntent with the value flipped; the provider then reads it from the App Group.
        let tapped = try await fixture.run("controls", "tap", Self.alerts)
        #expect(tapped.status == 0 && tapped.stdout == "performed 'Set Delivery Alerts'; \(Self.alerts) shows Delivery Alerts: On\n", "\(tapped.stdout)\(tapped.stderr)")
        let table = try await fixture.run("controls")
        #expect(table.status == 0 && table.stdout.contains("1    \(Self.alerts)") && table.stdout.contains("Delivery Alerts: On"), "\(table.stdout)")
        let again = try await fixture.run("controls", "tap", "1", "--json")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any], "\(again.stdout)\(again.stderr)")
        #expect(after["isOn"] as? Bool == false && after["value"] as? String == "Off")

        // A button's intent runs as it is.
        let reordered = try await fixture.run("controls", "tap", "2")
        #expect(reordered.status == 0 && reordered.stdout == "performed 'Reorder Last Order'; com.example.delivery.reorder shows Reorder\n", "\(reordered.stdout)\(reordered.stderr)")

        // Drawn as Control Center draws a wide control: its icon, title and value.
        let svg = try await fixture.run("controls", "show", Self.alerts, "--format", "svg")
        #expect(svg.status == 0 && svg.stdout.contains(">Delivery Alerts<") && svg.stdout.contains(">Off<"), "\(svg.stderr)")
        #expect(svg.stdout.contains(#"width="172""#) && svg.stdout.contains(#"height="76""#), "\(svg.stdout.prefix(300))")

        // A kind that is not there is named, with what there is.
        let unknown = try await fixture.run("controls", "tap", "com.example.delivery.alert")
        #expect(unknown.status == 1 && unknown.stderr.contains("no control of kind 'com.example.delivery.alert' (did you mean '\(Self.alerts)'?)"), "\(unknown.stderr)")
    }

    @Test func aManifestWithoutControlsSaysSo() async throws {
        let fixture = try ContainerFixture()
        let listed = try await fixture.run("controls")
        #expect(listed.status == 0 && listed.stdout == "no controls: the manifest's modules declare no ControlWidget\n", "\(listed.stdout)\(listed.stderr)")
        #expect(try Self.controls(try await fixture.run("controls", "--json").stdout).isEmpty)
    }
}
