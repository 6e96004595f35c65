import Foundation
import HostBasics
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// A container that cannot be written, made real without privileges: a
/// file-size limit (`ulimit -f`) fails every write past the first byte as a
/// full disk fails it, and a process may lower and raise its soft limit.
@Suite("widgethost run on a container that cannot be written")
struct FullContainerTests {
    @Test func runRefusesToStartWhenTheContainerCannotBeWritten() async throws {
        let fixture = try ContainerFixture()
        #expect(try await fixture.run("add-instance", "Note", "--text", "hi").status == 0)

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--fsize=1:unlimited", "--",
                             TestSupport.productsDirectory.appendingPathComponent("widgethost").path,
                             "run", fixture.manifestPath, "--log"]
        // A pipe, not a file: the limit applies to the host's own files.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try TestSupport.start(process)
        // Today's failure mode is to run for ever; the bound stops the test, it measures nothing.
        let stopper = Task {
            try await Task.sleep(for: .seconds(30))
            process.terminate()
        }
        // Read on a thread of its own: a blocked cooperative thread would
        // keep the stopper from running on a busy two-core machine.
        let reader = output.fileHandleForReading
        let text = await withCheckedContinuation { (read: CheckedContinuation<String, Never>) in
            DispatchQueue.global().async {
                read.resume(returning: String(decoding: (try? reader.readToEnd()) ?? Data(), as: UTF8.self))
            }
        }
        process.waitUntilExit()
        stopper.cancel()

        #expect(process.terminationStatus == 1, "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(text)")
        #expect(text.contains("container.sqlite"), "\(text)")
        #expect(text.contains("file-size limit of 1 bytes"), "says why: \(text)")
        #expect(!text.contains("host started"))
    }

    @Test func aContainerThatFillsMidRunIsReportedOnceKeepsItsWorkAndRecovers() async throws {
        let fixture = try ContainerFixture()
        let added = try await fixture.run("add-instance", "Note", "--text", "hi")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        let before = try await currentEntry(id, fixture)

        try await TestSupport.setFileSizeLimit(of: host.process.processIdentifier, to: 1)
        // Reload requests reach the host through the container: taking them
        // is a write, so it fails on every tick from here on.
        #expect(try await fixture.run("reload", "--force").status == 0)
        #expect(await host.waitFor("cannot write the container"), "\(host.output)")
        try await Task.sleep(for: .seconds(3))
        #expect(try await fixture.run("reload", "--force").status == 0)
        try await Task.sleep(for: .seconds(2))
        #expect(host.occurrences(of: "cannot write the container") == 1, "said once, not every second: \(host.output)")
        #expect(host.occurrences(of: "error") == 1, "\(host.output)")
        #expect(host.occurrences(of: "timeline received") == 1, "the requests wait in the container")

        try await TestSupport.setFileSizeLimit(of: host.process.processIdentifier, to: nil)
        #expect(await host.waitFor("the container can be written again"), "\(host.output)")
        #expect(await host.waitFor("timeline received", count: 2), "the waiting reload ran: \(host.output)")
        #expect(await host.stop(SIGINT) == 0, "\(host.output)")
        #expect(host.output.contains("host stopped; state saved"))

        let after = try await currentEntry(id, fixture)
        #expect(after > before, "the reload after recovery was saved")
    }

    /// The date of the instance's current entry, as stored.
    private func currentEntry(_ id: String, _ fixture: ContainerFixture) async throws -> String {
        let timeline = try await fixture.run("timeline", id, "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any])
        return try #require(json["currentEntry"] as? String, "\(timeline.stdout)")
    }

    @Test func aStopWhileTheContainerCannotBeWrittenSaysWhatWasLost() async throws {
        let fixture = try ContainerFixture()
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("host started"), "\(host.output)")
        try await TestSupport.setFileSizeLimit(of: host.process.processIdentifier, to: 1)
        // Adding reads nothing the host must write; its first timeline then waits to be saved.
        #expect(try await fixture.run("add-instance", "Gauge").status == 0)
        #expect(await host.waitFor("timeline received"), "\(host.output)")
        #expect(await host.waitFor("cannot write the container"), "\(host.output)")
        let status = await host.stop(SIGINT)
        #expect(status == 1, "\(host.output)")
        #expect(host.output.contains("state not saved at stop"), "\(host.output)")
        #expect(!host.output.contains("host stopped; state saved"))
    }
}
