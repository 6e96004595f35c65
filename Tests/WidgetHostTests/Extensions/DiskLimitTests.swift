import Foundation
import HostTestSupport
import Testing
@testable import WidgetKinds
import WidgetTestSupport

/// Issue 36: a kind wrote into its folder until the disk was full; then
/// nothing saved (add-instance, defaults write, the host's state at stop),
/// and no message named the kind. Probe (FixtureSandbox) writes, in a real
/// extension under a real host.
@Suite("A kind's folder within its limits")
struct DiskLimitTests {
    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    @Test func aFolderOverItsLimitStopsItsExtensionUntilItIsBackUnder() async throws {
        let fixture = try SandboxTests.Fixture(limits: "{disk: 8MB}")
        let keep = try await fixture.add("keep")
        let fill = try await fixture.add("fill", target: "20")
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        #expect(await host.waitFor("[FixtureSandbox] extension stopped: its folder holds"), "\(host.output)")
        #expect(host.output.contains("over its limit of 8MB (widgets[].limits.disk); delete files in \(fixture.moduleFolder.path)"), "\(host.output)")
        // No file grows past the limit at all, whatever the watching thread sees.
        #expect(Self.fileSize(fixture.moduleFolder.appendingPathComponent("fill").path) == 8 << 20)

        // While the folder is over, no extension of the module starts.
        #expect(try await fixture.run("reload", "--instance", keep, "--force").status == 0)
        #expect(await host.waitFor("instance=\(keep) kind=Probe [widgethost] reload failed"), "\(host.output)")
        let status = try await fixture.run("status")
        #expect(status.stdout.contains("extension not started: its folder holds"), "\(status.stdout)")

        // Back under the limit, it starts again.
        #expect(try await fixture.run("remove-instance", fill).status == 0)
        try FileManager.default.removeItem(at: fixture.moduleFolder.appendingPathComponent("fill"))
        let before = host.occurrences(of: "instance=\(keep) kind=Probe [widgethost] timeline received")
        #expect(try await fixture.run("reload", "--instance", keep, "--force").status == 0)
        #expect(await host.waitFor("instance=\(keep) kind=Probe [widgethost] timeline received", count: before + 1), "\(host.output)")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
        #expect(host.output.contains("host stopped; state saved"))
    }

    @Test func tooManyFilesStopItsExtensionLikeTooManyBytes() async throws {
        let fixture = try SandboxTests.Fixture(limits: "{files: 100}")
        // As many as it can make until it is stopped: a million would take it seconds.
        _ = try await fixture.add("files", target: "1000000")
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        #expect(await host.waitFor("[FixtureSandbox] extension stopped: its folder holds"), "\(host.output)")
        #expect(host.output.contains("files and folders, over its limit of 100 (widgets[].limits.files)"), "\(host.output)")
        let made = (try? FileManager.default.contentsOfDirectory(atPath: fixture.moduleFolder.appendingPathComponent("many").path).count) ?? 0
        #expect(made < 1_000_000, "stopped before it made them all: \(made)")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
    }

