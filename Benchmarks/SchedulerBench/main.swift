import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetSDK

// Prints the figures for BENCHMARKS.md. Sizes can be changed with
// BENCH_INSTANCES, BENCH_IDLE_INSTANCES and BENCH_IDLE_SECONDS; BENCH_ONLY
// (scheduler, idle, github, render, extensions, dashboard, metrics, fetch,
// screens, wall) runs one part.

// Container calls made on the cooperative pool are counted (BlockingCalls).
setenv("WIDGETHOST_COUNT_BLOCKING", "1", 1)
let environment = ProcessInfo.processInfo.environment
let instanceCount = Int(environment["BENCH_INSTANCES"] ?? "") ?? 100_000
let idleInstances = Int(environment["BENCH_IDLE_INSTANCES"] ?? "") ?? 1_000
let idleSeconds = Double(environment["BENCH_IDLE_SECONDS"] ?? "") ?? 60

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1_024
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Says what it is as a provider's error does: described by reflection,
/// it would cost more than the scheduler's whole step.
struct SyntheticFailure: Error, CustomStringConvertible {
    var description: String { "synthetic failure" }
}

/// 100,000 instances with mixed policies through 24 simulated hours. The
/// provider answers in-process with prebuilt timelines, so this measures the
/// scheduler itself: heap, budget, backoff, transitions.
func simulateDay() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var core = SchedulerCore(policy: SchedulePolicy(), seed: 7)
    let view = ViewNode(.text("entry"))
    for index in 0..<instanceCount {
        _ = core.add("i\(index)", schedule: nil, at: start + Double(index % 600))
    }
    func timeline(for instance: String, at now: Date) -> Result<ArchivedTimeline, any Error> {
        let number = Int(instance.dropFirst())!
        switch number % 10 {
        case 0..<4: // atEnd: three entries twenty minutes apart
            return .success(ArchivedTimeline(entries: (0..<3).map { ArchivedEntry(date: now + Double($0) * 1_200, view: view) }, policy: .atEnd))
        case 4..<7: // after one to twelve hours, with an entry each midnight-like step
            return .success(ArchivedTimeline(entries: [ArchivedEntry(date: now, view: view), ArchivedEntry(date: now + 3_000, view: view)],
                                             policy: .after(now + Double(1 + number % 12) * 3_600)))
        case 7..<9: // never
            return .success(ArchivedTimeline(entries: [ArchivedEntry(date: now, view: view)], policy: .never))
        default: // always failing: backoff
            return .failure(SyntheticFailure())
        }
    }

    let clock = ContinuousClock()
    let began = clock.now
    var events = 0
    var pending: [SchedulerCore.ReloadCall] = []
    let end = start + 86_400
    while let next = core.nextDeadline(), next <= end {
        var step = core.advance(to: next)
        events += step.events.count
        pending = step.calls
        // Calls answer at once, possibly starting waiting ones.
        while let call = pending.popLast() {
            step = core.complete(call, with: timeline(for: call.instance, at: next), at: next)
            events += step.events.count
            pending += step.calls
        }
    }
    let elapsed = clock.now - began
    let stats = core.statistics
    print("scheduler, \(instanceCount) instances, 24 simulated hours (40% atEnd, 30% after 1-12h, 20% never, 10% failing):")
    print("  wall time        \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))) (aim: 2 s at most)")
    print("  provider calls   \(stats.providerCalls) (\(stats.failures) failed; \(stats.deferrals) held back when due by the budget or minimum interval)")
    print("  entry changes    \(stats.transitions)")
    print("  events           \(events)")
    print("  peak memory      \(String(format: "%.0f", peakMemoryMiB())) MiB (process high-water mark)")
}

/// A real host on the wall clock with nothing due: CPU used and wake-ups.
func idleHost() async throws {
    let manifest = try BenchManifest("""
        container: {group: bench.idle, path: data}
        widgets:
          - {kind: Ticker, module: FixtureSchedules}
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path))
    let planner = InstancePlanner(bundle: workspace.bundle)
    for _ in 0..<idleInstances {
        _ = try workspace.container.insert(try await planner.plan(
            kind: "Ticker", family: nil, name: nil, arguments: ["--entries", "1", "--policy", "after", "--after", "86400"]))
    }
    // First timelines for all, then nothing is due for a day.
    let host = try TimelineHost(workspace: workspace)
    let run = Task { try await host.run() }
    while await host.statistics.providerCalls < idleInstances { try await Task.sleep(for: .milliseconds(50)) }
    try await Task.sleep(for: .seconds(1))

    let wakeUpsBefore = await host.wakeUps
    let cpuBefore = cpuSeconds()
    try await Task.sleep(for: .seconds(idleSeconds))
    let cpu = cpuSeconds() - cpuBefore
    let wakeUps = await host.wakeUps - wakeUpsBefore
    run.cancel()
    _ = try await run.value
    print("idle host, \(idleInstances) instances, nothing due, \(Int(idleSeconds)) s on the wall clock:")
    print("  CPU time         \(String(format: "%.3f", cpu)) s (\(String(format: "%.2f", cpu / idleSeconds * 100)) % of one core)")
    print("  wake-ups         \(wakeUps) (the loop wakes for its deadlines and for changes inotify announces: the container's, the manifest's and the modules')")
}

let only = environment["BENCH_ONLY"]
if only == nil || only == "scheduler" { simulateDay() }
if only == nil || only == "idle" { try await idleHost() }
if only == nil || only == "github" { try await githubDay() }
if only == nil || only == "render" { try await renderBench() }
if only == nil || only == "extensions" { try await extensionBench() }
if only == nil || only == "dashboard" { try await dashboardBench() }
if only == nil || only == "metrics" { metricsBench() }
if only == nil || only == "fetch" { try await fetchBench() }
if only == nil || only == "screens" { try await screenBench() }
if only == nil || only == "wall" { try await wallKindsBench() }
// Minutes long: only when asked for (make fuzz).
if only == "fuzz" { fuzzBench(environment: environment) }

/// What the container's callers blocked of the cooperative pool during `body`.
func blockingCalls(during body: () async throws -> Void) async rethrows -> String {
    let before = BlockingCalls.current
    try await body()
    let after = BlockingCalls.current
    let blocked = after.blocked - before.blocked
    return "\(after.onPool - before.onPool) of \(after.calls - before.calls) on the cooperative pool, "
        + "blocking its threads \(String(format: "%.0f", (Double(blocked.components.seconds) + Double(blocked.components.attoseconds) / 1e18) * 1000)) ms in all"
}
