import Foundation

/// An error in this tool's words, on one line. Foundation's own text for its
/// errors is "Error Domain=NSCocoaErrorDomain Code=516 "(null)" UserInfo=…",
/// which tells a user nothing; file errors become the system's reason.
package enum ErrorText {
    /// - Parameter withPath: starts a file error with its path; off where
    ///   the message names the file already.
    package static func describe(_ error: any Error, withPath: Bool = true) -> String {
        let text: String
        switch error {
        case let error as POSIXError:
            text = posix(error.code.rawValue)
        case let error as CocoaError:
            text = cocoa(error, withPath: withPath)
        case let error as DecodingError:
            text = decoding(error)
        default:
            let described = String(describing: error)
            if described.hasPrefix("Error Domain=") {
                let error = error as NSError
                text = error.domain == NSPOSIXErrorDomain ? posix(Int32(error.code)) : "\(error.domain) error \(error.code)"
            } else {
                text = described
            }
        }
        return TerminalText.escaped(text)
    }

    private static func posix(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func cocoa(_ error: CocoaError, withPath: Bool) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? error.userInfo[NSURLErrorKey].flatMap { ($0 as? URL)?.path }
        let reason: String
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            reason = posix(Int32(underlying.code))
        } else {
            switch error.code {
            case .fileWriteFileExists: reason = "a file already exists there"
            case .fileNoSuchFile, .fileReadNoSuchFile: reason = "no such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: reason = "permission denied"
            case .fileWriteOutOfSpace: reason = "no space left on device"
            case .fileWriteVolumeReadOnly: reason = "read-only file system"
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: reason = "not text in UTF-8"
            case .fileReadTooLarge: reason = "the file is too large"
            case .fileReadCorruptFile: reason = "the file is damaged or not in the expected format"
            default: reason = "file error \(error.code.rawValue)"
            }
        }
        guard withPath, let path else { return reason }
        return "\(path): \(reason)"
    }

    private static func decoding(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return "the data could not be read"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? context.debugDescription : "\(context.debugDescription) (at \(path.drop { $0 == "." }))"
    }
}
