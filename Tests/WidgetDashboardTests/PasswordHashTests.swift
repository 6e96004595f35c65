import Foundation
import Testing
@testable import WidgetDashboard
import WidgetConfiguration
import WidgetTestSupport

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

    @Test func failuresAreCountedByKeyWithinTheWindowAndTheTableIsBounded() {
        let throttle = LoginThrottle(allowed: 3, window: 60, capacity: 4)
        let start = Date(timeIntervalSince1970: 1_000_000)
        let keys = ["address 10.0.0.1", "name alice from 10.0.0.1"]
        for second in 0..<3 {
            #expect(throttle.wait(for: keys, now: start + Double(second)) == nil)
            throttle.recordFailure(for: keys, now: start + Double(second))
        }
        #expect(throttle.wait(for: keys, now: start + 10) == 50, "until the first failure leaves the window")
        #expect(throttle.wait(for: ["address 10.0.0.2", "name alice from 10.0.0.2"], now: start + 10) == nil, "no lockout from elsewhere")
        #expect(throttle.wait(for: keys, now: start + 61) == nil)
        // A success takes back its own attempt only.
        throttle.recordFailure(for: ["address 10.0.0.3"], now: start)
        throttle.recordFailure(for: ["address 10.0.0.3"], now: start + 1)
        throttle.forgive(["address 10.0.0.3"])
        throttle.recordFailure(for: ["address 10.0.0.3"], now: start + 2)
        #expect(throttle.wait(for: ["address 10.0.0.3"], now: start + 3) == nil, "two failures left, not three")
        // A flood of addresses: at most `capacity` kept, the newest.
        for index in 0..<20 { throttle.recordFailure(for: ["address 192.0.2.\(index)"], now: start + 30 + Double(index)) }
        throttle.recordFailure(for: ["address 192.0.2.19"], now: start + 51)
        throttle.recordFailure(for: ["address 192.0.2.19"], now: start + 52)
        #expect(throttle.wait(for: ["address 192.0.2.19"], now: start + 53) != nil)
        #expect(throttle.wait(for: ["address 192.0.2.0"], now: start + 53) == nil)
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() {
        #expect(LoginThrottle.addressKey("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(LoginThrottle.addressKey("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64")
        #expect(LoginThrottle.addressKey("192.0.2.7") == "192.0.2.7")
    }

    @Test func aFormIsDecodedAsBrowsersEncodeIt() {
        let form = SignInRoutes.form(.init(string: "name=al%C3%AFce&password=a+b%2Bc%26d%3D&empty=&flag"))
        #expect(form == ["name": "alïce", "password": "a b+c&d=", "empty": "", "flag": ""])
        #expect(SameOrigin.same("abc", "abc") && !SameOrigin.same("abd", "abc") && !SameOrigin.same(nil, "abc") && !SameOrigin.same("", ""))
    }
}

@Suite("The manifest's dashboard settings")
struct DashboardSettingsTests {
    @Test func proxiesAreAddressesAndAUserHeaderNeedsOne() throws {
        let manifest = try TestSupport.manifest("""
            container: {group: g.x}
            widgets: [{kind: A}]
            dashboard: {trusted_proxies: [127.0.0.1, "::ffff:10.0.0.2", "::1"], user_header: X-Forwarded-User}
            """)
        #expect(manifest.dashboard.trustedProxies == ["127.0.0.1", "10.0.0.2", "::1"], "written as a socket reports its peer")
        #expect(manifest.dashboard.userHeader == "X-Forwarded-User")
        #expect(try TestSupport.manifest("container: {group: g.x}\nwidgets: [{kind: A}]\n").dashboard.userHeader == nil, "no header names anyone by default")
        for (line, message) in [
            ("dashboard: {trusted_proxies: [proxy.example]}", "config.yaml:3:30: dashboard.trusted_proxies: a trusted proxy is an IP address"),
            ("dashboard: {user_header: Remote-User}", "dashboard.user_header: user_header is believed only from a trusted proxy"),
            ("dashboard: {trusted_proxies: [127.0.0.1], user_header: \"Remote User\"}", "dashboard.user_header: expected a header name"),
            ("dashboard: {trusted_proxy: [127.0.0.1]}", "unknown key 'trusted_proxy'"),
        ] {
            let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets: [{kind: A}]\n" + line + "\n")
            do {
                _ = try Manifest.load(from: path)
                Issue.record("accepted: \(line)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
