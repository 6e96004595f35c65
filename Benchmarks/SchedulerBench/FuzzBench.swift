import Foundation
import HostBasics
import ViewFuzzer
import WidgetConfiguration
import WidgetDashboard
import WidgetHost
import WidgetKinds

/// `make fuzz`: random and adversarial trees through the host's checks,
/// layout and renderers for `FUZZ_SECONDS` (default 180), from a seed that
/// is printed (or `FUZZ_SEED`), so any trap repeats. A trap ends the process
/// with the seed and tree number on the last line printed.
func fuzzBench(environment: [String: String]) {
    let seconds = Double(environment["FUZZ_SECONDS"] ?? "") ?? 180
    let seed = UInt64(environment["FUZZ_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64(UInt32.max))
    say("fuzz: seed \(seed), \(Int(seconds)) s (FUZZ_SEED=\(seed) repeats it)")
    var generator = ViewTreeGenerator(seed: seed)
    var trees = 0, refused = 0, unstorable = 0
    var slowest = 0.0
    let cpuBefore = cpuSeconds()
    let end = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < end {
        let entry = generator.entry()
        let intervals = generator.relevantIntervals()
        let began = ContinuousClock.now
        let outcome = FuzzRound.run(entry, intervals: intervals)
        slowest = max(slowest, (ContinuousClock.now - began) / .milliseconds(1))
        trees += 1
        if outcome.refused { refused += 1 }
        if let problem = outcome.unstorable {
            unstorable += 1
            say("  tree \(trees) was accepted but cannot be stored: \(problem)")
        }
    }
    let cpu = cpuSeconds() - cpuBefore
    say("  \(trees) trees, \(refused) refused by the checks, \(trees - refused) drawn as sent; 0 traps, \(unstorable) accepted but unstorable")
    say("  each in every family, as SVG (two modes), ANSI (two colour settings) and the layout outline")
    say("  \(String(format: "%.2f", cpu / Double(max(trees, 1)) * 1_000)) ms CPU a tree, slowest \(String(format: "%.1f", slowest)) ms; peak RSS \(peakRSSMiB()) MiB")
    fuzzImages(seconds: Double(environment["FUZZ_IMAGE_SECONDS"] ?? "") ?? 60, seed: seed)
    fuzzActivityPushes(seconds: Double(environment["FUZZ_PUSH_SECONDS"] ?? "") ?? 30, seed: seed)
}

/// Live Activity pushes as `POST /activities` takes them, from a server that
/// may send anything: valid payloads mutated byte by byte, cut short, nested
/// deep, with numbers and strings of every kind, through the payload's parser
/// and what the host does with an accepted one's JSON (stored, then written
/// out again by `activity list --json` and `/activities`).
private func fuzzActivityPushes(seconds: Double, seed: UInt64) {
    say("fuzz: Live Activity pushes, seed \(seed), \(Int(seconds)) s")
    var random = SplitMix64(seed: seed)
    let seeds = [
        #"{"aps":{"event":"start","timestamp":1,"attributes-type":"DeliveryAttributes","attributes":{"restaurant":"Taqueria","items":2},"content-state":{"stage":"preparing","eta":786000000.5},"relevance-score":50}}"#,
        #"{"event":"update","timestamp":1764340300,"content-state":{"stage":"on the way","list":[1,2,{"a":null}],"flag":true},"stale-date":1764341200}"#,
        #"{"aps":{"event":"end","timestamp":1764341500,"dismissal-date":1764342400,"content-state":{"s":"\u00e9\ud83c\udf55"}}}"#,
    ].map { Array($0.utf8) }
    let fragments = ["{", "}", "[", "]", ":", ",", "\"", "\\", "1e400", "-0", "NaN", "null", "true", "\"event\"", "\"start\"", "\"aps\"",
                     "\"content-state\"", "{\"a\":", "\u{0}", "\u{FEFF}", "\u{202E}", "99999999999999999999999"].map { Array($0.utf8) }
    var bodies = 0, accepted = 0, written = 0
    var slowest = 0.0
    let end = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < end {
        var body = seeds[Int(random.next() % UInt64(seeds.count))]
        for _ in 0..<(1 + Int(random.next() % 6)) {
            let at = body.isEmpty ? 0 : Int(random.next() % UInt64(body.count))
            switch random.next() % 5 {
            case 0: if !body.isEmpty { body[at] = UInt8(truncatingIfNeeded: random.next()) }
            case 1: body.insert(contentsOf: fragments[Int(random.next() % UInt64(fragments.count))], at: at)
            case 2: body.removeSubrange(at..<min(body.count, at + Int(random.next() % 16)))
            case 3:
                let depth = Int(random.next() % 3000)
                body.insert(contentsOf: Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8), at: at)
            default: body = Array(body.prefix(at))
            }
        }
        body = Array(body.prefix(ActivityPush.maximumBody))
        let began = ContinuousClock.now
        bodies += 1
        if let push = try? ActivityPush(json: Data(body)) {
            accepted += 1
            let encoder = JSONEncoder()
            for part in [push.attributes, push.state].compactMap({ $0 }) where (try? encoder.encode(JSONObjectValue(part))) != nil {
                written += 1
            }
            _ = push.dismissal(at: Date())
        }
        slowest = max(slowest, (ContinuousClock.now - began) / .milliseconds(1))
    }
    say("  \(bodies) bodies, \(accepted) accepted as a start, update or end (\(written) JSON parts written out again), \(bodies - accepted) refused; 0 traps")
    say("  slowest body \(String(format: "%.2f", slowest)) ms")
}

/// Mutated PNG, JPEG and GIF files (bombs among the seeds) through the
/// entry checks and the sandboxed rasteriser, which this process starts as
/// the host does: a decoder that crashes or runs out of memory there costs
/// a card, never this process.
private func fuzzImages(seconds: Double, seed: UInt64) {
    say("fuzz: images, seed \(seed), \(Int(seconds)) s")
    guard let manifest = try? Manifest.parse("container: {group: group.fuzz}\nwidgets:\n  - {kind: Note, module: FixtureKinds}\n", file: "fuzz.yaml") else { return }
    let process = ExtensionPool(searchPath: ModuleSearchPath(manifest: manifest)).makeRasterizer()
    let rasterizer = SandboxedPNG(process)
    var fuzzer = ImageFuzzer(seed: seed)
    var images = 0, refused = 0, drawn = 0
    var reasons: [String: Int] = [:]
    var slowest = 0.0
    let end = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < end {
        let (_, image) = fuzzer.image()
        let began = ContinuousClock.now
        let outcome = ImageFuzzRound.run(image, rasterizer: rasterizer)
        slowest = max(slowest, (ContinuousClock.now - began) / .milliseconds(1))
        images += 1
        if outcome.refused { refused += 1 }
        if outcome.png != nil { drawn += 1 }
        if let failure = outcome.failure { reasons[String(failure.prefix(60)), default: 0] += 1 }
    }
    say("  \(images) images, \(refused) refused by the checks, \(drawn) drawn as PNG, \(images - drawn) not drawn; "
        + "\(process.failures) rasteriser processes ended mid-card (crash, memory limit or time), 0 host crashes")
    for (reason, count) in reasons.sorted(by: { $0.value > $1.value }).prefix(5) { say("    \(count)× \(reason)") }
    say("  slowest image \(String(format: "%.1f", slowest)) ms (entry checks, layout, SVG, a round trip to the rasteriser and its PNG)")
}

/// Written at once, unbuffered, so the seed is on the screen or in the file before any trap.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

private func peakRSSMiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
    return kib / 1_024
}
