import Crypto
import Foundation
import HostBasics

/// What a push shows for its kind's token: the token itself, as a bearer,
/// or an HMAC-SHA256 of its body keyed with the token, as a GitHub webhook
/// signs with its secret (`X-Hub-Signature-256: sha256=<hex>`).
package enum PushProof: Sendable {
    case bearer(String)
    case signature(String, body: Data)

    /// Whether it proves `secret`, compared in constant time.
    package func proves(_ secret: String) -> Bool {
        let key = Data(secret.utf8)
        switch self {
        case .bearer(let token):
            // Both hashed first: equal lengths, and no early exit on the first difference.
            return SHA256.hash(data: Data(token.lowercased().utf8)) == SHA256.hash(data: key)
        case .signature(let header, let body):
            guard header.hasPrefix("sha256="), let code = Data(hexadecimal: header.dropFirst("sha256=".count)), code.count == 32 else { return false }
            return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: body, using: SymmetricKey(data: key))
        }
    }

    /// The signature a body gets with `secret`, as GitHub sends it.
    package static func signature(of body: Data, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
