import Foundation
import HostText

/// Why a control could not be read or tapped.
package enum ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownKind(String, declared: [String])
    /// Its provider threw, or its drawing was refused.
    case unreadable(kind: String, reason: String)
    case actionFailed(title: String, reason: String)

    package var description: String {
        switch self {
        case .unknownKind(let kind, let declared):
            var text = "no control of kind '\(kind)'"
            if let suggestion = Suggestion.closest(to: kind, in: declared) { text += " (did you mean '\(suggestion)'?)" }
            return text + "; the manifest's modules declare: " + (declared.isEmpty ? "none" : declared.joined(separator: ", "))
        case .unreadable(let kind, let reason):
            return "the control '\(kind)' could not be read: \(reason)"
        case .actionFailed(let title, let reason):
            return "the action '\(title)' failed: \(reason)"
        }
    }
}
