import ExtensionProtocol
import FakeGitHub
import Foundation
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// The cost of running kinds in extension processes: a timeline round trip
/// through the channel against a direct call in this process, the wall time
/// of `widgethost kinds`, and what idle extensions cost.
func extensionBench() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let server = try await startSwiftRepositoryServer(clock: clock)
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.extensions, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - kind: SingleRepo
          - kind: DoubleRepo
          - kind: Contributor
            settings: {repo: apple/swift}
          - {kind: Ticker, module: FixtureSchedules}
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), clock: clock, environment: [:])

    print("process boundary, one timeline call (direct: the module dlopened in this process):")
    for (name, family, configuration, iterations) in [
        ("Ticker", WidgetFamily.systemSmall, ConfigurationValues(), 3_000),
        ("SingleRepo", .systemLarge, ["repo": .string("apple/swift")], 1_000),
    ] {
        guard let remote = workspace.bundle.kind(named: name) else { continue }
        let direct = try DirectModule.descriptor(kind: name, path: remote.modulePath)
        let context = remote.context(for: family, date: clock.now())
        // Warm both: the first call fetches from the fake GitHub, later ones hit the host's cache.
        let sample = try await workspace.withServices { try await direct.provider.timeline(for: configuration, in: context) }
        _ = try await remote.descriptor.provider.timeline(for: configuration, in: context)
        let directTimes = try await microseconds(iterations) {
            _ = try await workspace.withServices { try await direct.provider.timeline(for: configuration, in: context) }
        }
        let remoteTimes = try await microseconds(iterations) {
            _ = try await remote.descriptor.provider.timeline(for: configuration, in: context)
        }
        let size = try JSONEncoder().encode(sample).count
        let coding = try await microseconds(iterations) {
            let message = ExtensionMessage.reply(id: 1, .timeline(ArchiveCodec.encode(sample)))
            guard case .reply(_, .timeline(let archive)) = try JSONDecoder().decode(ExtensionMessage.self, from: try JSONEncoder().encode(message)) else {
                return
            }
            _ = try ArchiveCodec.decodeTimeline(archive)
        }
        print("  \(name) (\(sample.entries.count) entries, \(size / 1_024) KiB archived), \(iterations) calls:")
        print("    direct           p50 \(format(directTimes, 0.5)) µs   p99 \(format(directTimes, 0.99)) µs")
        print("    extension        p50 \(format(remoteTimes, 0.5)) µs   p99 \(format(remoteTimes, 0.99)) µs")
        let aim = name == "SingleRepo" ? " (aim: 500 µs at most)" : ""
        print("    added            p50 \(String(format: "%.0f", percentile(remoteTimes, 0.5) - percentile(directTimes, 0.5))) µs\(aim)")
        print("    of which         p50 \(format(coding, 0.5)) µs to encode and decode the reply")
    }

    let pids = workspace.bundle.pool.pids
    print("extensions after the calls above (\(pids.count): SingleRepo, DoubleRepo, Contributor, FixtureSchedules):")
    for pid in pids.sorted() {
        // Where the extension has namespaces of its own, the module runs in
        // the runner's one child, and the runner only waits for it.
        let module = TestSupport.childProcesses(of: pid).first ?? pid
        let rss = { (pid: Int32) in String(format: "%.1f", Double(procField("VmRSS", pid: pid) ?? 0) / 1_024) }
        let waiting = module == pid ? "" : String(format: "  (the waiting runner: RSS %@ MiB, PSS %.1f MiB)", rss(pid),
                                                          Double(procField("Pss", pid: pid, file: "smaps_rollup") ?? 0) / 1_024)
        print("  pid \(module)        RSS \(rss(module)) MiB\(waiting)")
    }
    try kindsWallTime(manifest: manifest.path)
    try await sandboxCost()
    try await idleRunWakeUps(folder: manifest.folder, api: server.apiBase)
}

/// `widgethost kinds` with the three built-in modules, as a user runs it.
private func kindsWallTime(manifest: String) throws {
    let binary = TestSupport.productsDirectory.appendingPathComponent("widgethost")
    let runs = 20
    var times: [Double] = []
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["kinds", "--config", manifest]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let began = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        times.append((ContinuousClock.now - began) / .milliseconds(1))
    }
    times.sort()
    print("widgethost kinds, 4 modules in 4 extensions, \(runs) runs:")
    print("  wall             median \(String(format: "%.0f", times[runs / 2])) ms, fastest \(String(format: "%.0f", times[0])) ms, slowest \(String(format: "%.0f", times[runs - 1])) ms")
}

