import Foundation
import HostText

/// Why a push was refused.
package enum PushError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownKind(String, pushKinds: [String])
    /// The kind is loaded and has no `.pushHandler`.
    case notPushable(String)
    /// No token, a wrong one, or a signature that does not match the body.
    case unauthorized(String)
    case overBudget(kind: String, retryAfter: TimeInterval)

    package var description: String {
        switch self {
        case .unknownKind(let kind, let pushKinds):
            var text = "no kind '\(kind)' takes pushes"
            if let suggestion = Suggestion.closest(to: kind, in: pushKinds) { text += " (did you mean '\(suggestion)'?)" }
            return text + "; those that do: " + (pushKinds.isEmpty ? "none (a kind takes them with .pushHandler)" : pushKinds.joined(separator: ", "))
        case .notPushable(let kind):
            return "the kind '\(kind)' takes no pushes: its configuration names no .pushHandler"
        case .unauthorized(let why):
            return why
        case .overBudget(let kind, let retryAfter):
            return "'\(kind)' was pushed \(Int(PushLimits.budget.burst)) times in a row: the next push reloads it in \(Int(retryAfter.rounded(.up))) s "
                + "(one a minute); its timeline's policy still reloads it meanwhile"
        }
    }
}
