import Foundation
import GRDB
import HostTestSupport
import Testing
@testable import WidgetHost

/// A stored timeline this build cannot read (a newer widgethost wrote it, or
/// the file was damaged) costs that one instance its entries, never the
/// other instances, `status`, or the host.
@Suite("An unreadable stored timeline")
struct UnreadableTimelineTests {
    @Test func onlyItsInstanceStartsAgainAndEveryCommandStillWorks() async throws {
        let fixture = try ContainerFixture()
        #expect(try await fixture.run("add-instance", "Gauge").status == 0)
        #expect(try await fixture.run("add-instance", "Note", "--text", "kept").status == 0)
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        let first = try RunningHost(fixture, arguments: ["--log"])
        #expect(await first.waitFor("timeline received", count: 2), "\(first.output)")
        #expect(await first.stop(SIGINT) == 0)

        let damaged = ids[0]
        let queue = try DatabaseQueue(path: fixture.databasePath)
        try await queue.write { db in
            try db.execute(sql: "UPDATE timeline SET schedule = ? WHERE instanceID = ?", arguments: [Data(#"{"entries": 3}"#.utf8), damaged])
        }
        try queue.close()

        let status = try await fixture.run("status", "--json")
        #expect(status.status == 0, "\(status.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let instances = try #require(report["instances"] as? [[String: Any]])
        #expect(instances.count == 2)
        let states = Dictionary(uniqueKeysWithValues: instances.map { ($0["id"] as? String ?? "", $0["state"] as? String ?? "") })
        #expect(states.count == 2 && states.values.allSatisfy { $0 == "no-host" }, "\(states)")
        let damagedDetail = instances.first { $0["id"] as? String == damaged }?["detail"] as? String
        #expect(damagedDetail?.hasSuffix("no timeline yet") == true, "\(damagedDetail ?? "")")
        #expect(try await fixture.run("timeline", ids[1], "--json").status == 0)

        let second = try RunningHost(fixture, arguments: ["--log"])
        #expect(await second.waitFor("\(damaged): its stored timeline cannot be read ("), "\(second.output)")
        #expect(await second.waitFor("timeline received"), "the damaged instance reloads: \(second.output)")
        #expect(await second.stop(SIGINT) == 0)
        #expect(second.occurrences(of: "timeline received") == 1, "the other instance kept its timeline and was not reloaded")
        let repaired = try await fixture.run("timeline", damaged, "--json")
        #expect(repaired.stdout.contains("\"currentEntry\""), "the reload's save replaced the damaged row")
    }
}