    @Test func aKindsTmpStartsEmptyWithEachExtension() async throws {
        let fixture = try SandboxTests.Fixture()
        let temporary = fixture.moduleFolder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try Data(repeating: 1, count: 1_000).write(to: temporary.appendingPathComponent("left-over"))
        try Data("kept".utf8).write(to: fixture.moduleFolder.appendingPathComponent("kept"))
        let preview = try await fixture.run("preview", "Probe", "--format", "json")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.appendingPathComponent("left-over").path))
        #expect(FileManager.default.fileExists(atPath: fixture.moduleFolder.appendingPathComponent("kept").path), "only tmp")
    }

    /// A disk of 24 MB (a tmpfs in a mount namespace of the test's own): the
    /// kind may write more than the disk holds, and does. It is stopped by
    /// name, and the container, which keeps a reserve, still saves.
    @Test(.enabled(if: SandboxSupport.current.processIsolation, "needs user namespaces for a small disk of its own"))
    func aKindThatFillsTheDiskIsNamedAndTheContainerStillSaves() async throws {
        let fixture = try SandboxTests.Fixture(limits: "{disk: 1GB}", otherWidgets: "  - {kind: Note, module: FixtureKinds}")
        let data = fixture.folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let widgethost = TestSupport.productsDirectory.appendingPathComponent("widgethost").path
        let script = """
            mount -t tmpfs -o size=24m tmpfs "$1" || exit 90
            "$2" add-instance Probe --attempt fill --target 100 --config "$3" || exit 91
            exec "$2" run "$3" --log
            """
        let host = try RunningHost(executable: "/usr/bin/unshare",
                                   arguments: ["--user", "--map-current-user", "--mount", "sh", "-c", script, "sh", data.path, widgethost, fixture.manifestPath],
                                   folder: fixture.folder, environment: fixture.environment)
        #expect(await host.waitFor("[FixtureSandbox] extension stopped: "), "\(host.output)")
        #expect(host.output.contains("the disk its folder is on has") || host.output.contains("over its limit"), "\(host.output)")

        // Inside the host's namespaces, where its disk is: the container still
        // takes a write (of another module's kind: this one's starts no more).
        func inside(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.run(executable: "/usr/bin/nsenter",
                                      ["--target", String(host.process.processIdentifier), "--user", "--mount", "--preserve-credentials",
                                       widgethost] + arguments + ["--config", fixture.manifestPath], environment: fixture.environment)
        }
        let added = try await inside("add-instance", "Note", "--text", "written on a full disk")
        #expect(added.status == 0, "a full disk no longer stops every save: \(added.stderr)")
        let written = try await inside("defaults", "write", "note", #""saved on a full disk""#)
        #expect(written.status == 0, "\(written.stderr)")
        // Until the disk is filled from elsewhere below: then nobody's save
        // can go through, the host's too if its kind's backoff comes round
        // meanwhile, as it does on a loaded machine.
        #expect(!host.output.contains("cannot write the container"), "the host's own saves went through: \(host.output)")

        // Then the disk is filled to its last byte from elsewhere: once the
        // container's reserve is spent too, its error names what the kinds'
        // folders hold.
        let filler = data.appendingPathComponent("filler").path
        _ = try await TestSupport.run(executable: "/usr/bin/nsenter", ["--target", String(host.process.processIdentifier), "--user", "--mount",
                                                                     "--preserve-credentials", "sh", "-c", "cat /dev/zero > \"$0\"", filler])
        var refused: TestSupport.ProcessResult?
        for value in 0 ..< 200 {
            let result = try await inside("defaults", "write", "key\(value)", "\(value)")
            if result.status != 0 { refused = result; break }
        }
        let error = try #require(refused, "the disk filled up").stderr
        #expect(error.contains("the disk is full") || error.contains("No space left on device"), "\(error)")
        // What the kind got of the 24 MB depends on what the container held when it wrote.
        let held = error.firstMatch(of: /the kinds' folders hold FixtureSandbox (\d+(?:\.\d)?)MB/).flatMap { Double($0.1) }
        #expect((held ?? 0) > 16, "names the kind that filled it, and most of the disk: \(error)")
        // Room again: whatever the host could not save meanwhile is saved as it stops.
        _ = try await TestSupport.run(executable: "/usr/bin/nsenter", ["--target", String(host.process.processIdentifier), "--user", "--mount",
                                                                     "--preserve-credentials", "rm", "-f", filler])
        #expect(await host.stop() == 0)
        #expect(host.output.contains("host stopped; state saved"), "\(host.output)")
    }

    /// The reserve alone: a write that finds the disk full gives it back and
    /// is tried once more; the next finds nothing left to give.
    @Test(.enabled(if: SandboxSupport.current.processIsolation, "needs user namespaces for a small disk of its own"))
    func theContainersReserveTakesTheWriteThatFindsTheDiskFull() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("config.yaml").path
        try "container: {group: group.test.reserve, path: data}\nwidgets:\n  - {kind: Note, module: FixtureKinds}\n"
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let widgethost = TestSupport.productsDirectory.appendingPathComponent("widgethost").path
        let script = [
            #"mount -t tmpfs -o size=8m tmpfs "$1" || exit 90"#,
            #""$2" defaults write first 1 --config "$3" || exit 91"#,
            #"test -s "$1/disk.reserve" || exit 92"#,
            #"cat /dev/zero > "$1/filler" 2>/dev/null"#,
            // Without the reserve the first of these would fail: the disk is full to its last byte.
            #"value="\"$(head -c 12000 /dev/zero | tr '\0' a)\"""#,
            #"saved=0; while "$2" defaults write "key$saved" "$value" --config "$3" > /dev/null 2>&1; do"#,
            #"  saved=$((saved + 1)); [ "$saved" -gt 1000 ] && exit 93; done"#,
            #"test ! -e "$1/disk.reserve" || exit 94"#,
            #""$2" defaults write last "$value" --config "$3" 2>&1"#,
            #"echo "saved $saved on a full disk""#,
        ].joined(separator: "\n")
        let result = try await TestSupport.run(executable: "/usr/bin/unshare",
                                               ["--user", "--map-current-user", "--mount", "sh", "-c", script, "sh", data.path, widgethost, manifest])
        #expect(result.status == 0, "\(result.status): \(result.stdout) \(result.stderr)")
        let saved = result.stdout.firstMatch(of: /saved (\d+) on a full disk/).flatMap { Int($0.1) } ?? 0
        #expect(saved >= 1, "the reserve took at least one write: \(result.stdout)")
        #expect(result.stdout.contains("cannot write the container") && result.stdout.contains("the disk is full"), "\(result.stdout)")
    }
}
