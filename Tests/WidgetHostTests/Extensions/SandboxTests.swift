import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
import WidgetKinds
import WidgetTestSupport

/// Every extension runs confined: Probe (FixtureSandbox) tries, inside the
/// real `widgethost run`, each thing the sandbox refuses, and draws what
/// happened. Each attempt must fail inside the kind, the host must go on,
/// each sort of refusal must be logged once, and the canary must never show.
@Suite("Extensions in a sandbox")
struct SandboxTests {
    /// A folder with a home of its own (the extension's HOME) holding the canary.
    struct Fixture {
        let folder: URL
        let home: URL
        let manifestPath: String
        let canary = "canary-\(UUID().uuidString)"

        /// Whether extensions get namespaces of their own, as where the system allows them.
        let isolated: Bool

        /// - Parameter otherWidgets: more lines for the manifest's `widgets`.
        init(sandbox: String? = nil, limits: String? = nil, isolated: Bool = true, otherWidgets: String = "") throws {
            self.isolated = isolated
            folder = try TestSupport.temporaryDirectory()
            home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try canary.write(to: home.appendingPathComponent(".widgethost-sandbox-canary"), atomically: true, encoding: .utf8)
            try canary.write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
            manifestPath = folder.appendingPathComponent("config.yaml").path
            try """
                container: {group: group.test.sandbox, path: data}
                github: {api: "http://127.0.0.1:9"}
                schedule: {timeout: 10s, min_interval: 1s}
                widgets:
                  - {kind: Probe, module: FixtureSandbox\(sandbox.map { ", sandbox: \($0)" } ?? "")\(limits.map { ", limits: \($0)" } ?? "")}
                \(otherWidgets)
                """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        }

        /// The module's own folder of the container.
        var moduleFolder: URL { folder.appendingPathComponent("data/extensions/FixtureSandbox") }

        var environment: [String: String] {
            ["HOME": home.path].merging(isolated ? [:] : [SandboxSupport.isolationVariable: "off"]) { $1 }
        }

        func run(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", manifestPath], environment: environment)
        }

        func add(_ attempt: String, target: String = "") async throws -> String {
            let result = try await run("add-instance", "Probe", "--attempt", attempt, "--target", target)
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.dropFirst("added ".count).prefix(6))
        }

