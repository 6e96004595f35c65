import Foundation
import HostText

/// Why a Live Activity could not be started, updated or ended.
package enum ActivityError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownType(String, declared: [String])
    case notFound(String)
    case tooLarge(bytes: Int)
    case notJSON(String)
    case tooManyRunning(type: String)
    case ended(String)
    case overBudget(String, retryAfter: TimeInterval)
    case refused(String)
    /// A value out of its range: a timestamp ahead of the clock, a score that is not a number.
    case invalid(String)

    package var description: String {
        switch self {
        case .unknownType(let type, let declared):
            var text = "no Live Activity of '\(type)'"
            if let suggestion = Suggestion.closest(to: type, in: declared) { text += " (did you mean '\(suggestion)'?)" }
            return text + "; the manifest's modules declare: " + (declared.isEmpty ? "none" : declared.sorted().joined(separator: ", "))
        case .notFound(let id):
            return "no Live Activity with id '\(id)'; 'widgethost activity list --all' shows them"
        case .tooLarge(let bytes):
            return "the attributes and state are \(bytes) bytes of JSON; a Live Activity's are at most \(ActivityLimits.maximumPayload), as ActivityKit's"
        case .notJSON(let part):
            return "'\(part)' is not a JSON object"
        case .tooManyRunning(let type):
            return "\(ActivityLimits.maximumRunning) Live Activities of '\(type)' are running already; end one first"
        case .ended(let id):
            return "the Live Activity '\(id)' has ended; start a new one"
        case .overBudget(let id, let retryAfter):
            return "the Live Activity '\(id)' has used its updates for now (\(Int(ActivityLimits.updates.burst)) at once, then one each "
                + "\(Int(ActivityLimits.updates.interval)) s); the next is allowed in \(Int(retryAfter.rounded(.up))) s"
        case .refused(let reason), .invalid(let reason):
            return reason
        }
    }
}
