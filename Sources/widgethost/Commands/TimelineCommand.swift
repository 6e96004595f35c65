import ArgumentParser
import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetSDK

struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "An instance's timeline: entries, the current one, policy, next reload and why, last error, budget.")

    @Argument(help: ArgumentHelp("The instance id.", valueName: "id"))
    var id: String

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON (with each entry's view archive) instead of text.")
    var json = false

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        let host = workspace.host(of: id)
        let status = try await Terminal.failing { try workspace.status(of: id, hostRunning: host != nil) }
        let policy = SchedulePolicy(settings: workspace.manifest.schedule)
        let used = status.schedule?.chargedReloads(at: Date()) ?? 0
        if json {
            try Terminal.printJSON(TimelineJSON(status: status, used: used, policy: policy, host: host))
            return
        }
        let instance = status.instance
        let schedule = status.schedule ?? InstanceSchedule()
        Terminal.line("\(instance.id)  \(instance.kind) (\(instance.family.rawValue))  \(instance.configurationSummary())")
        Terminal.line("state:        \(status.state.rawValue): \(status.detail)")
        Terminal.line("host:         \(host.map { "running (\($0))" } ?? "none running on this container")")
        Terminal.line("policy:       \(schedule.policy?.summary ?? "-")")
        Terminal.line("next reload:  \(schedule.nextReload.map(Terminal.time) ?? "never")  (\(schedule.nextReloadReason))")
        Terminal.line("budget:       \(used) of \(policy.dailyBudget) reloads in the last 24 hours; minimum interval \(DurationValue(seconds: policy.minInterval))")
        Terminal.line("last error:   \(schedule.lastError.map { "\($0) at \(Terminal.time(schedule.lastErrorAt!)) (\(schedule.consecutiveFailures) in a row)" } ?? "-")")
        Terminal.line("relevant:     \(Self.intervals(schedule.relevantIntervals ?? []))")
        Terminal.line(schedule.entries.isEmpty ? "entries:      none yet" : "entries:")
        for entry in schedule.entries {
            let marker = entry == status.currentEntry ? "→" : " "
            let score = entry.relevance.map { "  score \($0.score)" + ($0.duration > 0 ? " for \(DurationValue(seconds: $0.duration))" : "") } ?? ""
            Terminal.line("  \(marker) \(Terminal.time(entry.date))\(entry == status.currentEntry ? "  (current)" : "")\(score)")
        }
    }
}

extension TimelineCommand {
    /// The spans `relevance()` gave, as a person reads them.
    static func intervals(_ intervals: [RelevantInterval]) -> String {
        guard !intervals.isEmpty else { return "-  (the provider's relevance() said nothing for it)" }
        let kinds = [RelevantInterval.informational: "informational", RelevantInterval.standard: "default", RelevantInterval.scheduled: "scheduled"]
        return intervals.map { "\(Terminal.time($0.start)) to \(Terminal.time($0.end)) (\(kinds[$0.priority] ?? "\($0.priority)"))" }
            .joined(separator: ", ")
    }
}

/// `timeline --json`
struct TimelineJSON: Encodable {
    struct Entry: Encodable {
        let date: Date
        let current: Bool
        let relevance: TimelineEntryRelevance?
        let view: ViewNode
    }

    struct Budget: Encodable {
        let used: Int
        let dailyBudget: Int
        let minIntervalSeconds: Double
    }

    struct Host: Encodable {
        let pid: Int32
        let since: Date?
    }

    let instance: InstanceJSON
    /// The host running on the container; nil when none is.
    let host: Host?
    let state: String
    let detail: String
    let policy: String?
    let nextReload: Date?
    let nextReloadReason: String?
    let lastSuccess: Date?
    let lastError: String?
    let lastErrorAt: Date?
    let consecutiveFailures: Int
    let budget: Budget
    let currentEntry: Date?
    /// When the instance is relevant, from its provider's `relevance()`.
    let relevantIntervals: [RelevantInterval]
    /// Its place in the relevance order now: a relevant interval's priority (0: none), then the current score.
    let rank: StackRelevance
    let entries: [Entry]

    init(status: InstanceStatus, used: Int, policy: SchedulePolicy, host: HostHolder?) {
        let schedule = status.schedule ?? InstanceSchedule()
        self.host = host.map { Host(pid: $0.pid, since: $0.since) }
        instance = InstanceJSON(status.instance, state: status.placement)
        state = status.state.rawValue
        detail = status.detail
        self.policy = schedule.policy?.summary
        nextReload = schedule.nextReload
        nextReloadReason = schedule.nextReloadReason
        lastSuccess = schedule.lastSuccess
        lastError = schedule.lastError
        lastErrorAt = schedule.lastErrorAt
        consecutiveFailures = schedule.consecutiveFailures
        budget = Budget(used: used, dailyBudget: policy.dailyBudget, minIntervalSeconds: policy.minInterval)
        currentEntry = status.currentEntry?.date
        relevantIntervals = schedule.relevantIntervals ?? []
        rank = StackRelevance(status.schedule, at: Date())
        entries = schedule.entries.map {
            Entry(date: $0.date, current: $0 == status.currentEntry, relevance: $0.relevance, view: $0.view)
        }
    }
}
