import Foundation

/// Why a reload found no card.
enum JSONKindError: Error, LocalizedError, Equatable {
    case undeclared
    case status(Int, host: String)
    case notJSON(host: String, looksLike: String)
    case tooDeep(host: String)
    case noValue(path: String, found: String)
    case notAValue(path: String, found: String)
    case notANumber(path: String, found: String)

    /// Deeper than an API's answer nests: a document is refused past it.
    static let deepest = 64

    var errorDescription: String? {
        switch self {
        case .undeclared: "this kind is declared in the manifest with 'json:', which says what to fetch and show"
        case .status(let status, let host): "\(host) answered HTTP \(status)"
        case .notJSON(let host, let looksLike): "\(host) answered \(looksLike), not JSON"
        case .tooDeep(let host): "\(host) answered JSON nested deeper than \(JSONKindError.deepest) levels"
        case .noValue(let path, let found): "\(path) selects nothing in the answer (\(found))"
        case .notAValue(let path, let found): "\(path) selects \(found), not a value to show"
        case .notANumber(let path, let found): "\(path) selects \(found), not a number"
        }
    }
}
