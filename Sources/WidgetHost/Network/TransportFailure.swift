import AsyncHTTPClient
import Foundation
import HostText
import NIOCore
import NIOPosix

/// One readable line for a request that got no HTTP answer: the host and
/// what happened ("api.github.com:443: connection refused"), never the
/// layered description of the HTTP stack, and never a header.
enum TransportFailure {
    static func describe(_ error: any Error, url: String) -> String {
        let components = URLComponents(string: url)
        let place = (components?.host ?? url) + (components?.port.map { ":\($0)" } ?? "")
        switch error {
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve \(error.host)" }
            let code = error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
            return "\(error.host):\(error.port): " + (code.map(reason) ?? "no connection could be made")
        case let error as IOError:
            return "\(place): \(reason(error.errnoCode))"
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            return "\(place): the server closed the connection"
        default:
            return "\(place): \(ErrorText.describe(error))"
        }
    }

    /// Whether `error` means nothing answered at all: a name that does not
    /// resolve, a connection refused, a host or network unreachable. Not a
    /// timeout (something may be there, slow), a reset, TLS, or a request
    /// cancelled (a timed-out call, a removed instance).
    static func isNoAnswer(_ error: any Error) -> Bool {
        let codes: Set<CInt> = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH]
        switch error {
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil { return true }
            return !error.connectionErrors.isEmpty && error.connectionErrors.allSatisfy { codes.contains(($0.error as? IOError)?.errnoCode ?? 0) }
        case let error as IOError:
            return codes.contains(error.errnoCode)
        case is SocketAddressError:
            return true
        default:
            return false
        }
    }

    private static func reason(_ code: CInt) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case EHOSTUNREACH: "host unreachable"
        case ENETUNREACH: "network unreachable"
        case ETIMEDOUT: "connection timed out"
        case ECONNRESET: "connection reset"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
