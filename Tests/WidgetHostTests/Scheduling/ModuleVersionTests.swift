import Foundation
import Testing
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK

/// Issue 38: entries are kept with the build of the module that made them,
/// and a host that starts on another build reloads them at once, once.
@Suite("Entries and the module build that made them")
struct ModuleVersionTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A schedule with one entry made by `version`, next reloaded never (a `.never` policy).
    static func saved(by version: String?, quarantined: Bool = false) -> InstanceSchedule {
        var schedule = InstanceSchedule()
        schedule.entries = [ArchivedEntry(date: start, view: ViewNode(.text("old build")))]
        schedule.policy = .never
        schedule.nextReloadReason = "the timeline's policy is never"
        schedule.lastSuccess = start
        schedule.moduleVersion = version
        if quarantined {
            schedule.crashes = CrashRecord(inARow: 3, last: "extension crashed (SIGILL)", lastAt: start, quarantined: true)
        }
        return schedule
    }

    static func requested(_ events: [SchedulerEvent]) -> [String] {
        events.compactMap { if case .reloadRequested(_, _, let reason) = $0.kind { reason } else { nil } }
    }

    @Test func entriesOfAnotherBuildAreReloadedAtOnceAndTheQuarantineEndsOnce() {
        var core = SchedulerCore(policy: SchedulePolicy())
        let now = Self.start + 3_600
        let events = core.add("a", schedule: Self.saved(by: "v1", quarantined: true), at: now, moduleVersion: "v2")
        #expect(Self.requested(events) == [SchedulerCore.moduleChangedReason])
        #expect(core.schedule(for: "a")?.isQuarantined == false, "released, as a module changed under a running host releases it")
        #expect(core.schedule(for: "a")?.moduleVersion == "v2")
        #expect(core.nextDeadline() == now)
        #expect(core.advance(to: now).calls.map(\.instance) == ["a"])

        // The new build crashes again: the quarantine a later start finds is kept.
        var crashed = core.schedule(for: "a")!
        crashed.crashes = CrashRecord(inARow: 3, last: "extension crashed (SIGILL)", lastAt: now, quarantined: true)
        var next = SchedulerCore(policy: SchedulePolicy())
        #expect(Self.requested(next.add("a", schedule: crashed, at: now + 60, moduleVersion: "v2")).isEmpty)
        #expect(next.schedule(for: "a")?.isQuarantined == true)
    }

    @Test func theSameBuildOrAnUnknownOneReloadsNothing() {
        for (saved, running) in [("v1", "v1"), (nil, "v2"), ("v1", nil)] as [(String?, String?)] {
            var core = SchedulerCore(policy: SchedulePolicy())
            let events = core.add("a", schedule: Self.saved(by: saved), at: Self.start + 60, moduleVersion: running)
            #expect(Self.requested(events).isEmpty, "\(String(describing: saved)) → \(String(describing: running))")
            #expect(core.nextDeadline() == nil, "a .never policy: nothing due")
        }
    }

    @Test func aTimelineRecordsTheBuildThatMadeItsEntriesAndAnEmptyOneKeepsThePrevious() {
        var core = SchedulerCore(policy: SchedulePolicy())
        _ = core.add("a", schedule: nil, at: Self.start, moduleVersion: "v1")
        let first = core.advance(to: Self.start).calls[0]
        let entry = ArchivedEntry(date: Self.start, view: ViewNode(.text("made by v1")))
        _ = core.complete(first, with: .success(ArchivedTimeline(entries: [entry], policy: .atEnd)), at: Self.start + 1, moduleVersion: "v1")
        #expect(core.schedule(for: "a")?.moduleVersion == "v1")

        _ = core.requestReload("a", force: true, at: Self.start + 2)
        let second = core.advance(to: Self.start + 2).calls[0]
        _ = core.complete(second, with: .success(ArchivedTimeline(entries: [], policy: .never)), at: Self.start + 3, moduleVersion: "v2")
        #expect(core.schedule(for: "a")?.moduleVersion == "v1", "no new entries: those shown are still v1's")
    }

    @Test func aBuildIsKnownByItsBytesNotItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("module-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("libA.so"), copy = folder.appendingPathComponent("libB.so")
        try Data("a build".utf8).write(to: one)
        try Data("a build".utf8).write(to: copy)
        #expect(ModuleVersion.of(path: one.path) == ModuleVersion.of(path: copy.path), "a copy on another host is the same build")
        try FileManager.default.setAttributes([.modificationDate: Date() + 60], ofItemAtPath: one.path)
        #expect(ModuleVersion.of(path: one.path) == ModuleVersion.of(path: copy.path), "touched, not rebuilt")
        try Data("another build".utf8).write(to: copy)
        #expect(ModuleVersion.of(path: one.path) != ModuleVersion.of(path: copy.path))
        #expect(ModuleVersion.of(path: folder.appendingPathComponent("missing").path) == nil)
        #expect(ModuleVersion.of(path: one.path)?.count == 16)
    }
}
