import Foundation
import Testing
@testable import WidgetDashboard

@Suite("Passwords, sign-in limits and forms")
struct PasswordHashTests {
    /// A cheap cost: these check the format and the comparison, not scrypt.
    static let cheap = PasswordHash.Cost(logRounds: 10, blockSize: 8, parallelism: 1)

    @Test func aHashVerifiesItsPasswordAloneAndReadsBackFromItsPHCString() throws {
        let hash = try PasswordHash(password: "correct horse", cost: Self.cheap)
        #expect(hash.phc.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
        #expect(hash.verifies("correct horse"))
        #expect(!hash.verifies("correct horsf") && !hash.verifies("") && !hash.verifies("correct horse "))
        let read = try #require(PasswordHash(phc: hash.phc))
        #expect(read == hash && read.verifies("correct horse"))
        // A fresh salt each time: the same password never hashes alike.
        #expect(try PasswordHash(password: "correct horse", cost: Self.cheap).phc != hash.phc)
        #expect(PasswordHash.Cost.standard.bytes == 32 << 20, "32 MiB a check")
    }

    @Test func aStoredHashThatAsksTooMuchOrIsNotOneIsRefused() {
        for text in ["", "plain", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ$" + String(repeating: "A", count: 43),
                     "$scrypt$ln=15,r=8$c2FsdA$" + String(repeating: "A", count: 43), "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA"] {
            #expect(PasswordHash(phc: text) == nil, "\(text)")
        }
    }

    @Test func failuresAreCountedByAddressAndNameWithinTheWindow() {
        let throttle = LoginThrottle(allowed: 3, window: 60)
        let start = Date(timeIntervalSince1970: 1_000_000)
        let keys = ["address 10.0.0.1", "name alice"]
        for second in 0..<3 {
            #expect(throttle.wait(for: keys, now: start + Double(second)) == nil)
            throttle.recordFailure(for: keys, now: start + Double(second))
        }
        #expect(throttle.wait(for: keys, now: start + 10) == 50, "until the first failure leaves the window")
        #expect(throttle.wait(for: ["address 10.0.0.2", "name alice"], now: start + 10) == 50, "the name is limited from anywhere")
        #expect(throttle.wait(for: ["address 10.0.0.2", "name bob"], now: start + 10) == nil)
        #expect(throttle.wait(for: keys, now: start + 61) == nil)
    }

    @Test func aFormIsDecodedAsBrowsersEncodeIt() {
        let form = SignInRoutes.form(.init(string: "name=al%C3%AFce&password=a+b%2Bc%26d%3D&empty=&flag"))
        #expect(form == ["name": "alïce", "password": "a b+c&d=", "empty": "", "flag": ""])
        #expect(SignInRoutes.same("abc", "abc") && !SignInRoutes.same("abd", "abc") && !SignInRoutes.same(nil, "abc") && !SignInRoutes.same("", ""))
    }
}
