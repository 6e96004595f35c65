import CProcessControl
import Foundation

/// SIGTERM and SIGINT, heard by a handler of the host's own that writes the
/// signal's number to a pipe, which a thread of its own reads: whichever
/// thread the kernel stops for the signal, the handler runs and the byte
/// is there to read.
///
/// Not Dispatch's signal sources (ServiceGroup's `gracefulShutdownSignals`):
/// on Linux they read a signalfd, which sees only a signal still pending on
/// a thread that blocks it, while libdispatch parks the main thread in
/// `sigsuspend` with nothing blocked. A SIGTERM that landed there was lost
/// now and then: a CI run waited twenty minutes on a host that had logged
/// nothing since its last timeline, its main thread in `sigsuspend`.
package enum ShutdownSignals {
    /// Calls `action` for each SIGTERM or SIGINT from now on, on a thread
    /// of its own (`wh-signals`). Call it once, before anything else
    /// handles those signals.
    package static func handle(_ action: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [0, 0]
        guard wh_pipe_cloexec(&ends) == 0 else { fatalError("no pipe for the shutdown signals: \(String(cString: strerror(errno)))") }
        // Written before the handler exists, so the handler reads a value, never an initialiser.
        shutdownSignalPipe = ends[1]
        for signal in [SIGTERM, SIGINT] {
            var handler = sigaction()
            handler.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe calls: write, and errno kept for the thread it interrupted.
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(shutdownSignalPipe, &byte, 1)
                errno = saved
            }
            sigemptyset(&handler.sa_mask)
            handler.sa_flags = SA_RESTART
            sigaction(signal, &handler, nil)
        }
        let readEnd = ends[0]
        NamedThread.start("wh-signals") {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { action() } else if count < 0, errno == EINTR { continue } else { return }
            }
        }
    }
}

/// Where the handler writes: set once, before the handler is installed.
nonisolated(unsafe) private var shutdownSignalPipe: Int32 = -1