        /// What the instance's current entry says.
        func drawn(_ id: String) async throws -> String {
            try await run("render", id, "--format", "json").stdout
        }
    }

    /// A listening socket on loopback (TCP, or Unix at `path`), to be refused a connection to.
    final class Listener {
        let descriptor: Int32
        let port: UInt16

        init(unixPath: String? = nil) throws {
            let family = unixPath == nil ? AF_INET : AF_UNIX
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
            var port: UInt16 = 0
            if let unixPath {
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                    for (index, byte) in unixPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
                }
                let bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
                try #require(bound == 0)
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                try #require(bound == 0)
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
                }
                port = UInt16(bigEndian: address.sin_port)
            }
            try #require(listen(descriptor, 16) == 0)
            self.descriptor = descriptor
            self.port = port
        }

        deinit { close(descriptor) }
    }

    /// A file in /etc that anyone may read, which no kind needs.
    static var etcFile: String? {
        ["/etc/hostname", "/etc/debian_version", "/etc/issue", "/etc/adduser.conf"].first { access($0, R_OK) == 0 }
    }

    /// The container's SQLite file.
    static func database(in folder: URL) -> String? {
        let data = folder.appendingPathComponent("data")
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: data.path)) ?? []
        return files.first { $0.hasSuffix(".sqlite") }.map { data.appendingPathComponent($0).path }
    }

    /// With namespaces of its own (where the system allows them) and
    /// without (where it does not): the same refusals, but for what is in
    /// sight. Isolated, no other process is: not the host, not this test.
    @Test(arguments: [true, false])
    func everyWayOutIsRefusedInsideTheKindAndLoggedOnce(isolated: Bool) async throws {
        let fixture = try Fixture(isolated: isolated)
        let tcp = try Listener()
        let unixPath = fixture.folder.appendingPathComponent("service.sock").path
        let unix = try Listener(unixPath: unixPath)
        let outside = fixture.folder.appendingPathComponent("written-by-a-kind.txt").path
        let etc = try #require(Self.etcFile)
        let detached = TestSupport.uniqueProcessName("det")

        let refused = "refused: Permission denied", forbidden = "refused: Operation not permitted"
        let unseen = "refused: No such file or directory", gone = "refused: No such process"
        let test = String(getpid())
        var probes: [(attempt: String, target: String, expected: String)] = [
            ("load", "", refused), ("home", "", refused), ("read", fixture.folder.appendingPathComponent("secret.txt").path, refused),
            ("read", etc, refused), ("write", outside, refused),
            // The host's (the host is also non-dumpable); isolated, the kind has no parent in sight.
            ("environ", "", isolated ? unseen : refused), ("memory", "", isolated ? unseen : refused),
            // This test's own process is dumpable: only the sandbox keeps the kind out.
            ("environ", test, isolated ? unseen : refused), ("memory", test, isolated ? unseen : refused),
            ("tcp", String(tcp.port), forbidden), ("unix", unixPath, forbidden), ("bind", "", forbidden),
            ("exec", "", refused), ("signal", test, isolated ? gone : forbidden), ("keep", "", "count 2 after read: 1; wrote"),
            // A command line names what a process serves (the host's, its dashboard): out of sight where isolated.
            ("cmdline", test, isolated ? unseen : "read: "),
            // Nothing a kind starts may leave the group the host ends, nor take another process's limits or priority.
            ("detach", detached, "setsid \(forbidden)"), ("unshare", "", forbidden), ("rlimit", "", forbidden),
            ("renice", test, forbidden), ("hostlimit", test, forbidden),
        ]
        var ids: [String] = []
        for probe in probes { ids.append(try await fixture.add(probe.attempt, target: probe.target)) }
        // The database exists once an instance is placed; the kind tries to write into it.
        let database = try #require(Self.database(in: fixture.folder))
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        for probe in [("database", database, refused), ("chmod", database, forbidden)] {
            probes.append(probe)
            ids.append(try await fixture.add(probe.0, target: probe.1))
        }

        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        for id in ids {
            #expect(await host.waitFor("instance=\(id) kind=Probe [widgethost] timeline received"), "\(host.output)")
        }
        let keep = ids[probes.firstIndex { $0.attempt == "keep" }!]
        #expect(await host.waitFor("instance=\(keep) kind=Probe [widgethost] timeline received", count: 2), "\(host.output)")

        var outputs = [host.output]
        for (probe, id) in zip(probes, ids) {
            let drawn = try await fixture.drawn(id)
            outputs.append(drawn)
            #expect(drawn.contains("timeline \(probe.attempt) \(probe.expected)"), "\(probe.attempt) \(probe.target): \(drawn)")
        }
        #expect(host.process.isRunning, "the host lives")
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)).prefix(16) == before.prefix(16), "the SQLite header is intact")
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int == mode, "its mode is unchanged")

        // Each sort of refusal is logged once, naming what was refused.
        let log = host.output
        let module = "[FixtureSandbox] sandbox refused"
        #expect(log.components(separatedBy: "\(module) reading ").count - 1 == 1, "\(log)")
        #expect(log.components(separatedBy: "\(module) writing ").count - 1 == 1, "\(log)")
        #expect(log.components(separatedBy: "\(module) opening a socket of family").count - 1 == 1, "\(log)")
        // Isolated, no process outside the sandbox is in sight to be refused a signal.
        #expect(log.components(separatedBy: "\(module) a signal to process").count - 1 == (isolated ? 0 : 1), "\(log)")
        #expect(log.contains("\(module) starting /bin/sh"), "\(log)")
        #expect(log.contains("declare it under widgets[].sandbox.read"))

        // The snapshot is confined as well (preview asks for it).
        let preview = try await fixture.run("preview", "Probe", "--format", "json")
        #expect(preview.stdout.contains("snapshot home \(refused)"), "\(preview.stdout) \(preview.stderr)")
        outputs += [preview.stdout, preview.stderr, try await fixture.run("status").stdout]
        for id in ids { outputs.append(try await fixture.run("timeline", id, "--json").stdout) }
        for output in outputs { #expect(!output.contains(fixture.canary), "the canary showed: \(output)") }
        // The listeners stay open until every probe has run.
        withExtendedLifetime((tcp, unix)) {}
        #expect(TestSupport.processes(named: detached + "c").count == 1 && TestSupport.processes(named: detached + "g").count == 1,
                "the children that tried to detach run until their extension ends")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
        #expect(await TestSupport.eventually { TestSupport.processes(named: detached + "c").isEmpty && TestSupport.processes(named: detached + "g").isEmpty },
                "they ended with it")
    }

    /// Issue 36: children that called setsid() left the extension's process
    /// group, which is what the host ends, and outlived a killed host.
    @Test(arguments: [true, false])
    func childrenThatTryToDetachEndWithAHostKilledBySIGKILL(isolated: Bool) async throws {
        let fixture = try Fixture(isolated: isolated)
        let detached = TestSupport.uniqueProcessName("det")
        let id = try await fixture.add("detach", target: detached)
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        #expect(await host.waitFor("instance=\(id) kind=Probe [widgethost] timeline received"), "\(host.output)")
        let running = TestSupport.processes(named: detached + "c") + TestSupport.processes(named: detached + "g")
        let drawn = try await fixture.drawn(id)
        #expect(running.count == 2, "\(drawn)")
        #expect(await host.stop(SIGKILL) == SIGKILL)
        #expect(await TestSupport.eventually { running.allSatisfy { !TestSupport.isAlive($0) } }, "left behind: \(running.filter(TestSupport.isAlive))")
    }

    @Test func aKindDeclaredWithMoreGetsItAndIsSaidToHaveIt() async throws {
        let fixture = try Fixture(sandbox: "{read: [home/.widgethost-sandbox-canary], network: true}")
        let tcp = try Listener()
        let connect = try await fixture.add("tcp", target: String(tcp.port))
        let read = try await fixture.add("home")
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        #expect(await host.waitFor("instance=\(connect) kind=Probe [widgethost] timeline received"), "\(host.output)")
        #expect(await host.waitFor("instance=\(read) kind=Probe [widgethost] timeline received"), "\(host.output)")
        #expect(try await fixture.drawn(connect).contains("timeline tcp connected"))
        #expect(try await fixture.drawn(read).contains("timeline home read: \(fixture.canary)"))

        let kinds = try await fixture.run("kinds")
        #expect(kinds.stdout.contains("sandbox: reads home/.widgethost-sandbox-canary; network"), "\(kinds.stdout)")
        let status = try await fixture.run("status")
        #expect(status.stdout.contains("widened sandbox: Probe (reads home/.widgethost-sandbox-canary; network)"), "\(status.stdout)")
        withExtendedLifetime(tcp) {}
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
    }

    // MARK: The manifest

    /// A manifest's sandbox settings that cannot hold, each refused at its line.
    static let refusedManifests: [(text: String, location: String, message: String)] = [
        ("""
            container: {group: group.test.sandbox}
            widgets:
              - kind: Probe
                module: FixtureSandbox
                sandbox: {read: [/no/such/folder]}
            """, "config.yaml:5:", "no such file or folder: /no/such/folder"),
        // Kinds of one module share its process, so they must share one sandbox.
        ("""
            container: {group: group.test.sandbox}
            widgets:
              - {kind: Ticker, module: FixtureSchedules}
              - {kind: Other, module: FixtureSchedules, sandbox: {network: true}}
            """, "config.yaml:4:", "share its process and so its sandbox"),
        ("""
            container: {group: group.test.sandbox}
            sandbox: strict
            widgets:
              - {kind: Ticker, module: FixtureSchedules}
            """, "config.yaml:2:", "expected 'required' or 'best-effort'"),
    ]

    /// Issue 36: `read: [.]` beside `container.path: data` gave a kind every
    /// module's defaults and folder, silently.
    @Test func aReadThatWouldOpenTheContainerOrTheTokenIsRefusedAndABroadOneWarnedOf() throws {
        let folder = try TestSupport.temporaryDirectory()
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("extensions/Other"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("alias"), withDestinationURL: data)
        func load(_ read: String) throws -> Manifest {
            let path = folder.appendingPathComponent("config.yaml").path
            try """
                container: {group: group.test.sandbox, path: data}
                widgets:
                  - kind: Probe
                    module: FixtureSandbox
                    sandbox: {read: ['\(read)']}
                """.write(toFile: path, atomically: true, encoding: .utf8)
            return try Manifest.load(from: path)
        }
        let refused = [
            (".", "'.' holds the container's folder"), ("data", "'data' is the container's folder"),
            ("data/extensions/Other", "is inside the container's folder"), ("alias", "'alias' is the container's folder"),
            ("/", "'/' holds the container's folder"), ("/proc/self/root", "holds the container's folder"),
            ("~", "'~' holds the folder of widgethost's settings and token"),
        ]
        for (read, says) in refused {
            #expect("\(read)", performing: { _ = try load(read) }, throws: { error in
                "\(error)".contains("config.yaml:5:") && "\(error)".contains(says) && "\(error)".contains("which no kind may read")
            })
        }
        let broad = try load("/etc")
        #expect(broad.warnings.map(\.description).first?.contains("Probe: sandbox.read '/etc' lets the kind read all of /etc") == true,
                "\(broad.warnings)")
        #expect(try load("/etc/hostname").warnings.isEmpty)
    }

    @Test(arguments: 0..<refusedManifests.count)
    func aSandboxSettingThatCannotHoldIsAnErrorAtItsLine(_ index: Int) throws {
        let (text, location, message) = Self.refusedManifests[index]
        #expect {
            try TestSupport.manifest(text)
        } throws: { error in
            "\(error)".contains(location) && "\(error)".contains(message)
        }
    }

    @Test func aKernelThatCannotConfineFullyStartsNoKindWhenTheManifestRequiresIt() async throws {
        let manifest = try TestSupport.manifest("""
            container: {group: group.test.sandbox}
            sandbox: required
            widgets:
              - {kind: Ticker, module: FixtureSchedules}
            """)
        let old = SandboxSupport(landlockABI: 2)
        #expect(old.unenforced == ["truncating files it may not write", "signals to other processes and their abstract Unix sockets"])
        #expect(SandboxSupport(landlockABI: 0).unenforced.first == "files (a kind reads and writes all its user can)")
        #expect(SandboxSupport(landlockABI: 7).isComplete)
        let pool = ExtensionPool(searchPath: ModuleSearchPath(manifest: manifest))
        let bundle = await LoadedBundle.load(manifest, pool: pool, sandbox: old)
        #expect(bundle.kinds.isEmpty)
        #expect(pool.pids.isEmpty, "no extension was started")
        let message = try #require(bundle.diagnostics.first).description
        #expect(message.contains(":2:"), "\(message)")
        #expect(message.contains("this kernel's Landlock ABI is 2 (6 is needed), so a kind's sandbox cannot refuse truncating files"), "\(message)")

        // Without the requirement the kinds run with what the kernel enforces.
        var relaxed = manifest
        relaxed.sandbox = nil
        let running = await LoadedBundle.load(relaxed, pool: ExtensionPool(searchPath: ModuleSearchPath(manifest: manifest)), sandbox: old)
        #expect(running.kind(named: "Ticker") != nil, "\(running.diagnostics)")
    }
}

