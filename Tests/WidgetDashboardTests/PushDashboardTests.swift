import Foundation
import HostTestSupport
import Testing
import WidgetHost
import WidgetTestSupport

/// Issue 42: push updates (`.pushHandler`) through a real `run --serve`:
/// the host issues the kind a token and tells the kind's handler in its
/// extension; a `POST /push/<kind>` that shows the token, as a bearer or as
/// a GitHub webhook's signature, reloads the kind at once, within a budget.
@Suite("Push updates")
struct PushDashboardTests {
    static let kind = "RecentOrdersWidget"

    /// GitHub's own example of a signed delivery (docs.github.com, "Validating
    /// webhook deliveries"): the signature is checked as GitHub makes it.
    @Test func aSignatureIsCheckedAsGitHubMakesIt() {
        let body = Data("Hello, World!".utf8)
        let signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        #expect(PushProof.signature(signature, body: body).proves("It's a Secret to Everybody"))
        #expect(PushProof.signature(of: body, secret: "It's a Secret to Everybody") == signature)
        #expect(!PushProof.signature(signature, body: Data("Hello, World?".utf8)).proves("It's a Secret to Everybody"))
        #expect(!PushProof.signature("sha1=757107ea", body: body).proves("It's a Secret to Everybody"))
        #expect(PushProof.bearer("ABCDEF").proves("abcdef") && !PushProof.bearer("abcde").proves("abcdef"))
    }

    /// What the kind's handler stored in the module's defaults.
    static func told(_ fixture: ContainerFixture, _ key: String) async throws -> String? {
        try await fixture.container().read { try $0.allDefaults() }.first { $0.key.hasSuffix("/" + key) }
            .map { String(decoding: $0.value, as: UTF8.self) }
    }

