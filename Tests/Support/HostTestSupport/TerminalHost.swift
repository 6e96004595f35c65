import Foundation
import HostBasics
import Synchronization
import WidgetHost
import WidgetTestSupport

/// `widgethost run` on a pseudo-terminal of a given size, as a user sees it:
/// what it writes goes through a `VirtualTerminal`, and keys can be typed.
package final class TerminalHost: Sendable {
    package let process: ChildProcess
    private let master: Int32
    private let terminal: Mutex<VirtualTerminal>
    private let raw = Mutex(Data())

    package init(manifestPath: String, columns: Int, rows: Int, environment: [String: String] = [:], arguments: [String] = []) throws {
        // posix_openpt and friends are hidden from Swift's Glibc; these are
        // what they do on Linux: unlock the new pty and ask for its number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, UInt(0x8004_5430) /* TIOCGPTN */, &number) == 0 else {
            throw POSIXError(.ENOTTY)
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        guard let slave = FileHandle(forUpdatingAtPath: name) else { throw POSIXError(.ENOTTY) }
        terminal = Mutex(VirtualTerminal(columns: columns, rows: rows))
        process = ChildProcess()
        process.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
        process.arguments = ["run", manifestPath] + arguments
        process.environment = TestSupport.environment.merging(["TERM": "xterm-256color"].merging(environment) { $1 }) { $1 }
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try TestSupport.start(process)
        try slave.close()
        // Ends when the host and its children have closed the terminal.
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return }
                let bytes = Array(buffer.prefix(count))
                self.raw.withLock { $0.append(contentsOf: bytes) }
                self.terminal.withLock { $0.feed(bytes) }
            }
        }
    }

    package var screen: VirtualTerminal { terminal.withLock { $0 } }
    package var output: String { String(decoding: raw.withLock { $0 }, as: UTF8.self) }

    package func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Waits until the screen satisfies `condition`. The bound only keeps a
    /// broken board from hanging the suite; it is not a measurement.
    package func waitFor(bound: TimeInterval = 120, _ condition: (VirtualTerminal) -> Bool) async -> Bool {
        let deadline = Date() + bound
        while Date() < deadline {
            if condition(screen) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition(screen)
    }

    package func stop() async -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let process = process
        await TestSupport.offPool { process.waitUntilExit() }
        close(master)
        return process.terminationStatus
    }
}