/// A real `widgethost run` with the three built-in kinds and nothing due:
/// how often it and its extensions wake up.
private func idleRunWakeUps(folder: URL, api: String) async throws {
    let manifest = folder.appendingPathComponent("idle.yaml")
    try """
        container: {group: bench.idle-run, path: idle-data}
        github: {api: "\(api)"}
        widgets:
          - kind: SingleRepo
          - kind: DoubleRepo
          - kind: Contributor
            settings: {repo: apple/swift}
        """.write(to: manifest, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
    process.arguments = ["run", manifest.path, "--log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
        process.terminate()
        process.waitUntilExit()
    }
    try await Task.sleep(for: .seconds(2))
    let host = process.processIdentifier
    let extensions = TestSupport.childProcesses(of: host)
    let seconds = 10
    let hostBefore = contextSwitches(host), extensionsBefore = extensions.map(contextSwitches)
    try await Task.sleep(for: .seconds(seconds))
    let hostWakeUps = switches(from: hostBefore, to: contextSwitches(host))
    let extensionWakeUps = zip(extensionsBefore, extensions.map(contextSwitches)).map { switches(from: $0, to: $1) }
    print("widgethost run with 3 extensions and nothing due, \(seconds) s:")
    print("  host             \(hostWakeUps) context switches, threads alive throughout and threads started (\(String(format: "%.1f", Double(hostWakeUps) / Double(seconds)))/s)")
    print("  extensions       \(extensionWakeUps.map(String.init).joined(separator: ", ")) context switches each")
    print("  host RSS         \(String(format: "%.1f", Double(procField("VmRSS", pid: host) ?? 0) / 1_024)) MiB")
    func mebibytes(_ field: String, _ pid: Int32, file: String = "status") -> String {
        String(format: "%.1f", Double(procField(field, pid: pid, file: file) ?? 0) / 1_024)
    }
    print("  extension RSS    \(extensions.map { mebibytes("VmRSS", $0) }.joined(separator: ", ")) MiB (idle, after reading their kinds)")
    print("    of it private  \(extensions.map { mebibytes("RssAnon", $0) }.joined(separator: ", ")) MiB; the rest is the Swift runtime's shared pages")
    print("  extension PSS    \(extensions.map { mebibytes("Pss", $0, file: "smaps_rollup") }.joined(separator: ", ")) MiB (shared pages split among the processes)")
}

private func microseconds(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let began = ContinuousClock.now
        try await body()
        samples.append((ContinuousClock.now - began) / .microseconds(1))
    }
    return samples.sorted()
}

private func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

private func format(_ sorted: [Double], _ fraction: Double) -> String {
    String(format: "%.0f", percentile(sorted, fraction))
}

/// A field of /proc/<pid>/status (or another such file) in kB, or a count.
private func procField(_ name: String, pid: Int32, file: String = "status") -> Int? {
    ((try? TestSupport.readProcFile("/proc/\(pid)/\(file)")) ?? "").split(separator: "\n").first { $0.hasPrefix(name + ":") }
        .flatMap { Int($0.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") }
}

/// Voluntary and involuntary context switches of every thread of `pid`.
/// Each thread's context switches so far, by thread id.
private func contextSwitches(_ pid: Int32) -> [String: Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return Dictionary(uniqueKeysWithValues: tasks.map { task in
        let status = (try? TestSupport.readProcFile("/proc/\(pid)/task/\(task)/status")) ?? ""
        return (task, status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
            .compactMap { Int($0.split(whereSeparator: \.isWhitespace).last ?? "") }.reduce(0, +))
    })
}

/// Context switches between two readings, over the threads alive at both:
/// a thread that ended in between (an idle dispatch worker) takes its
/// count with it, and summing every live thread once gave negative figures.
private func switches(from before: [String: Int], to after: [String: Int]) -> Int {
    after.reduce(0) { total, thread in total + (before[thread.key].map { thread.value - $0 } ?? thread.value) }
}

/// What the sandbox costs: an extension's start (spawn, confinement, dlopen,
/// the describe round trip) and the timeline round trip, confined and not,
/// in turns so that the machine's load falls on both alike.
private func sandboxCost() async throws {
    let products = TestSupport.productsDirectory
    let searchPath = ModuleSearchPath(directories: [products])
    let module = products.appendingPathComponent(ModuleSearchPath.libraryName("FixtureSchedules")).path
    let rounds = 20, calls = 500
    var starts: [Bool: [Double]] = [:], trips: [Bool: [Double]] = [:]
    for _ in 0..<rounds {
        for enforced in [false, true] {
            var sandbox = ExtensionSandbox()
            sandbox.isEnforced = enforced
            let pool = ExtensionPool(searchPath: searchPath, output: { _ in })
            let loader = ModuleLoader(searchPath: searchPath, pool: pool)
            let began = ContinuousClock.now
            let loaded = try await loader.load(path: module, module: "FixtureSchedules", sandbox: sandbox).get()
            starts[enforced, default: []].append((ContinuousClock.now - began) / .milliseconds(1))
            guard let ticker = loaded.descriptors.first(where: { $0.kind == "Ticker" }) else {
                print("  FixtureSchedules offers no Ticker")
                return
            }
            let context = TimelineProviderContext(family: .systemSmall, isPreview: false, settings: [:], date: Date(timeIntervalSince1970: 1_800_000_000))
            _ = try await ticker.provider.timeline(for: ConfigurationValues(), in: context)
            trips[enforced, default: []] += try await microseconds(calls / rounds) {
                _ = try await ticker.provider.timeline(for: ConfigurationValues(), in: context)
            }
            await pool.shutDown()
        }
    }
    print("the sandbox's cost (FixtureSchedules, \(rounds) starts and \(calls) Ticker timelines each way, in turns; Landlock ABI \(SandboxSupport.current.landlockABI)):")
    for enforced in [false, true] {
        starts[enforced]!.sort()
        trips[enforced]!.sort()
        let name = enforced ? "confined  " : "unconfined"
        print("  \(name)  start p50 \(String(format: "%.1f", percentile(starts[enforced]!, 0.5))) ms  p90 \(String(format: "%.1f", percentile(starts[enforced]!, 0.9))) ms"
              + "   timeline p50 \(format(trips[enforced]!, 0.5)) µs  p99 \(format(trips[enforced]!, 0.99)) µs")
    }
}