    @Test(arguments: ContainerFixture.Backend.allCases)
    func aPushWithTheKindsTokenReloadsItAtOnce(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture.withDeliveryActivities(backend: backend)
        let added = try await fixture.run("add-instance", Self.kind)
        #expect(added.status == 0, "\(added.stderr)")
        let id = ContainerFixture.instanceID(addedBy: added)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        // Each timeline the instance receives is one line of the host's log.
        let received = "instance=\(id) kind=\(Self.kind) [widgethost] timeline received"
        #expect(await host.waitFor(received, bound: 600), "\(host.output)")

        // The host issued the token and the handler, in the extension, was told it and the one widget.
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.told(fixture, "widgetPushWidgets") == "1" })
        let token = try await fixture.run("push", "token", Self.kind).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(token)")
        #expect(try await Self.told(fixture, "widgetPushToken")?.contains(token) == true, "the handler has the token 'push token' prints")
        let listed = try await fixture.run("push", "--json")
        let statuses = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stdout)")
        #expect(statuses.count == 1 && statuses[0]["kind"] as? String == Self.kind && statuses[0]["told"] as? Bool == true
                && statuses[0]["instances"] as? Int == 1 && statuses[0]["budget"] as? Int == 10, "\(statuses)")

        let url = base + "/push/" + Self.kind
        // Refused: no proof, a wrong token, a body that is not the signed one, another kind.
        #expect(try await LoopbackHTTP.send(url, method: .POST).status == 401)
        let wrong = try await LoopbackHTTP.send(url, method: .POST, headers: ["Authorization": "Bearer " + String(token.reversed())])
        #expect(wrong.status == 401 && wrong.body.contains("not 'RecentOrdersWidget''s push token"), "\(wrong.body)")
        let payload = #"{"ref": "refs/heads/main", "repository": {"full_name": "example/delivery"}}"#
        let forged = try await LoopbackHTTP.send(url, method: .POST, headers: ["X-Hub-Signature-256": PushProof.signature(of: Data("{}".utf8), secret: token)],
                                                body: payload)
        #expect(forged.status == 401 && forged.body.contains("signature does not match"), "\(forged.body)")
        let unknown = try await LoopbackHTTP.send(base + "/push/RecentOrderWidget", method: .POST, headers: ["Authorization": "Bearer " + token])
        #expect(unknown.status == 404 && unknown.body.contains("no kind 'RecentOrderWidget' takes pushes here")
                && !unknown.body.contains("RecentOrdersWidget"), "which kinds there are is not said: \(unknown.body)")

        // GitHub's ping, signed: the secret is right, and nothing reloads.
        let ping = try await LoopbackHTTP.send(url, method: .POST, headers: [
            "X-GitHub-Event": "ping", "X-Hub-Signature-256": PushProof.signature(of: Data("{}".utf8), secret: token)], body: "{}")
        #expect(ping.status == 200 && ping.body.contains("pong"), "\(ping.body)")
        #expect(host.occurrences(of: received) == 1, "nothing refused, and no ping, reloaded it")

        // A push as APNs would send it, with the token as a bearer: the widget reloads at once.
        let pushed = try await LoopbackHTTP.send(url, method: .POST, headers: ["Authorization": "Bearer " + token],
                                                 body: #"{"aps": {"content-changed": true}}"#)
        #expect(pushed.status == 202 && pushed.body.contains(#""reloading":1"#) && pushed.body.contains(#""budget":9"#), "\(pushed.body)")
        #expect(await host.waitFor(received, count: 2, bound: 600), "the push reloaded the instance: \(host.output)")

        // A GitHub push event, signed with the token as the webhook's secret.
        let signed = try await LoopbackHTTP.send(url, method: .POST, headers: [
            "X-GitHub-Event": "push", "Content-Type": "application/json",
            "X-Hub-Signature-256": PushProof.signature(of: Data(payload.utf8), secret: token)], body: payload)
        #expect(signed.status == 202 && signed.body.contains(#""reloading":1"#), "\(signed.body)")
        #expect(await host.waitFor(received, count: 3, bound: 600), "the webhook reloaded the instance: \(host.output)")

        // A second widget placed while the host runs: the handler is told both.
        _ = try await fixture.run("add-instance", Self.kind)
        #expect(try await TestSupport.eventually(bound: 600) { try await Self.told(fixture, "widgetPushWidgets") == "2" })

        // Ten in a row, then one a minute: pushes at once come to a 429 that
        // says when to come back. (A slow machine refills a push a minute.)
        var accepted = 2
        var over: LoopbackHTTP.Reply?
        while over == nil && accepted < 20 {
            let next = try await LoopbackHTTP.send(url, method: .POST, headers: ["Authorization": "Bearer " + token])
            if next.status == 202 { accepted += 1 } else { over = next }
        }
        let refused = try #require(over, "20 pushes at once were all taken")
        #expect(refused.status == 429 && Int(refused.headers["retry-after"] ?? "") ?? 0 > 0 && refused.body.contains("one a minute"),
                "\(refused.status) \(refused.body)")
        #expect(accepted >= 10, "the first ten are taken: \(accepted)")

        // A replaced token: the handler is told the new one, and the old one reloads nothing.
        let replaced = try await fixture.run("push", "replace", Self.kind)
        let newToken = replaced.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(replaced.status == 0 && newToken.count == 64 && newToken != token, "\(replaced.stderr)")
        #expect(try await Self.told(fixture, "widgetPushToken")?.contains(newToken) == true)
        #expect(try await LoopbackHTTP.send(url, method: .POST, headers: ["Authorization": "Bearer " + token]).status == 401)
        #expect(await host.stop() == 0)
    }

    /// A dashboard that asks everyone to sign in still takes pushes: the
    /// kind's token is their credential, and it opens nothing else.
    @Test func aPushNeedsNoAccountAndItsTokenOpensNothingElse() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        let added = try await fixture.run(["users", "add", "alice", "--password-stdin"], input: "correct horse battery staple\n")
        #expect(added.status == 0, "\(added.stderr)")
        _ = try await fixture.run("add-instance", Self.kind)
        let token = try await fixture.run("push", "token", Self.kind).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        let bearer = ["Authorization": "Bearer " + token]
        let pushed = try await LoopbackHTTP.send(base + "/push/" + Self.kind, method: .POST, headers: bearer)
        #expect(pushed.status == 202, "\(pushed.body)")
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: bearer).status == 401, "the push token is no dashboard token")
        #expect(try await LoopbackHTTP.send(base + "/push/" + Self.kind, headers: bearer).status == 401, "only a POST is a push")
        #expect(try await LoopbackHTTP.send(base + "/push/" + Self.kind + "/x", method: .POST, headers: bearer).status == 401,
                "only /push/<kind> is open")
        let huge = String(repeating: "x", count: (1 << 20) + 1)
        let tooLarge = try await LoopbackHTTP.send(base + "/push/" + Self.kind, method: .POST,
                                                   headers: ["X-Hub-Signature-256": PushProof.signature(of: Data(huge.utf8), secret: token)], body: huge)
        #expect(tooLarge.status == 413, "\(tooLarge.body.prefix(200))")
        #expect(await host.stop() == 0)
    }

    @Test func aKindWithoutAHandlerTakesNoPushes() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        let none = try await fixture.run("push", "token", "DeliveryLiveActivity")
        #expect(none.status == 1 && none.stderr.contains("no kind 'DeliveryLiveActivity' takes pushes; those that do: RecentOrdersWidget"), "\(none.stderr)")
        let listed = try await fixture.run("push")
        #expect(listed.status == 0 && listed.stdout.contains("RecentOrdersWidget") && listed.stdout.contains("not issued yet"), "\(listed.stdout)")
    }
}
