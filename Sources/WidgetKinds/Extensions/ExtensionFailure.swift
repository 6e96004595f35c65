import ExtensionProtocol
import Foundation

/// How an extension process ended.
package enum ExtensionTermination: Sendable, Equatable, CustomStringConvertible {
    case signal(Int32)
    case exit(Int32)

    package var description: String {
        switch self {
        case .signal(let number): Self.signalName(number)
        case .exit(let status): "exit status \(status)"
        }
    }

    static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGSYS: "SIGSYS",
        ]
        return names[number] ?? "signal \(number)"
    }
}

/// A crash of a kind's extension during a call: the kind's own fault. Three
/// in a row quarantine the instance.
package struct ExtensionCrash: Error, Sendable, CustomStringConvertible {
    package let module: String
    package let termination: ExtensionTermination
    /// Set when the host killed it for breaking the protocol (bytes on its
    /// channel that are not a message, or a message only the host sends):
    /// as much the kind's fault as a crash, and handled as one.
    package var brokenProtocol: String? = nil

    package var description: String {
        if let brokenProtocol { return "extension broke the protocol (\(brokenProtocol))" }
        return switch termination {
        case .signal: "extension crashed (\(termination))"
        case .exit(ExtensionLaunch.protocolMismatchStatus):
            "widgethost-extension is from another build of widgethost and speaks another protocol; build or install them together"
        case .exit(let status): "extension exited (status \(status)) in the middle of a call"
        }
    }
}

/// A call that did not get to run, or was cut short through no fault of its
/// own: another call on the same process hung and the host killed it, or the
/// extension is waiting to be restarted after a crash. Not charged to the
/// instance's budget; retried when the extension is back.
package struct ExtensionUnavailable: Error, Sendable, CustomStringConvertible {
    package let module: String
    package let reason: String
    /// How long until the extension can be asked again.
    package let retryAfter: Duration

    package var description: String { reason }
}

/// The extension could not be started at all (the runner is missing, or
/// spawning failed), or it broke the protocol.
package struct ExtensionStartError: Error, Sendable, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
}

/// The module's folder of the container went past its limits (disk, files,
/// the disk's reserve): the host stopped its extension and starts none until
/// the folder is back under them. The kind's doing, so a failed reload.
package struct ExtensionOverLimit: Error, Sendable, CustomStringConvertible {
    package let module: String
    package let reason: String

    package var description: String { reason }
}