/// Issue 36: a kind that printed 200,000 lines kept 36.5 MB in the host's
/// log and seconds of its CPU.
@Suite("A kind's lines in the log")
struct LogBudgetTests {
    @Test func aKindThatFloodsTheLogIsCutToItsBudgetAndTheRestIsCounted() async throws {
        let fixture = try SandboxTests.Fixture()
        let flood = try await fixture.add("flood", target: "20000")
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"], environment: fixture.environment)
        #expect(await host.waitFor("instance=\(flood) kind=Probe [widgethost] timeline received"), "\(host.output)")
        #expect(await MisbehavingKindsTests.stopLeavingNoExtension(host) == 0)
        let log = host.output
        let logged = log.components(separatedBy: "[FixtureSandbox] flood line ").count - 1
        let notLogged = log.matches(of: /\[FixtureSandbox\] \((\d+) lines not logged: a kind may log 1000 lines at once and 100 a second\)/)
            .compactMap { Int($0.1) }.reduce(0, +)
        #expect(logged >= 1_000 && logged < 20_000, "\(logged) logged")
        #expect(logged + notLogged == 20_000, "every line is logged or counted: \(logged) + \(notLogged)")
        #expect(log.contains("[FixtureSandbox] flood line 0\n"), "the first lines are kept")
    }
}
