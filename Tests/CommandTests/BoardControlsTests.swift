import Foundation
import HostBasics
import HostTestSupport
import Synchronization
import Testing
import WidgetTestSupport

/// Issue 42: the live board on a real terminal (a pseudo-terminal, as a
/// terminal emulator gives `run`): the controls on the line under the
/// title, and a key that taps one.
@Suite("Controls on the board")
struct BoardControlsTests {
    @Test func aKeyTapsTheControlItNames() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        // util-linux's script(1) (Debian's bsdutils, always installed) gives the host a pseudo-terminal.
        let binary = TestSupport.productsDirectory.appendingPathComponent("widgethost").path
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "exec '\(binary)' run '\(fixture.manifestPath)'", "/dev/null"]
        process.environment = TestSupport.environment.merging(["TERM": "xterm-256color"]) { $1 }
        let keys = Pipe(), terminal = Pipe()
        process.standardInput = keys
        process.standardOutput = terminal
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // What the board wrote, read as a terminal would read it.
        let screen = Mutex("")
        let reading = terminal.fileHandleForReading.fileDescriptor
        _ = NamedThread.start("test-pty") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reading, &buffer, buffer.count)
                guard count > 0 else { return }
                screen.withLock { $0 += String(decoding: buffer.prefix(count), as: UTF8.self) }
            }
        }
        #expect(await TestSupport.eventually(bound: 600) { screen.withLock { $0.contains("1 ○ Delivery Alerts: Off   2 ▸ Reorder") } },
                "\(screen.withLock { $0.suffix(2000) })")
        keys.fileHandleForWriting.write(Data("1".utf8))
        #expect(await TestSupport.eventually(bound: 600) { screen.withLock { $0.contains("1 ● Delivery Alerts: On") } },
                "\(screen.withLock { $0.suffix(2000) })")
        #expect(await TestSupport.eventually(bound: 600) { screen.withLock { $0.contains("performed 'Set Delivery Alerts'; Delivery Alerts: On") } })
        // Ctrl-C, through the terminal: the host stops as it says it does.
        keys.fileHandleForWriting.write(Data([3]))
        #expect(await TestSupport.eventually(bound: 600) { !process.isRunning })
        #expect(process.terminationStatus == 0, "\(screen.withLock { $0.suffix(500) })")
        // What the key did is in the App Group, as a command reads it.
        let listed = try await fixture.run("controls")
        #expect(listed.stdout.contains("Delivery Alerts: On"), "\(listed.stdout)")
    }
}
