import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// The real `widgethost` on the tests' PostgreSQL: manifest errors, a
/// database that cannot be reached or goes away, a second host, changes
/// announced by NOTIFY, and the password, which must never be shown.
@Suite("Hosts on PostgreSQL")
struct PostgresHostTests {
    struct Fixture {
        let folder: URL
        let manifestPath: String
        let group = TestPostgres.freshGroup()

        init(url: String? = nil, containerLines: String? = nil) throws {
            folder = try TestSupport.temporaryDirectory()
            manifestPath = folder.appendingPathComponent("config.yaml").path
            let container = try containerLines ?? "  group: \(group)\n  url: \(url ?? TestPostgres.url)"
            try """
                container:
                \(container)
                github: {api: "http://127.0.0.1:9"}
                schedule: {timeout: 5s, min_interval: 1s}
                widgets:
                  - {kind: Ticker, module: FixtureSchedules}
                  - {kind: Gauge, module: FixtureKinds}
                """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        }

        func run(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", manifestPath])
        }

        func host() throws -> RunningHost {
            try RunningHost(manifestPath: manifestPath, folder: folder, arguments: ["--log"])
        }
    }

    static var password: String {
        get throws { try #require(URLComponents(string: try TestPostgres.url)?.password) }
    }

    /// The tests' URL with another port or password.
    static func url(port: Int? = nil, password: String? = nil) throws -> String {
        var components = try #require(URLComponents(string: try TestPostgres.url))
        if let port { components.port = port }
        if let password { components.password = password }
        return try #require(components.string)
    }

    @Test(arguments: [
        ("mysql://widgethost@127.0.0.1/db", "the scheme must be postgres:// or postgresql://, not mysql://"),
        ("postgres://127.0.0.1/db", "the URL names no user"),
        ("postgres://widgethost:secret-pw@127.0.0.1:5432", "the URL names no database"),
        ("postgres://widgethost:secret-pw@127.0.0.1/db?sslmod=require", "unknown parameter 'sslmod' (did you mean 'sslmode'?)"),
        ("postgres://widgethost@127.0.0.1/db?sslmode=always", "sslmode=always is not valid; expected disable, allow, prefer, require, verify-ca, verify-full"),
    ])
    func aBadURLIsAManifestErrorAtItsLineAndColumn(url: String, message: String) async throws {
        let fixture = try Fixture(containerLines: "  group: group.test.badurl\n  url: \(url)")
        for command in [["validate", fixture.manifestPath], ["list-instances", "--config", fixture.manifestPath]] {
            let result = try await TestSupport.widgethost(command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("config.yaml:3:8: container.url: \(message)"), "\(result.stderr)")
            #expect(!result.stderr.contains("secret-pw"), "the password is never repeated")
        }
    }

    @Test func aContainerIsAFolderOrADatabaseNotBoth() async throws {
        let fixture = try Fixture(containerLines: "  group: group.test.both\n  path: data\n  url: \(try TestPostgres.url)")
        let result = try await fixture.run("list-instances")
        #expect(result.status == 1)
        #expect(result.stderr.contains("config.yaml:4:8: container.url: a container is a folder ('path') or a database ('url'), not both"), "\(result.stderr)")
        #expect(!result.stderr.contains(try Self.password))
    }

    @Test(arguments: [
        ("  path: data\n  lease: 30s", "4:10: container.lease: leases share a PostgreSQL container ('url') among hosts"),
        ("  url: URL\n  lease: 1s", "4:10: container.lease: must be between 2s and 10m, found 1s"),
        ("  url: URL\n  lease: soon", "4:10: container.lease: expected a duration such as 30s"),
    ])
    func aLeaseIsCheckedWhereItIsWritten(lines: String, message: String) async throws {
        let fixture = try Fixture(containerLines: "  group: group.test.lease\n" + lines.replacingOccurrences(of: "URL", with: try TestPostgres.url))
        let result = try await fixture.run("list-instances")
        #expect(result.status == 1)
        #expect(result.stderr.contains("config.yaml:" + message), "\(result.stderr)")
    }

    @Test func anUnreachableDatabaseIsOneLineAndExitOne() async throws {
        let fixture = try Fixture(url: try Self.url(port: 1))
        for command in [["list-instances"], ["add-instance", "Gauge"], ["run", fixture.manifestPath]] {
            let result = try await TestSupport.widgethost(command + ["--config", fixture.manifestPath])
            #expect(result.status == 1, "\(command)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot open the container postgres://widgethost:***@127.0.0.1:1/postgres: Connection refused"), "\(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains(try Self.password))
        }
    }

    @Test func aWrongPasswordIsNamedAsSuchAndNotShown() async throws {
        let wrong = "not-the-password-\(UUID().uuidString.prefix(6))"
        let fixture = try Fixture(url: try Self.url(password: wrong))
        let result = try await fixture.run("list-instances")
        #expect(result.status == 1)
        #expect(result.stderr.contains("password authentication failed for user \"widgethost\""), "\(result.stderr)")
        #expect(!result.stderr.contains(wrong))
    }

    @Test func aHostHearsOfANewInstanceAtOnceAndKeepsThePasswordToItself() async throws {
        let fixture = try Fixture()
        let host = try fixture.host()
        #expect(await host.waitFor("host started"), "\(host.output)")
        #expect(await host.waitFor("no instances yet"), "\(host.output)")

        let placed = Date()
        let added = try await fixture.run("add-instance", "Ticker", "--entries", "30", "--spacing", "1")
        #expect(added.status == 0, "\(added.stderr)")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        #expect(await host.waitFor("instance=\(id) kind=Ticker [widgethost] instance added"), "\(host.output)")
        // The host's poll is once a second; NOTIFY wakes it sooner. Printed, not asserted.
        print("add-instance started to the host taking the instance in, over NOTIFY: \(Int(Date().timeIntervalSince(placed) * 1000)) ms")
        #expect(await host.waitFor("instance=\(id) kind=Ticker [widgethost] entry of", count: 2), "\(host.output)")

        let password = try Self.password
        for output in [host.output, try await fixture.run("status").stdout, try await fixture.run("timeline", id, "--json").stdout,
                       try await fixture.run("list-instances", "--json").stdout] {
            #expect(!output.contains(password))
        }
        #expect(host.output.contains("container=postgres://widgethost:***@127.0.0.1:"), "the log names the database, redacted")
        #expect(await host.stop(SIGTERM) == 0)
    }

    @Test func aSecondHostJoinsAndStatusNamesBothAndWhoHoldsWhat() async throws {
        let fixture = try Fixture()
        let ticker = String(try await fixture.run("add-instance", "Ticker", "--entries", "30", "--spacing", "1").stdout.dropFirst("added ".count).prefix(6))
        let first = try fixture.host()
        #expect(await first.waitFor("instance=\(ticker) kind=Ticker [widgethost] timeline received"), "\(first.output)")
        let second = try fixture.host()
        #expect(await second.waitFor("host started"), "\(second.output)")
        let pids = [first, second].map(\.process.processIdentifier)
        let status = try await fixture.run("status").stdout
        #expect(status.contains("hosts: 2 running, sharing the instances (pid \(pids[0]) on "), "\(status)")
        #expect(status.contains("; pid \(pids[1]) on "), "\(status)")
        let timeline = try await fixture.run("timeline", ticker).stdout
        #expect(timeline.contains("host:         running (pid \(pids[0]) on "), "the instance's holder: \(timeline)")
        #expect(await first.stop(SIGTERM) == 0)
        #expect(await second.stop(SIGTERM) == 0)
    }

    @Test func aDatabaseRestartMidRunLosesNothing() async throws {
        let server = try TestPostgres.PrivateServer()
        defer { server.stop() }
        let fixture = try Fixture(url: server.url)
        let ticker = String(try await fixture.run("add-instance", "Ticker", "--entries", "60", "--spacing", "1").stdout.dropFirst("added ".count).prefix(6))
        let host = try fixture.host()
        #expect(await host.waitFor("instance=\(ticker) kind=Ticker [widgethost] entry of", count: 2), "\(host.output)")

        try server.restart()
        // Entries that are due go on becoming current from memory meanwhile.
        #expect(await host.waitFor("instance=\(ticker) kind=Ticker [widgethost] entry of", count: 4), "\(host.output)")
        let added = try await fixture.run("add-instance", "Gauge")
        #expect(added.status == 0, "\(added.stderr)")
        let gauge = String(added.stdout.dropFirst("added ".count).prefix(6))
        #expect(await host.waitFor("instance=\(gauge) kind=Gauge [widgethost] instance added"), "the listener came back: \(host.output)")
        #expect(await host.waitFor("instance=\(gauge) kind=Gauge [widgethost] timeline received"), "\(host.output)")
        #expect(host.process.isRunning)
        #expect(await host.stop(SIGTERM) == 0)
        let instances = try await fixture.run("list-instances", "--json").stdout
        #expect(instances.contains(ticker) && instances.contains(gauge), "no instance lost")
        let timeline = try await fixture.run("timeline", ticker, "--json")
        #expect(timeline.status == 0 && timeline.stdout.contains("\"entries\""), "\(timeline.stdout)")
    }
}
