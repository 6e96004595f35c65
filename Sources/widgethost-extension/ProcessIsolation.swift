import CSandbox
import ExtensionProtocol
import Glibc

/// The extension in namespaces of its own (`wh_isolate_processes`): the
/// first process of a PID namespace, so that whatever a kind starts ends
/// with it however it detaches (a double fork, `setsid` where it could),
/// with a /proc that shows its own processes only, not the host's command
/// line or anyone else's.
enum ProcessIsolation {
    /// Enters the namespaces; returns a line for the log when they could
    /// not be had in full (the host probed for them, so this is rare).
    static func enter() -> String? {
        var failure: UnsafePointer<CChar>?
        let result = wh_isolate_processes(ExtensionLaunch.channelDescriptor, &failure)
        let reason = String(cString: strerror(errno))
        let step = (failure.map { String(cString: $0) } ?? "?") + " (\(reason))"
        switch result {
        case 0: return nil
        case 1: return "other processes stay in sight of this extension: \(step) failed in its own namespaces"
        default: return "this extension runs without namespaces of its own: \(step) failed"
        }
    }
}
