import CProcessControl
import Foundation
import HostBasics
import Synchronization

/// Reads what an extension prints on stdout and stderr, on a thread of its
/// own, and hands on each line prefixed with the module's name. A line that
/// never ends is cut at `maximumLine` bytes, so a kind cannot grow the host.
package enum OutputReader {
    static let maximumLine = 4_096

    private static let briefCrashReports = Atomic(false)

    /// Whether a crashing extension's report (the Swift runtime's backtrace,
    /// registers and images: some 60 lines) is handed on in full, as `run`
    /// logs it, or cut to its first line and a note, as the one-shot
    /// commands print it unless `--verbose`. For the whole process.
    package static var crashReportsInFull: Bool {
        get { !briefCrashReports.load(ordering: .relaxed) }
        set { briefCrashReports.store(!newValue, ordering: .relaxed) }
    }

    /// Where a crash report starts: the backtracer's banner, or the
    /// runtime's own trace when the backtracer is off. A fatal error's
    /// message line comes first and is kept.
    static func startsCrashReport(_ line: String) -> Bool {
        line.hasPrefix("*** Signal ") || line.hasPrefix("*** Program crashed") || line == "Current stack trace:"
    }

    /// How many readers have not yet reached the end of their pipes.
    private static let running = NSCondition()
    nonisolated(unsafe) private static var runningCount = 0

    /// Waits until every reader has handed on its last line, at most until
    /// `deadline`; true when they all had. A reader ends once its process
    /// and everything it started have exited.
    static func awaitAll(until deadline: Date) -> Bool {
        running.lock()
        defer { running.unlock() }
        while runningCount > 0 {
            if !running.wait(until: deadline) { return runningCount == 0 }
        }
        return true
    }

    static func start(descriptors: [Int32], module: String, output: @escaping @Sendable (String) -> Void) {
        running.lock()
        runningCount += 1
        running.unlock()
        NamedThread.start("wh-out-\(module)") {
            defer {
                running.lock()
                runningCount -= 1
                running.broadcast()
                running.unlock()
            }
            var open = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var pending = Array(repeating: [UInt8](), count: descriptors.count)
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let brief = !crashReportsInFull
            var inCrashReport = false
            // A blank line is held until the next shows whether it opens a crash report.
            var heldBlank = false
            let budget = LogBudget.of(module)
            var grantedCrashReport = false
            func emit(_ bytes: [UInt8]) {
                let line = String(decoding: bytes, as: UTF8.self)
                // A crash report (some 60 lines) is let through whatever the kind
                // printed before it; a kind that fakes its banner gets that once
                // for each of its processes.
                if !grantedCrashReport, startsCrashReport(line) {
                    grantedCrashReport = true
                    budget.grant(LogBudget.crashReport)
                }
                switch budget.take() {
                case .refused: return
                case .allowed(let suppressed):
                    if suppressed > 0 { output("[\(module)] (\(suppressed) lines not logged: \(LogBudget.rule))") }
                }
                if brief {
                    if inCrashReport { return }
                    if startsCrashReport(line) {
                        inCrashReport = true
                        heldBlank = false
                        output("[\(module)] (its crash report is left out; --verbose shows it)")
                        return
                    }
                    if heldBlank { output("[\(module)] ") }
                    heldBlank = line.isEmpty
                    if heldBlank { return }
                }
                output("[\(module)] " + line)
            }
            while open.contains(where: { $0.fd >= 0 }) {
                guard poll(&open, nfds_t(open.count), -1) >= 0 || errno == EINTR else { break }
                for index in open.indices where open[index].fd >= 0 && open[index].revents != 0 {
                    let count = read(open[index].fd, &buffer, buffer.count)
                    if count <= 0 {
                        if count < 0 && errno == EINTR { continue }
                        if !pending[index].isEmpty { emit(pending[index]) }
                        close(open[index].fd)
                        open[index].fd = -1
                        continue
                    }
                    for byte in buffer[..<count] {
                        if byte == UInt8(ascii: "\n") {
                            emit(pending[index])
                            pending[index].removeAll(keepingCapacity: true)
                        } else if pending[index].count < maximumLine {
                            pending[index].append(byte)
                        }
                    }
                }
            }
            if heldBlank { output("[\(module)] ") }
            if case let suppressed = budget.takeSuppressed(), suppressed > 0 {
                output("[\(module)] (\(suppressed) lines not logged: \(LogBudget.rule))")
            }
        }
    }
}
