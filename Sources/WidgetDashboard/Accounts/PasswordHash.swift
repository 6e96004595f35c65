import Crypto
import CryptoExtras
import Foundation

/// A password as scrypt keeps it: memory-hard, so that guessing it from a
/// stolen container costs 32 MiB and tens of milliseconds a guess on any
/// hardware, not a GPU's microsecond. Stored in the PHC string form other
/// tools read: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`, base64 without padding.
package struct PasswordHash: Sendable, Equatable {
    /// log2 of scrypt's N, its block size r and parallelism p. ln 15, r 8
    /// (32 MiB) is what OWASP's password storage sheet recommends for scrypt.
    package struct Cost: Sendable, Equatable {
        package var logRounds: Int
        package var blockSize: Int
        package var parallelism: Int

        package static let standard = Cost(logRounds: 15, blockSize: 8, parallelism: 1)

        /// The memory one check takes.
        package var bytes: Int { 128 * (1 << logRounds) * blockSize * parallelism }

        /// What a stored hash may ask for: a hash from elsewhere that asks
        /// for gigabytes is refused rather than obeyed.
        var isReasonable: Bool { (10...20).contains(logRounds) && (1...32).contains(blockSize) && (1...4).contains(parallelism) }
    }

    package let cost: Cost
    let salt: [UInt8]
    let hash: [UInt8]

    /// A new hash of `password` with a fresh 16-byte salt.
    package init(password: String, cost: Cost = .standard) throws {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(cost: cost, salt: salt, hash: try Self.derive(password, salt: salt, cost: cost))
    }

    init(cost: Cost, salt: [UInt8], hash: [UInt8]) {
        self.cost = cost
        self.salt = salt
        self.hash = hash
    }

    /// Reads a PHC string; nil for anything else.
    package init?(phc text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var values: [String: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let field = pair.split(separator: "=", maxSplits: 1)
            guard field.count == 2, let value = Int(field[1]) else { return nil }
            values[String(field[0])] = value
        }
        guard let ln = values["ln"], let r = values["r"], let p = values["p"],
              let salt = Self.base64Decoded(parts[3]), let hash = Self.base64Decoded(parts[4]), hash.count >= 16 else { return nil }
        let cost = Cost(logRounds: ln, blockSize: r, parallelism: p)
        guard cost.isReasonable else { return nil }
        self.init(cost: cost, salt: salt, hash: hash)
    }

    package var phc: String {
        "$scrypt$ln=\(cost.logRounds),r=\(cost.blockSize),p=\(cost.parallelism)$\(Self.base64(salt))$\(Self.base64(hash))"
    }

    /// Whether `password` is the one hashed, compared in constant time.
    package func verifies(_ password: String) -> Bool {
        guard let candidate = try? Self.derive(password, salt: salt, cost: cost, length: hash.count) else { return false }
        return zip(candidate, hash).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ password: String, salt: [UInt8], cost: Cost, length: Int = 32) throws -> [UInt8] {
        // scrypt's C code takes the password's address, which an empty buffer lacks.
        let bytes = Array(password.utf8)
        let key = try KDF.Scrypt.deriveKey(from: bytes.isEmpty ? [0] : bytes, salt: salt, outputByteCount: length,
                                           rounds: 1 << cost.logRounds, blockSize: cost.blockSize, parallelism: cost.parallelism)
        return key.withUnsafeBytes { Array($0) }
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    private static func base64Decoded(_ text: Substring) -> [UInt8]? {
        let padded = text + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: String(padded)).map { Array($0) }
    }
}
