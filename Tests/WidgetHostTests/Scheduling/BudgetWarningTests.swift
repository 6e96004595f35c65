import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
@testable import WidgetHost

/// Issue 24: a timeline that asks for more reloads than the daily budget
/// gives was only seen as reloads put off; the host says so once, with the figures.
@Suite("Budget warnings")
struct BudgetWarningTests {
    @Test func theFiguresAreTheTimelinesAndTheBudgets() {
        let policy = SchedulePolicy()
        #expect(policy.budgetWarning(requestedInterval: 3_600) == nil, "24 a day is within 72")
        #expect(policy.budgetWarning(requestedInterval: 20 * 60) == nil, "72 a day is the budget exactly")
        #expect(policy.budgetWarning(requestedInterval: 600)
            == "asks to reload every 10m, 144 times a day; the daily budget is 72 (schedule.daily_budget), so it spends its budget early and then waits: about one reload every 20m on average")
        #expect(policy.budgetWarning(requestedInterval: 30)?.hasPrefix("asks to reload every 5m, 288 times a day") == true,
                "never more often than the minimum interval")
        #expect(policy.budgetWarning(requestedInterval: -5) == nil, "a date in the past is a reload now, not a cadence")
        // Received a few seconds after the kind asked for "in 10 minutes", on a busy machine.
        for measured in [599.4, 597.0, 585.0] {
            #expect(policy.budgetWarning(requestedInterval: measured)?.hasPrefix("asks to reload every 10m, 144 times a day") == true, "\(measured)")
        }
    }

    @Test func aRunningHostWarnsOncePerInstance() async throws {
        let fixture = try ContainerFixture()
        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8) + "\n  - {kind: Ticker, module: FixtureSchedules}\n"
        try manifest.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let add = try await fixture.run("add-instance", "Ticker", "--policy", "after", "--after", "600")
        #expect(add.status == 0, "\(add.stderr)")
        let id = String(add.stdout.dropFirst("added ".count).prefix(6))
        let calm = try await fixture.run("add-instance", "Ticker", "--policy", "after", "--after", "7200")
        let calmID = String(calm.stdout.dropFirst("added ".count).prefix(6))
        let host = try RunningHost(fixture)
        defer { host.terminate() }
        #expect(await host.waitFor("instance \(id) (Ticker) asks to reload every 10m, 144 times a day; the daily budget is 72"), "\(host.output)")
        #expect(await host.waitFor("instance=\(calmID) kind=Ticker [widgethost] timeline received"), "\(host.output)")
        #expect(host.occurrences(of: "asks to reload every") == 1, "only the one over budget: \(host.output)")
    }
}
