import CProcessControl
import Foundation
import Synchronization

/// Ends the extensions' process groups when the host ends, however it ends.
///
/// An extension dies with the host (its parent-death signal), but what a kind
/// forked (a child ignoring SIGTERM, the Swift runtime's crash reporter) does
/// not: it would outlive the host, and keep the extension's channel open.
/// Each extension runs in a process group of its own; the host names each
/// group to a reaper, a small process forked once (`wh_start_reaper`), which
/// kills every group still named when its pipe from the host reaches its end.
final class ProcessReaper: Sendable {
    static let shared = ProcessReaper()

    /// The pipe to the reaper; nil until the first extension starts, or if
    /// it could not be started (the host then still ends groups itself at
    /// every orderly stop).
    private let pipe = Mutex<Int32?>(nil)
    private let started = Atomic<Bool>(false)

    /// Names a process group to end if the host dies.
    func watch(_ group: pid_t) {
        send("+\(group)\n")
    }

    /// The group is gone: its number may be reused.
    func forget(_ group: pid_t) {
        send("-\(group)\n")
    }

    private func send(_ line: String) {
        pipe.withLock { pipe in
            if pipe == nil, !started.exchange(true, ordering: .relaxed) {
                // A reaper that died must cost a write its error, not the host its life.
                signal(SIGPIPE, SIG_IGN)
                let descriptor = wh_start_reaper()
                pipe = descriptor >= 0 ? descriptor : nil
            }
            guard let descriptor = pipe else { return }
            // Shorter than PIPE_BUF: written whole or not at all.
            _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        }
    }
}
