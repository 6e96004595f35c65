import Foundation
import HostTestSupport
import Testing
@testable import WidgetContainer
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Each bad input: a clear message, a non-zero exit, and nothing changed.
@Suite("Bad input changes nothing")
struct BadInputTests {
    private func expectRefused(_ arguments: [String], message: String, in fixture: ContainerFixture) async throws {
        let before = try await fixture.snapshot()
        let result = try await fixture.run(arguments)
        #expect(result.status != 0, "\(arguments) was accepted")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try await fixture.snapshot() == before, "\(arguments) changed the container")
    }

    private func preparedFixture(_ backend: ContainerFixture.Backend = .sqlite) async throws -> ContainerFixture {
        let fixture = try ContainerFixture(backend: backend)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        return fixture
    }

    @Test func unknownKind() async throws {
        try await expectRefused(["add-instance", "SingelRepo"],
                          message: "error: unknown kind 'SingelRepo' (did you mean 'SingleRepo'?); this bundle offers: SingleRepo, DoubleRepo, Contributor, Gauge, Note",
                          in: try await preparedFixture())
    }

    @Test func unknownFlagForThatKind() async throws {
        try await expectRefused(["add-instance", "SingleRepo", "--top-repo", "apple/swift"],
                          message: "error: unknown option '--top-repo' for SingleRepo; SingleRepo takes: --repo", in: try await preparedFixture())
        try await expectRefused(["add-instance", "SingleRepo", "--rpeo", "apple/swift"],
                          message: "error: unknown option '--rpeo' for SingleRepo (did you mean '--repo'?)", in: try await preparedFixture())
    }

    @Test func missingValue() async throws {
        try await expectRefused(["add-instance", "SingleRepo", "--repo"], message: "error: --repo needs a value", in: try await preparedFixture())
    }

    @Test func valueOfTheWrongType() async throws {
        try await expectRefused(["add-instance", "Gauge", "--level", "high"],
                          message: "error: --level: expected an integer, found 'high'", in: try await preparedFixture())
        try await expectRefused(["add-instance", "Gauge", "--level", "9"],
                          message: "error: --level: '9' is not one of 1, 2, 3, 4, 5", in: try await preparedFixture())
    }

    static let invalidRepositories: [(String, String)] = [
        ("../etc", "the owner may contain only ASCII letters, digits and hyphens"),
        ("a/b/c", "a repository is written owner/name, with exactly one '/'"),
        ("apple/", "the repository name must be 1 to 100 characters long"),
        ("-x/y", "the owner cannot start or end with a hyphen or contain two in a row"),
        ("apple/" + String(repeating: "n", count: 101), "the repository name must be 1 to 100 characters long"),
        ("apple/my repo", "the repository name may contain only ASCII letters, digits, '.', '_' and '-'"),
        ("äpple/swift", "the owner may contain only ASCII letters, digits and hyphens"),
        ("apple/..", "the repository name cannot be '.' or '..'"),
        ("a--b/c", "the owner cannot start or end with a hyphen or contain two in a row"),
        (String(repeating: "o", count: 40) + "/x", "the owner must be 1 to 39 characters long"),
        ("apple", "a repository is written owner/name, with exactly one '/'"),
        ("apple/.git", "GitHub names no repository ending in '.git'"),
        ("apple/swift.GIT", "GitHub names no repository ending in '.git'"),
    ]

    @Test(arguments: invalidRepositories)
    func invalidRepositoryName(_ repository: String, _ rule: String) async throws {
        let fixture = try await preparedFixture()
        try await expectRefused(["add-instance", "SingleRepo", "--repo", repository],
                          message: "error: --repo: '\(repository)' is not a GitHub repository: \(rule)", in: fixture)
        // `--` lets a value that starts with '-' through, as a user would type it.
        try await expectRefused(["repos", "add", "--", repository],
                          message: "error: '\(repository)' is not a GitHub repository: \(rule)", in: fixture)
    }

    @Test func unsupportedFamily() async throws {
        try await expectRefused(["add-instance", "DoubleRepo", "--family", "systemMedium"],
                          message: "error: DoubleRepo does not support systemMedium; it supports systemLarge", in: try await preparedFixture())
        try await expectRefused(["add-instance", "SingleRepo", "--family", "systemMeduim"],
                          message: "error: unknown family 'systemMeduim' (did you mean 'systemMedium'?)", in: try await preparedFixture())
    }

