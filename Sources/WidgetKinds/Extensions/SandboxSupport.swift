import CProcessControl
import Synchronization

/// What this kernel lets an extension's sandbox enforce. seccomp (no
/// sockets) and `no_new_privs` hold on every kernel the host runs on; the
/// rest is Landlock's, whose ABI grew by parts.
package struct SandboxSupport: Sendable, Equatable {
    /// The ABI that covers all the sandbox uses: files with truncation,
    /// TCP, and scoped signals and abstract sockets.
    package static let completeABI = 6
    package static let current = SandboxSupport(landlockABI: Int(wh_landlock_abi()))

    package let landlockABI: Int

    package init(landlockABI: Int) {
        self.landlockABI = landlockABI
    }

    /// What a kind can still do here that the sandbox means to refuse.
    package var unenforced: [String] {
        if landlockABI < 1 {
            return ["files (a kind reads and writes all its user can)", "starting programs", "signals to other processes",
                    "ptrace of another extension (when the kernel's Yama allows it)"]
        }
        var missing: [String] = []
        if landlockABI < 3 { missing.append("truncating files it may not write") }
        if landlockABI < 6 { missing.append("signals to other processes and their abstract Unix sockets") }
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
