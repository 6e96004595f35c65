import Foundation
import WidgetSDK

/// An error thrown on one side and rethrown on the other. The SDK's errors
/// that callers act on keep their type; any other keeps its description.
package enum RemoteError: Error, Codable, Sendable, CustomStringConvertible {
    case rateLimited(until: Date)
    case unreachable(String)
    case timedOut
    case invalidResponse(String)
    case optionValidation(String)
    case configuration(parameter: String, message: String)
    case cancelled
    case other(String)

    package init(_ error: any Error) {
        switch error {
        case let error as RemoteError: self = error
        case let error as RateLimitedError: self = .rateLimited(until: error.until)
        case let error as OptionValidationError: self = .optionValidation(error.message)
        case let error as ConfigurationError: self = .configuration(parameter: error.parameter, message: error.message)
        case is CancellationError: self = .cancelled
        case let error as HTTPServiceError:
            switch error {
            case .unreachable(let reason): self = .unreachable(reason)
            case .timedOut: self = .timedOut
            case .invalidResponse(let reason): self = .invalidResponse(reason)
            }
        default: self = .other(Self.describe(error))
        }
    }

    /// What a kind's author wrote for people: a `LocalizedError`'s
    /// description (URLSession's errors are one), else the error as Swift prints it.
    private static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let text = localized.errorDescription, !text.isEmpty { return text }
        return String(describing: error)
    }

    /// The error as its own type again, where the SDK has one.
    package var rethrowable: any Error {
        switch self {
        case .rateLimited(let until): RateLimitedError(until: until)
        case .unreachable(let reason): HTTPServiceError.unreachable(reason)
        case .timedOut: HTTPServiceError.timedOut
        case .invalidResponse(let reason): HTTPServiceError.invalidResponse(reason)
        case .optionValidation(let message): OptionValidationError(message)
        case .configuration(let parameter, let message): ConfigurationError(parameter: parameter, message: message)
        case .cancelled: CancellationError()
        case .other: self
        }
    }

    package var description: String {
        switch self {
        case .other(let text): text
        default: String(describing: rethrowable)
        }
    }
}
