import Foundation
import Testing
import WidgetSDK
import WidgetTestSupport

/// Issue 41's SystemStatus kind (Widgets/SystemStatus): the machine from
/// `/proc`, `/sys` and `statvfs`, read in the extension's sandbox. Figures
/// are checked on FakeMachine/ (a `/proc` of known numbers, the kind's
/// `settings.root`, declared under `sandbox.read`), and the real machine's
/// against what this process reads of it.
@Suite("System status")
struct SystemStatusTests {
    @Test func theFiguresOfAKnownMachine() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"])
        let timeline = try await fixture.timeline("SystemStatus", family: .systemLarge, ["disks": .list([])])
        let texts = try #require(timeline.entries.first).view.texts
        // Busy 5,687 of 38,065 jiffies since boot (the counters did not move): 15 %.
        // Memory: 16,303,428 kB, 9,841,236 available: 6.2 GiB used, 40 %.
        for expected in ["larder", "up 3d 4h", "15%", "4 cores", "40%", "6.2 GB", "11%", "0.42", "0.42  0.36  0.30", "6.2 GB of 16 GB", "512",
                         "x86_pkg_temp", "49 °C", "acpitz", "39 °C"] {
            #expect(texts.contains(expected), "\(expected) in \(texts)")
        }
        #expect(timeline.policy == .after(WallFixture.start.addingTimeInterval(300)))
    }

    /// The CPU's share is measured between one reload and the next, from
    /// counters the module keeps in its own defaults.
    @Test func theCPUIsMeasuredBetweenReloads() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"])
        _ = try await fixture.timeline("SystemStatus", family: .accessoryInline)
        // 150 jiffies busy and 50 idle more since: 75 %.
        let stat = fixture.machine.appendingPathComponent("proc/stat")
        try "cpu  4805 356 634 32248 180 0 42 0 0 0\ncpu0 1 1 1 1 1 0 0 0 0 0\n".write(to: stat, atomically: true, encoding: .utf8)
        let later = try await fixture.timeline("SystemStatus", family: .accessoryInline)
        #expect(try #require(later.entries.first).view.texts == ["CPU 75% · Mem 40%"])
    }

    @Test func aDiskIsMeasuredWhereItIsMounted() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"])
        let timeline = try await fixture.timeline("SystemStatus", family: .systemLarge, ["disks": .list([.string("/")])])
        let texts = try #require(timeline.entries.first).view.texts
        var stats = statvfs()
        #expect(statvfs(fixture.machine.path, &stats) == 0)
        let total = Double(stats.f_blocks) * Double(stats.f_frsize)
        let row = try #require(texts.firstIndex(of: "/"), "the disk's row: \(texts)")
        // "… of 216 GB": the size the kind shows is the file system's, to its rounding.
        let shown = try #require(texts[row + 1].firstMatch(of: /of ([0-9.]+) (MB|GB|TB)$/), "\(texts[row + 1])")
        let bytes = try #require(Double(shown.1)) * pow(1_024, shown.2 == "TB" ? 4 : shown.2 == "GB" ? 3 : 2)
        #expect(abs(bytes - total) / total < 0.06, "the file system the root is on: \(texts[row + 1]), \(total) bytes")
    }

    /// Not FakeMachine: the kind reads this machine's /proc in its sandbox,
    /// which allows it without a declaration.
    @Test func theRealMachineAsThisProcessSeesIt() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"], realMachine: true)
        let timeline = try await fixture.timeline("SystemStatus", family: .systemMedium, ["disks": .list([.string("/")])])
        let texts = try #require(timeline.entries.first).view.texts
        let host = try String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let cores = try String(contentsOfFile: "/proc/stat", encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("cpu") && !$0.hasPrefix("cpu ") }.count
        #expect(texts.first == host, "\(texts)")
        #expect(texts.contains("\(cores) cores"), "\(texts)")
        #expect(texts.contains("Disk"), "\(texts)")
    }

    @Test func aMachineWithoutProcFailsTheReloadSayingWhy() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"])
        try FileManager.default.removeItem(at: fixture.machine.appendingPathComponent("proc/stat"))
        let error = await #expect(throws: (any Error).self) {
            try await fixture.timeline("SystemStatus", family: .systemSmall)
        }
        #expect(String(describing: error.map { $0 } as Any).contains("cannot read \(fixture.machine.path)/proc/stat"), "\(String(describing: error))")
    }

    /// systemd units from their control groups (FakeMachine's
    /// `sys/fs/cgroup`): running, stopped, a template's instance one slice
    /// deeper, and a name that is no unit's. Without a cgroup v2 hierarchy
    /// to read, the card says so.
    @Test func systemdUnitsAreReadFromTheirControlGroups() async throws {
        let fixture = try await WallFixture(kinds: ["SystemStatus"])
        let units = ["nginx", "backup.service", "getty@tty1.service", "../../../etc/passwd"]
        let configuration: ConfigurationValues = ["disks": .list([]), "units": .list(units.map { .string($0) })]
        let texts = try #require(try await fixture.timeline("SystemStatus", family: .systemLarge, configuration).entries.first).view.texts
        func state(_ unit: String) -> String? { texts.firstIndex(of: unit).map { texts[$0 + 1] } }
        #expect(state("nginx") == "running", "a name without a type is a service's: \(texts)")
        #expect(state("backup.service") == "stopped")
        #expect(state("getty@tty1.service") == "running")
        #expect(state("../../../etc/passwd") == "not running")
        try FileManager.default.removeItem(at: fixture.machine.appendingPathComponent("sys/fs/cgroup"))
        let unreadable = try #require(try await fixture.timeline("SystemStatus", family: .systemLarge, configuration).entries.first).view.texts
        #expect(unreadable.firstIndex(of: "nginx").map { unreadable[$0 + 1] } == "not readable", "\(unreadable)")
    }
}
