import ArgumentParser
import Foundation
import HostText
import WidgetContainer
import WidgetHost
import WidgetKinds

/// The shared container's defaults suite, read and written the way macOS's
/// `defaults` does: what widget modules keep with `SharedDefaults.appGroup`.
struct DefaultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults",
        abstract: "Read and write the shared defaults that widgets keep their data in (the App Group's UserDefaults).",
        discussion: """
            Values are JSON. For example, the TodoList kind keeps a list's tasks under todo.<list>:
              widgethost defaults write todo.Inbox '[{"title": "Buy milk"}, {"title": "Call Ann"}]'
              widgethost defaults read todo.Inbox
            What JSON lacks and a kind's UserDefaults keeps is a one-key object: {"$date": "2026-11-26T09:30:00Z"},
            {"$data": "<Base64>"}, {"$url": "https://…"}; a kind reads them back as Date, Data and URL.
              widgethost defaults write lastGlass --date now
            A running host does not reload on its own when a value changes: 'widgethost reload' asks it to.
            """,
        subcommands: [Read.self, Write.self, Delete.self])

    static func container(_ manifest: ManifestOptions) throws -> SharedContainer {
        try SharedContainer(manifest: try manifest.loadManifest())
    }

    /// This command is the App Group's suite; a module kept out of it
    /// (`app_group: false`) has its own, which only its kinds reach.
    static func checkAppGroupKey(_ key: String) throws {
        if DefaultsSuites.isReserved(key) {
            throw ValidationError("keys starting with '\(DefaultsSuites.reservedPrefix)' (app_group: false) or '\(DefaultsSuites.suitePrefix)' (UserDefaults.standard, other suite names) are modules' own suites, not the App Group's")
        }
    }

    /// JSON as people read it: sorted keys, indented.
    /// A stored value as pretty JSON; bytes that are not JSON (a kind wrote
    /// them) as one escaped line. Either way nothing reaches the terminal raw.
    static func pretty(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let text = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return TerminalText.escaped(String(decoding: data, as: UTF8.self)) }
        return TerminalText.json(String(decoding: text, as: UTF8.self))
    }

    struct Read: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one key's value, or every key and value.",
            discussion: "Without a key, prints a JSON object of every key; a missing key is an error (exit 1).")

        @Argument(help: ArgumentHelp("The key (default: every key).", valueName: "key"))
        var key: String?

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            try await Terminal.failing {
                let container = try DefaultsCommand.container(manifest)
                guard let key else {
                    var all: [String: Any] = [:]
                    for (key, value) in try container.allDefaults() where !DefaultsSuites.isReserved(key) {
                        all[key] = try? JSONSerialization.jsonObject(with: value, options: [.fragmentsAllowed])
                    }
                    let text = try JSONSerialization.data(withJSONObject: all, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                    return print(TerminalText.json(String(decoding: text, as: UTF8.self)))
                }
                try DefaultsCommand.checkAppGroupKey(key)
                guard let value = try container.defaultsValue(forKey: key) else {
                    throw ValidationError("no key '\(key)' in the shared defaults; 'widgethost defaults read' lists them")
                }
                print(DefaultsCommand.pretty(value))
            }
        }
    }

    struct Write: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a key to a JSON value (an object, array, string, number, true, false or null), a date or bytes.")

        @Argument(help: ArgumentHelp("The key.", valueName: "key"))
        var key: String

        @Argument(help: ArgumentHelp("The value as JSON; quote it for the shell.", valueName: "json"))
        var json: String?

        @Option(help: ArgumentHelp("A date instead of JSON: ISO 8601 ('2026-11-26T09:30:00Z') or 'now'; a kind reads it as a Date.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("Bytes instead of JSON, as Base64; a kind reads them as Data.", valueName: "base64"))
        var data: String?

        @OptionGroup var manifest: ManifestOptions

        func validate() throws {
            guard !key.isEmpty, !key.contains(where: { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else {
                throw ValidationError("a key is a non-empty line of text")
            }
            try DefaultsCommand.checkAppGroupKey(key)
            guard [json, date, data].compactMap({ $0 }).count == 1 else {
                throw ValidationError("give the value once: as JSON, with --date or with --data")
            }
            _ = try value()
        }

        /// The JSON to store, as a kind's `UserDefaults` stores the same value.
        func value() throws -> Data {
            if let date {
                let parsed = date == "now" ? Date() : (try? Date(date, strategy: .iso8601))
                    ?? (try? Date(date, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                guard let parsed else {
                    throw ValidationError("'\(date.prefix(40))' is not an ISO 8601 date such as 2026-11-26T09:30:00Z, or 'now'")
                }
                return try Self.tagged("$date", parsed.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            }
            if let data {
                guard Data(base64Encoded: data) != nil else { throw ValidationError("'\(data.prefix(40))' is not Base64") }
                return try Self.tagged("$data", data)
            }
            let json = json ?? ""
            do {
                _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
            } catch {
                let reason = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
                    .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                throw ValidationError("'\(json.prefix(40))' is not JSON: \(reason); strings need quotes, as in '\"text\"'")
            }
            return Data(json.utf8)
        }

        private static func tagged(_ tag: String, _ text: String) throws -> Data {
            try JSONSerialization.data(withJSONObject: [tag: text], options: [.sortedKeys, .withoutEscapingSlashes])
        }

        func run() async throws {
            try await Terminal.failing {
                try DefaultsCommand.container(manifest).writeDefaults(try value(), forKey: key)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a key and its value.")

        @Argument(help: ArgumentHelp("The key.", valueName: "key"))
        var key: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            try await Terminal.failing {
                try DefaultsCommand.checkAppGroupKey(key)
                guard try DefaultsCommand.container(manifest).deleteDefaults(forKey: key) else {
                    throw ValidationError("no key '\(key)' in the shared defaults; nothing was deleted")
                }
            }
        }
    }
}
