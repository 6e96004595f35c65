import CProcessControl
import Foundation

/// A thread of the host's own, named where people look for it: the
/// kernel's name (`top -H`, `perf`, gdb; at most 15 bytes, so a long one is
/// cut) and Foundation's. docs/architecture.md lists every one and why it
/// is not a task.
package enum NamedThread {
    /// Starts `body` on a new thread called `name`.
    @discardableResult
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let thread = Thread {
            wh_set_thread_name(name)
            body()
        }
        thread.name = name
        thread.start()
        return thread
    }
}
