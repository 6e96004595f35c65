import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetDashboard
import WidgetSDK
import WidgetTestSupport

/// Issue 37: a link with an app's own scheme is kept as iOS keeps it, shown
/// by the dashboard, and followed only where the manifest gives it a web
/// address; the schemes a browser runs by itself stay refused.
@Suite("Links with an app's own scheme")
struct AppLinkTests {
    private static let deepLink = URL(string: "hydrate://today?glass=3")!

    @Test func anEntryLinkingIntoItsAppIsKept() throws {
        let view = ViewNode(.vstack(alignment: .center, spacing: nil), children: [
            ViewNode(.link(URL(string: "hydrate://settings")!), children: [ViewNode(.text("Settings"))]),
        ], modifiers: [.widgetURL(Self.deepLink)])
        let checked = try EntryValidator().validate(view)
        #expect(checked.actions.map(\.action) == [.link(URL(string: "hydrate://settings")!), .widgetURL(Self.deepLink)])
    }

    @Test(arguments: ["javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "JavaScript:alert(1)", "http:relative"])
    func aSchemeABrowserActsOnIsRefused(_ link: String) {
        let view = ViewNode(.group, modifiers: [.widgetURL(URL(string: link)!)])
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(view) }
    }

    @Test func theDashboardOpensOnlyWebAddresses() throws {
        let view = ViewNode(.vstack(alignment: .center, spacing: nil), children: [
            ViewNode(.link(URL(string: "https://example.com/a")!), children: [ViewNode(.text("Web"))]),
            ViewNode(.link(URL(string: "other://x")!), children: [ViewNode(.text("Other"))]),
        ], modifiers: [.widgetURL(Self.deepLink)])
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: view)
        let links = LinkSchemes(["hydrate": "https://hydrate.example/open?u={url}&p={path}"])
        let actions = DashboardAction.all(in: entry, family: .systemSmall, links: links)
        let opens = Dictionary(uniqueKeysWithValues: actions.map { ($0.url ?? "", $0.opens) })
        #expect(opens["https://example.com/a"] == "https://example.com/a")
        #expect(opens["other://x"] == .some(nil), "an unmapped app link is shown, not followed")
        #expect(opens["hydrate://today?glass=3"] == "https://hydrate.example/open?u=hydrate%3A%2F%2Ftoday%3Fglass%3D3&p=today%3Fglass%3D3")
    }

    @Test func theManifestsLinksAreChecked() throws {
        let manifest = try TestSupport.manifest("""
            container: {group: g.x}
            widgets: [{kind: A}]
            links: {Hydrate: "https://hydrate.example/{path}"}
            """)
        #expect(manifest.links.webAddress(for: URL(string: "hydrate://today")!)?.absoluteString == "https://hydrate.example/today")
        for (line, message) in [
            ("links: {https: \"https://a.example/\"}", "config.yaml:3:16: links.https: 'https' is not an app's URL scheme"),
            ("links: {\"1x\": \"https://a.example/\"}", "links.1x: '1x' is not an app's URL scheme"),
            ("links: {app: \"javascript:alert({url})\"}", "config.yaml:3:14: links.app: expected an http or https address"),
        ] {
            let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets: [{kind: A}]\n" + line + "\n")
            do {
                _ = try Manifest.load(from: path)
                Issue.record("accepted: \(line)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
