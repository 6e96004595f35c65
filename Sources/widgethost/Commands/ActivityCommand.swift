import ArgumentParser
import Foundation
import WidgetContainer
import WidgetHost
import WidgetSDK

/// Live Activities, as an iOS app drives them with ActivityKit: started,
/// updated and ended from outside the kind that draws them.
struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Start, update, end and list Live Activities.",
        discussion: """
            A module's ActivityConfiguration(for: DeliveryAttributes.self) draws the activities of type \
            DeliveryAttributes. Attributes and state are JSON of the module's types (a Date is seconds since \
            2001, as JSONEncoder writes it); together at most 4 KB. The running host shows each activity above \
            the widgets on the board and the dashboard, most relevant first, until it is dismissed. The same \
            is done over HTTP by POST /activities (docs/activities.md).
            """,
        subcommands: [Start.self, Update.self, End.self, List.self, Show.self], defaultSubcommand: List.self)

    /// `--state`, `--stale-date` and `--relevance-score`: an update's content.
    struct ContentOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The ContentState, as JSON; @file reads it from a file.", valueName: "json"))
        var state: String?

        @Option(help: ArgumentHelp("When the content goes stale (the view then sees isStale).", valueName: "when"))
        var staleDate: MomentArgument?

        @Option(help: ArgumentHelp("Higher is shown first (default 0).", valueName: "score"))
        var relevanceScore: Double = 0

        func validate() throws {
            guard relevanceScore.isFinite else { throw ValidationError("--relevance-score is a finite number") }
        }

        func content(now: Date) throws -> ActivityContentUpdate? {
            guard let state else { return nil }
            return ActivityContentUpdate(state: try ActivityCommand.json(state, "--state"), staleDate: staleDate?.date(from: now),
                                         relevanceScore: relevanceScore)
        }
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a Live Activity; prints its id.")

        @Argument(help: ArgumentHelp("The activity's attributes type, as its module declares it.", valueName: "type"))
        var type: String

        @Option(help: ArgumentHelp("The attributes, as JSON; @file reads them from a file.", valueName: "json"))
        var attributes: String

        @OptionGroup var content: ContentOptions

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func validate() throws {
            guard content.state != nil else { throw ValidationError("--state is required: the activity's first ContentState") }
        }

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let now = Date()
                let attributes = try ActivityCommand.json(self.attributes, "--attributes")
                let activity = try await workspace.startActivity(type: type, attributes: attributes, content: try content.content(now: now)!)
                try ActivityCommand.print(activity, json: json, at: now)
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a Live Activity new content.",
            discussion: """
                With --timestamp, an update stamped no later than the latest timestamp given is ignored (exit 0, \
                and said): a retry is applied once. An activity may make 10 updates at once, then one each 5 seconds.
                """)

        @Argument(help: ArgumentHelp("The activity's id, as 'start' printed it.", valueName: "id"))
        var id: String

        @OptionGroup var content: ContentOptions

        @Option(help: ArgumentHelp("When the sender made the update; one no later than the latest timestamp given is ignored (a retry).", valueName: "when"))
        var timestamp: MomentArgument?

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func validate() throws {
            guard content.state != nil else { throw ValidationError("--state is required: the activity's new ContentState") }
        }

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let now = Date()
                let change = try await workspace.updateActivity(id: id, content: try content.content(now: now)!, timestamp: timestamp?.date(from: now))
                try ActivityCommand.print(change, json: json, at: now)
            }
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End a Live Activity, with final content if given.",
            discussion: """
                An ended activity stays shown as --dismissal-policy says: 'default' (up to four hours), \
                'immediate', or a moment (at most four hours on). Ending one that has ended changes nothing.
                """)

        @Argument(help: ArgumentHelp("The activity's id.", valueName: "id"))
        var id: String

        @OptionGroup var content: ContentOptions

        @Option(help: ArgumentHelp("default, immediate, or when to dismiss it (ISO 8601 or 15m from now).", valueName: "policy"))
        var dismissalPolicy: String = "default"

        @Option(help: ArgumentHelp("When the sender made the end; one no later than the latest timestamp given is ignored.", valueName: "when"))
        var timestamp: MomentArgument?

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func validate() throws {
            guard ["default", "immediate"].contains(dismissalPolicy) || MomentArgument(argument: dismissalPolicy) != nil else {
                throw ValidationError("--dismissal-policy is default, immediate, or a moment such as 15m or 2026-11-28T18:30:00Z")
            }
        }

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let now = Date()
                let policy: ActivityUIDismissalPolicy = switch dismissalPolicy {
                case "default": .default
                case "immediate": .immediate
                default: .after(MomentArgument(argument: dismissalPolicy)!.date(from: now))
                }
                let change = try await workspace.endActivity(id: id, content: try content.content(now: now), dismissal: policy,
                                                             timestamp: timestamp?.date(from: now))
                try ActivityCommand.print(change, json: json, at: now)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the Live Activities shown, most relevant first.")

        @Flag(help: "Include those dismissed in the last day.")
        var all = false

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let loaded = try manifest.loadManifest()
            let container = try manifest.openContainer(loaded)
            try await Terminal.failing {
                let now = Date()
                let kept = try await container.read { try $0.activities() }
                let activities = all ? kept.sorted { $0.startedAt > $1.startedAt } : kept.shown(at: now)
                if json {
                    try Terminal.printJSON(activities.map { ActivitySummary($0, at: now) })
                } else if activities.isEmpty {
                    Terminal.line("no Live Activities\(all ? "" : " shown"); start one with 'widgethost activity start TYPE --attributes JSON --state JSON'")
                } else {
                    var rows = [["ID", "TYPE", "PHASE", "RELEVANCE", "STARTED", "UPDATED", "STATE"]]
                    for activity in activities {
                        rows.append([activity.id, activity.type, activity.phase(at: now).rawValue, "\(activity.relevanceScore)",
                                     Terminal.time(activity.startedAt), Terminal.time(activity.updatedAt), String(decoding: activity.state, as: UTF8.self)])
                    }
                    Terminal.printTable(rows)
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a Live Activity as it shows: its Lock Screen presentation.",
            discussion: "As stored when it was last started, updated or ended; the stale drawing once its stale date has passed.")

        @Argument(help: ArgumentHelp("The activity's id.", valueName: "id"))
        var id: String

        @Option(help: ArgumentHelp("Draw it as at this moment (default: now).", valueName: "when"))
        var at: MomentArgument?

        @OptionGroup var render: RenderOptions

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace(describing: .remembered)
            try await Terminal.failing {
                guard let activity = try await workspace.container.read({ try $0.activity(id: id) }) else { throw ActivityError.notFound(id) }
                let renderable = try workspace.renderable(activity, at: at?.date(from: Date()) ?? Date())
                try RenderOptions.write(try render.output(renderable, toTerminal: RenderOptions.isTerminal(output), defaultScheme: workspace.defaultScheme,
                                                          rasterizer: workspace.rasterizer), to: output)
            }
        }
    }

    /// JSON given on the command line, or read from `@file`.
    static func json(_ text: String, _ option: String) throws -> Data {
        guard text.hasPrefix("@") else { return Data(text.utf8) }
        let path = String(text.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("\(option): cannot read \(path)") }
        return data
    }

    static func print(_ activity: LiveActivity, json: Bool, at now: Date) throws {
        if json {
            try Terminal.printJSON(ActivitySummary(activity, at: now))
        } else {
            Terminal.line(activity.id)
        }
    }

    static func print(_ change: ActivityChange, json: Bool, at now: Date) throws {
        if json {
            try Terminal.printJSON(ActivitySummary(change.activity, at: now))
            return
        }
        let activity = change.activity
        switch change {
        case .applied:
            Terminal.line(activity.endedAt != nil ? "ended \(activity.id); shown until \(Terminal.time(activity.effectiveDismissal))" : "updated \(activity.id)")
        case .ignored:
            Terminal.line("unchanged: \(activity.id) \(activity.phase(at: now) == .ended || activity.phase(at: now) == .dismissed ? "has ended already" : "has a change stamped as late or later")")
        }
    }
}