    @Test func familyNarrowedByTheManifestIsRefused() async throws {
        let fixture = try ContainerFixture()
        let text = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "  - kind: SingleRepo\n", with: "  - kind: SingleRepo\n    families: [systemLarge]\n")
        try text.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        // The manifest narrowed the families, not the kind: the message names the manifest's line.
        try await expectRefused(["add-instance", "SingleRepo", "--family", "systemMedium"],
                          message: "config.yaml:8:15: this bundle's manifest offers SingleRepo only as systemLarge; "
                              + "the kind supports systemMedium, so add it to the entry's families to offer it", in: fixture)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func unknownInstanceID(backend: ContainerFixture.Backend) async throws {
        let fixture = try await preparedFixture(backend)
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let typo = String(id.dropLast()) + (id.last == "z" ? "y" : "z")
        try await expectRefused(["remove-instance", typo],
                          message: "error: no instance with id '\(typo)' (did you mean '\(id)'?); 'widgethost list-instances' shows them", in: fixture)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func removingSeveralInstancesIsAllOrNothing(backend: ContainerFixture.Backend) async throws {
        let fixture = try await preparedFixture(backend)
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        try await expectRefused(["remove-instance", id, "nope"], message: "error: no instance with id 'nope'", in: fixture)
        #expect(try await fixture.instances().count == 1, "the known id was kept")
        _ = try await fixture.run("add-instance", "Contributor")
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }
        let removed = try await fixture.run(["remove-instance"] + ids + [ids[0]])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.split(separator: "\n").count == 2, "an id given twice is removed once")
        #expect(try await fixture.instances().isEmpty)
    }

    @Test(arguments: ["nan", "inf", "-infinity", "NaN"])
    func aNumberThatIsNotFiniteIsRefused(value: String) async throws {
        try await expectRefused(["add-instance", "Gauge", "--scale", value],
                          message: "error: --scale: expected a finite number, found '\(value)'", in: try await preparedFixture())
    }

    @Test(arguments: ["\u{1B}[31mred", "two\nlines", "a\ttab", "\u{202E}reversed", "bell\u{7}"])
    func aNameWithControlCharactersIsRefused(name: String) async throws {
        try await expectRefused(["add-instance", "Gauge", "--name", name],
                          message: "error: --name: control characters (escapes, line breaks, tabs) are not allowed", in: try await preparedFixture())
    }

    @Test func aNameLongerThan64CharactersIsRefused() async throws {
        try await expectRefused(["add-instance", "Gauge", "--name", String(repeating: "n", count: 65)],
                          message: "error: --name: at most 64 characters, found 65", in: try await preparedFixture())
        let fixture = try await preparedFixture()
        #expect(try await fixture.run("add-instance", "Gauge", "--name", String(repeating: "n", count: 64)).status == 0)
    }

    /// Issue 20: the limit counted characters, and one letter with 60,000
    /// combining marks is one character.
    @Test(arguments: [
        ("n" + String(repeating: "\u{301}", count: 60_000), "error: --name: at most 256 bytes of UTF-8, found 120001"),
        ("zalgo" + String(repeating: "\u{301}", count: 4), "error: --name: at most 3 combining marks on a character"),
        ("\u{200B}\u{200B}", "error: --name: it shows nothing: only spaces, marks or invisible characters"),
        ("   ", "error: --name: it shows nothing: only spaces, marks or invisible characters"),
    ])
    func aNameThatAbusesCombiningOrInvisibleCharactersIsRefused(name: String, message: String) async throws {
        try await expectRefused(["add-instance", "Gauge", "--name", name], message: message, in: try await preparedFixture())
    }

    @Test func namesInEveryScriptAreKept() async throws {
        let fixture = try await preparedFixture()
        // Decomposed Vietnamese stacks two marks; a kiss emoji is 10 scalars.
        for name in ["Vie\u{323}\u{302}t", "👩🏽‍❤️‍💋‍👨🏻", "नमस्ते", String(repeating: "語", count: 64)] {
            let added = try await fixture.run("add-instance", "Gauge", "--name", name)
            #expect(added.status == 0, "\(name): \(added.stderr)")
        }
    }

    /// Every configuration string is shown in tables and handed to a kind.
    @Test(arguments: ["\u{1B}]52;c;aGk=\u{7}", "two\nlines", "\u{202E}reversed"])
    func aConfigurationStringWithControlCharactersIsRefused(value: String) async throws {
        try await expectRefused(["add-instance", "Gauge", "--label", value],
                          message: "error: --label: control characters (escapes, line breaks, tabs) are not allowed", in: try await preparedFixture())
    }

    @Test func aConfigurationStringOver4KiBIsRefused() async throws {
        try await expectRefused(["add-instance", "Gauge", "--label", String(repeating: "x", count: 4_097)],
                          message: "error: --label: at most 4096 bytes of UTF-8, found 4097", in: try await preparedFixture())
    }

    @Test func namesStoredBeforeTheRulesAreEscapedOnOutput() async throws {
        let fixture = try await preparedFixture()
        let container = try fixture.container()
        _ = try container.insert(SharedContainer.NewInstance(
            kind: "Gauge", family: .systemSmall, name: "\u{1B}[31mred\nnext line", configurationIdentifier: "GaugeIntent",
            configuration: [:], savedListAdditions: [:], savedListInitialValues: [:]))
        let listed = try await fixture.run("list-instances")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stdout.contains("\u{1B}"), "no raw escape reaches the terminal")
        #expect(listed.stdout.contains("\\e[31mred\\nnext line"))
        #expect(listed.stdout.split(separator: "\n").count == 3, "a header and one line per instance")
    }

    @Test func wideNamesKeepTheColumnsAligned() async throws {
        let fixture = try await preparedFixture()
        for name in ["天気予報", "🌦️ Weather", "plain"] {
            #expect(try await fixture.run("add-instance", "Gauge", "--name", name).status == 0)
        }
        // Columns by hand: CJK ideographs and the emoji take two cells.
        func columns(_ text: Substring) -> Int {
            text.reduce(0) { $0 + (($1.unicodeScalars.first.map { (0x4E00...0x9FFF).contains($0.value) } ?? false) || $1 == "🌦️" ? 2 : 1) }
        }
        let lines = try await fixture.run("list-instances").stdout.split(separator: "\n")
        let stateColumns = lines.dropFirst().compactMap { line in line.range(of: "ready").map { columns(line[..<$0.lowerBound]) } }
        #expect(stateColumns.count == 4)
        #expect(Set(stateColumns).count == 1, "\(lines)")
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func removingARepositoryThatIsNotSaved(backend: ContainerFixture.Backend) async throws {
        try await expectRefused(["repos", "remove", "nobody/nothing"], message: "error: nobody/nothing is not in the saved repos", in: try await preparedFixture(backend))
    }

    /// Issue 36: `repos` written as something else than a list gave a raw decoding message.
    @Test func aSavedListThatIsNotAListSaysWhatItHoldsAndHowToMendIt() async throws {
        let fixture = try await preparedFixture()
        #expect(try await fixture.run("defaults", "write", "repos", #"{"apple/swift": 1}"#).status == 0)
        let added = try await fixture.run("repos", "add", "apple/llvm")
        #expect(added.status == 1)
        #expect(added.stderr == "error: the shared defaults' 'repos' should be a list of text, as [\"owner/name\"], but holds an object; "
                + "see it with 'widgethost defaults read repos', then write a list or delete it ('widgethost defaults delete repos')\n", "\(added.stderr)")
    }

    /// Issue 36: 10,000 arguments took 45 s to parse (3,000 took 5): the
    /// parser's time grows with their square. Here they pass it by.
    @Test func tenThousandArgumentsAreTakenInOrder() async throws {
        let fixture = try await preparedFixture()
        let repositories = (0 ..< 10_000).map { "owner\($0)/repo\($0)" }
        let added = try await TestSupport.widgethost(["repos", "add"] + repositories.prefix(5_000) + ["--config", fixture.manifestPath] + repositories.dropFirst(5_000))
        #expect(added.status == 0, "\(added.stderr.prefix(500))")
        #expect(added.stdout.split(separator: "\n").map(String.init) == repositories.map { "saved \($0)" })
        let listed = try await fixture.run("repos", "list", "--json")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String])
        #expect(Array(saved.suffix(10_000)) == repositories)

        let ids = (0 ..< 10_000).map { "n\(String($0, radix: 36))" }
        let removed = try await fixture.run(["remove-instance"] + ids)
        #expect(removed.status == 1 && removed.stderr.hasPrefix("error: no instance with id 'n0'"), "all or nothing, naming the first: \(removed.stderr.prefix(300))")
    }

    @Test func aBundleNameThatShowsNothingOrTooManySettingsAreRefusedAtTheirLine() throws {
        for name in ["\u{200B}", " ", "\u{2060}\u{200B}", "a\u{1B}[2J"] {
            #expect {
                _ = try TestSupport.manifest("name: \"\(name.unicodeScalars.map { "\\u\(String(format: "%04X", $0.value))" }.joined())\"\n" + TestSupport.manifestText([("Note", "FixtureKinds")]))
            } throws: { error in
                "\(error)".contains(":1:") && "\(error)".contains("the bundle's name is 1 to 64 characters that show")
            }
        }
        let many = (0 ..< 300).map { "k\($0): v" }.joined(separator: ", ")
        #expect {
            _ = try TestSupport.manifest("container: {group: group.test.settings}\nwidgets:\n  - {kind: Note, module: FixtureKinds, settings: {\(many)}}\n")
        } throws: { error in
            "\(error)".contains(":3:") && "\(error)".contains("at most 256 settings of 64 KiB in all; found 300")
        }
    }

    /// Issue 36: validate exited 0 while a kind's extension died as it drew.
    @Test func validateFailsWhenAKindsExtensionDiesWhileItChecks() async throws {
        let path = try TestSupport.writeManifest("""
            container: {group: group.test.validate}
            widgets:
              - {kind: Crash, module: FixtureMisbehaving, settings: {snapshot: crash}}
            """)
        let result = try await TestSupport.widgethost(["validate", path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("Crash: its extension died while drawing its systemSmall preview: extension crashed (SIGILL)"), "\(result.stderr)")
    }

    /// Issue 36: `status` was refused on a read-only file system.
    @Test(.enabled(if: SandboxSupport.current.processIsolation, "needs user namespaces for a read-only mount of its own"))
    func whatOnlyReadsWorksOnAReadOnlyContainer() async throws {
        let fixture = try await preparedFixture()
        let widgethost = TestSupport.productsDirectory.appendingPathComponent("widgethost").path
        let data = fixture.folder.appendingPathComponent("data").path
        let script = [
            #"mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" || exit 90"#,
            #""$2" status --config "$3" || exit 91"#,
            #""$2" list-instances --config "$3" || exit 92"#,
            #""$2" add-instance SingleRepo --repo apple/llvm --config "$3" 2>&1 && exit 93"#,
            "exit 0",
        ].joined(separator: "\n")
        let result = try await TestSupport.run(executable: "/usr/bin/unshare",
                                               ["--user", "--map-current-user", "--mount", "sh", "-c", script, "sh", data, widgethost, fixture.manifestPath])
        #expect(result.status == 0, "\(result.status): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("SingleRepo") && result.stdout.contains("repo=apple/swift"), "\(result.stdout)")
        #expect(result.stdout.contains("cannot write the container") && result.stdout.contains("the file system is read-only"), "\(result.stdout)")
    }

    @Test func containerPathThatCannotBeCreated() async throws {
        // Root may write anywhere, so the folder is made impossible: its parent is a file.
        let fixture = try ContainerFixture(containerPath: "blocker/data")
        try "a file".write(to: fixture.folder.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let result = try await fixture.run("add-instance", "Contributor")
        #expect(result.status == 1)
        #expect(result.stderr.contains("container group.test.container: cannot create the container folder \(fixture.folder.path)/blocker/data: "))
    }

    @Test func containerFileThatIsNotADatabase() async throws {
        let fixture = try ContainerFixture()
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        let contents = String(repeating: "not a database. ", count: 512)
        try contents.write(toFile: fixture.databasePath, atomically: true, encoding: .utf8)
        for arguments in [["add-instance", "Contributor"], ["list-instances"], ["repos", "add", "apple/swift"]] {
            let result = try await fixture.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(fixture.databasePath) is not a widgethost container: the file is not a SQLite database (it was left untouched)"))
        }
        #expect(try String(contentsOfFile: fixture.databasePath, encoding: .utf8) == contents)
    }

    /// Issue 20: SQLite takes an empty file for a new database, so a
    /// truncated container became a new, empty one and its instances were
    /// gone without a word.
    @Test func anEmptyContainerFileIsReportedNotReplaced() async throws {
        let fixture = try ContainerFixture()
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: fixture.databasePath, contents: Data()))
        for arguments in [["add-instance", "Contributor"], ["list-instances"], ["status"]] {
            let result = try await fixture.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(fixture.databasePath) is empty (0 bytes), so it holds no container"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.databasePath)[.size] as? Int == 0, "left untouched")

        // Moved away, the next command starts a new container there.
        try FileManager.default.removeItem(atPath: fixture.databasePath)
        #expect(try await fixture.run("add-instance", "Contributor").status == 0)
    }

    /// A new container is created under a lock: processes that open it for
    /// the first time together never see each other's file half-made.
    @Test func processesCreatingAContainerTogetherAllSucceed() async throws {
        let fixture = try ContainerFixture()
        let results = try await withThrowingTaskGroup(of: TestSupport.ProcessResult.self) { group in
            for _ in 0..<6 { group.addTask { try await fixture.run("add-instance", "Contributor") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        #expect(try await fixture.instances().count == 6)
    }
}
