import Foundation
import Testing
@testable import WidgetHost

/// `widgethost run` as a real process on a real container, with other
/// processes adding instances and asking for reloads.
@Suite("widgethost run, reload, timeline, status")
struct RunCommandTests {
    /// A running host whose log is written to a file.
    final class RunningHost {
        let process = Process()
        let log: URL

        init(_ fixture: ContainerFixture) throws {
            log = fixture.folder.appendingPathComponent("run.log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
            process.arguments = ["run", fixture.manifestPath]
            process.standardOutput = try FileHandle(forWritingTo: log)
            process.standardError = process.standardOutput
            try process.run()
        }

        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// Waits for a log line containing `text`. The bound only keeps a broken
        /// host from hanging the suite; it is not a measurement.
        func waitFor(_ text: String, bound: TimeInterval = 20) -> Bool {
            let deadline = Date() + bound
            while Date() < deadline {
                if output.contains(text) { return true }
                usleep(20_000)
            }
            return false
        }

        func stop(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit {
            if process.isRunning { process.terminate() }
        }
    }

    @Test func anInstanceAddedByAnotherProcessIsPickedUpAndSIGTERMSavesState() throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture)
        #expect(host.waitFor("host started"), "\(host.output)")

        let added = Date()
        let add = try fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift")
        #expect(add.status == 0)
        let id = String(add.stdout.dropFirst("added ".count).prefix(6))
        #expect(host.waitFor("instance=\(id) kind=SingleRepo [widgethost] timeline received"), "\(host.output)")
        let latency = Date().timeIntervalSince(added)
        print("add-instance to timeline received: \(String(format: "%.2f", latency)) s (limit 2 s)")

        #expect(host.stop(SIGTERM) == 0)
        #expect(host.output.contains("host stopped; state saved"))

        let timeline = try fixture.run("timeline", id, "--json")
        #expect(timeline.status == 0, "\(timeline.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any])
        #expect(json["state"] as? String == "fresh")
        #expect((json["entries"] as? [Any])?.count == 1)
        #expect((json["policy"] as? String)?.hasPrefix("after(") == true)
        #expect((json["budget"] as? [String: Any])?["used"] as? Int == 1)
    }

    @Test func SIGINTStopsCleanlyToo() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        let host = try RunningHost(fixture)
        #expect(host.waitFor("timeline received"), "\(host.output)")
        #expect(host.stop(SIGINT) == 0)
        #expect(host.output.contains("host stopped; state saved"))
    }

    @Test func aSecondHostOnOneContainerIsRefused() throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture)
        #expect(host.waitFor("host started"))
        let second = try TestSupport.widgethost(["run", fixture.manifestPath])
        #expect(second.status == 1)
        #expect(second.stderr.contains("error: another host (pid \(host.process.processIdentifier)) is already running on container group.test.container"))
        #expect(host.stop() == 0)
    }

    @Test func reloadReachesTheRunningHost() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        _ = try fixture.run("add-instance", "SingleRepo")
        let host = try RunningHost(fixture)
        #expect(host.waitFor("kind=SingleRepo [widgethost] timeline received"))

        let reload = try fixture.run("reload", "--kind", "Contributor", "--force")
        #expect(reload.stdout == "reload requested for 1 Contributor instance (forced)\n")
        #expect(reload.stderr.isEmpty, "a host is running, so no note")
        #expect(host.waitFor("kind=Contributor [widgethost] forced reload requested"), "\(host.output)")
        #expect(host.stop() == 0)
        #expect(host.output.components(separatedBy: "kind=Contributor [widgethost] reload started").count == 3, "two reloads")
        #expect(host.output.components(separatedBy: "kind=SingleRepo [widgethost] reload started").count == 2, "one reload")
    }

    @Test func reloadWithoutARunningHostSaysSo() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        let result = try fixture.run("reload")
        #expect(result.status == 0)
        #expect(result.stdout == "reload requested for all 1 instance\n")
        #expect(result.stderr == "note: no host is running on this container; the next 'widgethost run' will reload\n")
        #expect(try fixture.run("reload", "--kind", "Nope").stderr.contains("error: unknown kind 'Nope'"))
        #expect(try fixture.run("reload", "--instance", "zzzzzz").stderr.contains("error: no instance with id 'zzzzzz'"))
        #expect(try fixture.run("reload", "--kind", "Contributor", "--instance", "x").stderr.contains("give --kind or --instance, not both"))
    }

    @Test func statusShowsEveryInstanceState() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        let before = try fixture.run("status", "--json")
        let placeholder = try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [[String: Any]]
        #expect(placeholder?.first?["state"] as? String == "placeholder")

        let host = try RunningHost(fixture)
        #expect(host.waitFor("timeline received"))
        #expect(host.stop() == 0)
        let after = try fixture.run("status")
        let lines = after.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID      KIND         FAMILY       STATE  ENTRY") == true)
        #expect(lines.last?.contains("Contributor  systemLarge  fresh") == true)
        #expect(lines.last?.hasSuffix("ago") == true)
    }

    @Test(arguments: ["run", "reload", "status", "timeline"])
    func everyCommandHasHelp(_ command: String) throws {
        let result = try TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}
