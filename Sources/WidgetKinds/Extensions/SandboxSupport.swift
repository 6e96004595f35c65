import CProcessControl
import Foundation
import Synchronization

/// What this kernel lets an extension's sandbox enforce. seccomp (no
/// sockets) and `no_new_privs` hold on every kernel the host runs on; the
/// rest is Landlock's, whose ABI grew by parts, and the namespaces an
/// unprivileged user may make (`ProcessIsolation` in the extension), which
/// some distributions refuse.
package struct SandboxSupport: Sendable, Equatable {
    /// The ABI that covers all the sandbox uses: files with truncation,
    /// TCP, and scoped signals and abstract sockets.
    package static let completeABI = 6
    /// `WIDGETHOST_PROCESS_ISOLATION=off` runs extensions without namespaces
    /// of their own, as on a system that refuses them: for the tests of that
    /// case, and to rule the namespaces out when something misbehaves.
    package static let isolationVariable = "WIDGETHOST_PROCESS_ISOLATION"
    package static let current = SandboxSupport(
        landlockABI: Int(wh_landlock_abi()),
        processIsolation: ProcessInfo.processInfo.environment[isolationVariable] != "off" && wh_probe_isolation() == 0)

    package let landlockABI: Int
    /// Whether each extension gets user, PID and mount namespaces of its own
    /// and a /proc that shows only its processes.
    package let processIsolation: Bool

    package init(landlockABI: Int, processIsolation: Bool = true) {
        self.landlockABI = landlockABI
        self.processIsolation = processIsolation
    }

    /// What a kind can still do here that the sandbox means to refuse.
    package var unenforced: [String] {
        if landlockABI < 1 {
            return ["files (a kind reads and writes all its user can)", "starting programs", "signals to other processes",
                    "ptrace of another extension (when the kernel's Yama allows it)"]
                + (processIsolation ? [] : ["the sight of other processes (their command lines in /proc), for want of user namespaces"])
        }
        var missing: [String] = []
        if landlockABI < 3 { missing.append("truncating files it may not write") }
        if landlockABI < 6 { missing.append("signals to other processes and their abstract Unix sockets") }
        if !processIsolation { missing.append("the sight of other processes (their command lines in /proc), for want of user namespaces") }
        return missing
    }

    package var isComplete: Bool { unenforced.isEmpty }

    /// "this kernel's Landlock ABI is 3, so the sandbox cannot refuse: …"
    package var shortfall: String {
        let offered = landlockABI < 1 ? "this kernel has no Landlock" : "this kernel's Landlock ABI is \(landlockABI) (\(Self.completeABI) is needed)"
        return "\(offered), so a kind's sandbox cannot refuse \(unenforced.joined(separator: ", "))"
    }

    private static let noted = Atomic(false)

    /// Says once in this process what the sandbox cannot enforce here.
    package func noteOnce(_ output: (String) -> Void) {
        guard !isComplete, !Self.noted.exchange(true, ordering: .relaxed) else { return }
        output("sandbox: \(shortfall); kinds run with the rest ('sandbox: required' in the manifest refuses to run them)")
    }
}
