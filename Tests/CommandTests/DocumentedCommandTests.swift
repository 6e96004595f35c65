import FakeGitHub
import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// Issue 24: every example command in the console blocks of the README and
/// of docs/ is run
/// against a fresh container (the fake GitHub behind it), and what it prints
/// must have the shape the documentation shows: the same lines, each starting with
/// the same word and holding as many words, ids and times aside. A command
/// that cannot run here is skipped by name, with the reason.
@Suite("The examples of the README and docs/")
struct DocumentedCommandTests {
    /// Commands the documentation shows that need what a test does not have.
    static let skipped: [String: String] = [
        "widgethost validate broken.yaml": "the reader's own broken manifest",
        "widgethost status": "an instance of a hostile kind docs/extensions.md describes",
        "widgethost kinds --config Examples/Countdown/countdown.yaml": "a build of the Countdown example (swift build, a minute)",
        "widgethost dev .": "a widget package being edited",
        // config.yaml's modules declare no control; ControlCommandTests runs these three on the corpus's delivery app.
        "widgethost controls": "the corpus's delivery app (DeliveryWidget)",
        "widgethost controls tap com.example.delivery.alerts": "the corpus's delivery app (DeliveryWidget)",
        "widgethost controls show 1 --format png -o alerts.png": "the corpus's delivery app (DeliveryWidget)",
    ]

    struct Step {
        let command: String
        let expected: [String]
    }

    /// The README and the pages of docs/.
    static func pages() throws -> [URL] {
        let docs = TestSupport.repositoryRoot.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [TestSupport.repositoryRoot.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// Each console block's `$ widgethost …` commands with the lines under them.
    static func blocks() throws -> [[Step]] {
        let text = try pages().map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        return text.matches(of: /```console\n([\s\S]*?)```/).map { match in
            var steps: [Step] = []
            var command: String?
            var lines: [String] = []
            func flush() {
                if let command { steps.append(Step(command: command, expected: lines)) }
                command = nil
                lines = []
            }
            for line in match.output.1.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("$ ") {
                    flush()
                    let text = String(line.dropFirst(2)).replacingOccurrences(of: ".build/debug/widgethost", with: "widgethost")
                    if text.hasPrefix("widgethost ") { command = text }
                } else if command != nil, !line.isEmpty {
                    lines.append(line)
                }
            }
            flush()
            return steps
        }.filter { !$0.isEmpty }
    }

    /// Words as a shell splits them, quotes removed.
    static func words(_ command: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, started = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    /// A line's shape: its first word and how many words, ids and times
    /// made alike.
    static func shape(_ line: String) -> String {
        let normalized = line
            .replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "<time>")
            .replacing(/^[0-9a-z]{6}\b/, with: "<id>")
            .replacing(/\b(?=[0-9a-z]*\d)[0-9a-z]{6}\b/, with: "<id>")
        let words = normalized.split(whereSeparator: \.isWhitespace)
        return "\(words.first ?? "") ×\(words.count)"
    }

    @Test func everyExampleCommandPrintsWhatTheDocumentationShows() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        server.add(.init(owner: "swiftlang", name: "swift-syntax"))
        var ran = 0
        for block in try Self.blocks() {
            // Each block starts from a fresh container, as a reader would try it.
            let folder = try TestSupport.temporaryDirectory()
            let manifest = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("config.yaml"), encoding: .utf8)
                .replacingOccurrences(of: "container:\n  group: group.co.harold.RepoWatcher\n",
                                      with: "container:\n  group: group.co.harold.RepoWatcher\n  path: data\ngithub: {api: \"\(server.apiBase)\"}\n")
            try manifest.write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
            // The documentation's ids are the ones its commands printed; here they are others.
            var ids: [String: String] = [:]
            // What a tap acts on is an entry: its reader has a host running.
            var host: RunningHost?
            defer { host?.terminate() }
            for step in block {
                guard Self.skipped[step.command] == nil else { continue }
                var arguments = Array(Self.words(step.command).dropFirst())
                arguments = arguments.map { ids[$0] ?? $0 }
                if ["actions", "tap"].contains(arguments.first), arguments.count > 1 {
                    if host == nil { host = try RunningHost(manifestPath: folder.appendingPathComponent("config.yaml").path, folder: folder) }
                    let id = arguments[1]
                    #expect(try await TestSupport.eventually {
                        try await TestSupport.widgethost(["timeline", id, "--json"], in: folder).stdout.contains(#""state" : "fresh""#)
                    }, "\(id) got no entry: \(host?.output ?? "")")
                }
                let result = try await TestSupport.widgethost(arguments, in: folder)
                let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
                for (readme, actual) in zip(step.expected, printed) {
                    if let readmeID = readme.firstMatch(of: /^added ([0-9a-z]{6}):/)?.output.1,
                       let actualID = actual.firstMatch(of: /^added ([0-9a-z]{6}):/)?.output.1 {
                        ids[String(readmeID)] = String(actualID)
                    }
                }
                let failing = step.expected.first?.hasPrefix("error:") == true
                #expect(result.status == (failing ? 1 : 0), "\(step.command): exit \(result.status)\n\(result.stdout)\(result.stderr)")
                #expect(printed.map(Self.shape) == step.expected.map(Self.shape),
                        "\(step.command) printed\n\(printed.joined(separator: "\n"))\nwhere the documentation shows\n\(step.expected.joined(separator: "\n"))")
                ran += 1
            }
        }
        #expect(ran >= 10, "the documentation's commands were found: \(ran) ran")
    }

    @Test func shapesIgnoreIdsAndTimesButNotWords() {
        #expect(Self.shape("added k39k3g: SingleRepo (systemLarge) repo=apple/swift") == Self.shape("added 4rq9xy: SingleRepo (systemLarge) repo=apple/swift"))
        #expect(Self.shape("note: saved apple/swift to repos") != Self.shape("note: apple/swift saved"))
        #expect(Self.words(#"defaults write todo.Inbox '[{"title": "Buy milk"}]'"#) == ["defaults", "write", "todo.Inbox", #"[{"title": "Buy milk"}]"#])
    }
}
