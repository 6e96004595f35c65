import Foundation
import HostTestSupport
import Testing
import WidgetHost
import WidgetTestSupport

/// Issue 42, relevance: the Smart Stack's rule through a real `run --serve`
/// and real extension processes. A kind's `relevance()` (asked in its
/// extension, per placed configuration) and its entries' scores order the
/// dashboard's tiles and pick what a screen's `stack` shows, and the order
/// follows when a widget's configuration changes its relevance.
@Suite("Relevance on the dashboard and screens")
struct RelevanceDashboardTests {
    static func order(_ base: String) async throws -> [String] {
        let reply = try await LoopbackHTTP.send(base + "/instances")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]], "\(reply.body)")
        return listed.compactMap { $0["id"] as? String }
    }

    static func stackShows(_ base: String) async throws -> String {
        try await LoopbackHTTP.send(base + "/screens/door.svg").body
    }

    @Test func relevanceOrdersTheTilesAndTheStackAndFollowsAChange() async throws {
        let fixture = try ContainerFixture.withRelevantKinds()
        var ids: [String: String] = [:]
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        for (name, arguments) in [("plain", ["Ticker", "--entries", "1", "--policy", "never"]),
                                  ("scored", ["Relevant", "--label", "scored-card", "--score", "5"]),
                                  ("moment", ["Relevant", "--label", "moment-card", "--moment", "3600"])] {
            let added = try await fixture.run(["add-instance"] + arguments)
            #expect(added.status == 0, "\(added.stderr)")
            ids[name] = ContainerFixture.instanceID(addedBy: added)
        }
        let (plain, scored, moment) = (ids["plain"]!, ids["scored"]!, ids["moment"]!)
        try (manifest + "screens:\n  - {name: door, layout: stack, instances: [\(plain), \(scored), \(moment)]}\n")
            .write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)

        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        for id in [plain, scored, moment] { #expect(await host.waitFor("instance=\(id) ", bound: 600) ) }
        // The moment's configuration is relevant now (its provider's relevance(), from WidgetCenter's placed
        // configurations), the score 5 comes next, the Ticker, placed first, says nothing.
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.order(base) == [moment, scored, plain] })
        let first = try await Self.order(base)
        #expect(first == [moment, scored, plain], "\(first) \(host.output)")
        let page = try await LoopbackHTTP.send(base + "/").body
        let tiles = page.matches(of: /<figure id="w-([0-9a-z]{6})"[^>]* data-rank="([^"]*)"/).map { (String($0.1), String($0.2)) }
        #expect(tiles.map(\.0) == [moment, scored, plain] && tiles.map(\.1) == ["3/0.0", "0/5.0", "0/0.0"], "the page is drawn in order: \(tiles)")
        let stack = try await Self.stackShows(base)
        #expect(stack.contains("moment-card") && !stack.contains("scored-card"), "a stack shows its most relevant: \(stack)")
        // What `timeline` tells the kind's author: the span the provider gave, and where it ranks.
        let timeline = try await fixture.run("timeline", moment, "--json")
        let told = try #require(try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any], "\(timeline.stderr)")
        let spans = try #require(told["relevantIntervals"] as? [[String: Any]], "\(told)")
        #expect(spans.count == 1 && spans[0]["priority"] as? Int == 3, "\(spans)")
        #expect((told["rank"] as? [String: Any])?["interval"] as? Int == 3, "\(told)")
        let text = try await fixture.run("timeline", moment).stdout
        #expect(text.contains("relevant:") && text.contains("(scheduled)"), "\(text)")

        // Its moment withdrawn, the moment ranks 0 and goes back to its place.
        #expect(try await fixture.run("edit-instance", moment, "--moment", "0").status == 0)
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.order(base) == [scored, plain, moment] })
        let second = try await Self.order(base)
        #expect(second == [scored, plain, moment], "\(second) \(host.output)")
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.stackShows(base).contains("scored-card") })

        // No score, no moment: the order the instances were placed in.
        #expect(try await fixture.run("edit-instance", scored, "--score", "0").status == 0)
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.order(base) == [plain, scored, moment] })
        let third = try await Self.order(base)
        #expect(third == [plain, scored, moment], "\(third) \(host.output)")
        #expect(await host.stop() == 0)
    }
}
