import Foundation
import Testing

extension RunningHost {
    /// The key the host logged in its link, after checking that the link
    /// with a wrong key is refused and with the right one opens the page
    /// (whose script keeps the key: `make e2e` checks that part).
    package func unlockDashboard(base: String) async throws -> String {
        _ = await waitFor("?key=")
        let key = try #require(output.firstMatch(of: /taps from a browser need its key once: http:\/\/[^ ]+\/\?key=([0-9a-f]{64})\)/).map { String($0.1) })
        let wrong = try await LoopbackHTTP.send(base + "/?key=" + String(key.reversed()))
        #expect(wrong.status == 403 && wrong.body.contains("that is not this dashboard's key"), "\(wrong.body)")
        let right = try await LoopbackHTTP.send(base + "/?key=" + key)
        #expect(right.status == 200 && right.body.hasPrefix("<!doctype html>") && !right.body.contains(key), "the page does not carry the key")
        #expect(right.headers["set-cookie"] == nil, "no cookie: it would go to every port of the machine")
        return key
    }
}
