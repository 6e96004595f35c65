import HostTestSupport
import WidgetTestSupport

import Foundation
import Testing

/// Issue 40: the dashboard's users, read-only tokens and trusted proxies,
/// through `widgethost users` / `tokens` and a real `run --serve`.
@Suite("Dashboard users and tokens")
struct DashboardAccountsTests {
    static let password = "correct horse battery"

    /// The session cookie a 303 from /login set, as a browser sends it back.
    static func cookie(_ reply: LoopbackHTTP.Reply) throws -> String {
        let header = try #require(reply.headers["set-cookie"], "\(reply.headers)")
        return String(try #require(header.split(separator: ";").first))
    }

    /// As Chromium posts the form: a page with `Referrer-Policy: no-referrer` sends `Origin: null`.
    /// A password check is scrypt, which the debug build's C runs unoptimised
    /// (0.7 s idle): on a loaded machine, behind another test's checks, one
    /// took over 30 s. The timeout is only a safety net.
    static func signIn(_ base: String, name: String, password: String,
                       from origin: [String: String] = ["Origin": "null", "Sec-Fetch-Site": "same-origin"]) async throws -> LoopbackHTTP.Reply {
        let form = "name=\(name)&password=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return try await LoopbackHTTP.send(base + "/login", method: .POST,
                                           headers: ["Content-Type": "application/x-www-form-urlencoded"].merging(origin) { $1 }, body: form,
                                           timeoutSeconds: 600)
    }

    static func csrf(in page: String) throws -> String {
        try #require(page.firstMatch(of: /<meta name="widgethost-csrf" content="([0-9a-f]{64})">/).map { String($0.1) }, "\(page)")
    }

    @Test func aSignedInUserSeesAndTapsWithTheirSessionsCSRFTokenAndNobodyElseDoes() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let short = try await fixture.run(["users", "add", "bob", "--password-stdin"], input: "short\n")
        #expect(short.status == 1 && short.stderr.contains("at least 8 characters"), "\(short.stderr)")
        let badName = try await fixture.run(["users", "add", "bob smith", "--password-stdin"], input: Self.password + "\n")
        #expect(badName.status == 1 && badName.stderr.contains("cannot be a name"), "\(badName.stderr)")
        let added = try await fixture.run(["users", "add", "alice", "--password-stdin"], input: Self.password + "\n")
        #expect(added.status == 0 && added.stdout.contains("added alice"), "\(added.stderr)")
        let again = try await fixture.run(["users", "add", "alice", "--password-stdin"], input: Self.password + "\n")
        #expect(again.status == 1 && again.stderr.contains("already a user 'alice'"), "\(again.stderr)")
        let listed = try await fixture.run("users", "--json")
        #expect(listed.stdout.contains(#""name" : "alice""#) && !listed.stdout.contains("scrypt"), "\(listed.stdout)")
        #expect(try await fixture.run("users").stdout == "alice\n")

        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("sign-in required: 1 user"), "\(host.output)")
        #expect(!host.output.contains("?key="), "no key link while users sign in")

        // Nobody: the page sends them to sign in; everything else is 401; the health checks answer.
        let anonymous = try await LoopbackHTTP.send(base + "/")
        #expect(anonymous.status == 303 && anonymous.headers["location"] == "/login")
        let list = try await LoopbackHTTP.send(base + "/instances")
        #expect(list.status == 401 && list.body.contains("sign in") && list.headers["www-authenticate"]?.hasPrefix("Bearer") == true, "\(list)")
        #expect(try await LoopbackHTTP.send(base + "/instances/\(id).svg").status == 401)
        #expect(try await LoopbackHTTP.send(base + "/events").status == 401)
        #expect(try await LoopbackHTTP.send(base + "/metrics").status == 401)
        #expect(try await LoopbackHTTP.get(base + "/healthz") == "ok\n")
        let login = try await LoopbackHTTP.send(base + "/login")
        #expect(login.status == 200 && login.body.contains(#"<form method="post" action="/login">"#))
        #expect(login.headers["content-security-policy"]?.contains("form-action 'self'") == true)

        let wrong = try await Self.signIn(base, name: "alice", password: "not her password")
        #expect(wrong.status == 401 && wrong.body.contains("Wrong name or password") && wrong.headers["set-cookie"] == nil)
        #expect(await host.waitFor("failed sign-in as 'alice' from 127.0.0.1"), "\(host.output)")
        let unknown = try await Self.signIn(base, name: "mallory", password: Self.password)
        #expect(unknown.status == 401 && unknown.body.contains("Wrong name or password"), "the same answer as a wrong password")

        // Another site's form, whatever its Origin says, signs nobody in.
        for origin in [["Origin": "http://evil.example"], ["Origin": "null"], ["Origin": "null", "Sec-Fetch-Site": "cross-site"]] {
            let forged = try await Self.signIn(base, name: "alice", password: Self.password, from: origin)
            #expect(forged.status == 403 && forged.headers["set-cookie"] == nil, "\(origin): \(forged)")
        }
        let right = try await Self.signIn(base, name: "alice", password: Self.password)
        #expect(right.status == 303 && right.headers["location"] == "/", "\(right)")
        let setCookie = try #require(right.headers["set-cookie"])
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && !setCookie.contains("Secure"), "\(setCookie)")
        let cookie = try Self.cookie(right)
        #expect(await host.waitFor("alice signed in from 127.0.0.1"))

        let page = try await LoopbackHTTP.send(base + "/", headers: ["Cookie": cookie])
        #expect(page.status == 200 && page.body.contains("<span>alice</span>") && page.body.contains(#"action="/logout""#), "\(page.body)")
        let csrf = try Self.csrf(in: page.body)
        #expect(await host.waitFor("entry of"), "\(host.output)")
        #expect(try await TestSupport.eventually {
            try await LoopbackHTTP.send(base + "/instances/\(id).svg", headers: ["Cookie": cookie]).body.contains("<svg")
        })

        let tap = base + "/instances/\(id)/actions/1"
        let noCSRF = try await LoopbackHTTP.send(tap, method: .POST, headers: ["Cookie": cookie, "Origin": base])
        #expect(noCSRF.status == 403 && noCSRF.body.contains("X-Widgethost-CSRF"), "\(noCSRF.body)")
        let otherOrigin = try await LoopbackHTTP.send(tap, method: .POST, headers: ["Cookie": cookie, "X-Widgethost-CSRF": csrf, "Origin": "http://evil.example"])
        #expect(otherOrigin.status == 403)
        #expect(host.occurrences(of: "reload started") == 1, "no refused tap ran anything: \(host.output)")
        let tapped = try await LoopbackHTTP.send(tap, method: .POST, headers: ["Cookie": cookie, "X-Widgethost-CSRF": csrf, "Origin": base])
        #expect(tapped.status == 200 && tapped.body.contains("Flip the switch"), "\(tapped.body)")
        #expect(try await TestSupport.eventually {
            try await LoopbackHTTP.send(base + "/instances/\(id).svg", headers: ["Cookie": cookie]).body.contains(">lamp is on</text>")
        })

        // Signing out needs the page's token, and ends the session.
        #expect(try await LoopbackHTTP.send(base + "/logout", method: .POST, headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                            body: "csrf=wrong").status == 403)
        let out = try await LoopbackHTTP.send(base + "/logout", method: .POST, headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                              body: "csrf=" + csrf)
        #expect(out.status == 303 && out.headers["location"] == "/login" && out.headers["set-cookie"]?.contains("Max-Age=0") == true, "\(out)")
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": cookie]).status == 303)

        // A new password ends every session; so does removing the user.
        let second = try Self.cookie(try await Self.signIn(base, name: "alice", password: Self.password))
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": second]).status == 200)
        let changed = try await fixture.run(["users", "passwd", "alice", "--password-stdin"], input: "a new long password\n")
        #expect(changed.status == 0 && changed.stdout.contains("1 session ended"), "\(changed.stdout)\(changed.stderr)")
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": second]).status == 303)
        let third = try Self.cookie(try await Self.signIn(base, name: "alice", password: "a new long password"))
        let removed = try await fixture.run("users", "remove", "alice")
        #expect(removed.status == 0 && removed.stdout.contains("removed alice; 1 session ended"), "\(removed.stdout)\(removed.stderr)")
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": third]).status == 303, "and nobody is let in once the last user goes")
        let missing = try await fixture.run("users", "remove", "alice")
        #expect(missing.status == 1 && missing.stderr.contains("no user 'alice'; there are none yet"), "\(missing.stderr)")
        #expect(await host.stop() == 0)
    }

    @Test func failedSignInsFromOneAddressAreLimitedAndLogged() async throws {
        let fixture = try ContainerFixture()
        #expect(try await fixture.run(["users", "add", "alice", "--password-stdin"], input: Self.password + "\n").status == 0)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        for guess in 1...5 {
            #expect(try await Self.signIn(base, name: "alice", password: "guess number \(guess)").status == 401)
        }
        // The sixth try waits, right password or not.
        let limited = try await Self.signIn(base, name: "alice", password: Self.password)
        #expect(limited.status == 429 && limited.body.contains("Too many failed attempts") && Int(limited.headers["retry-after"] ?? "") ?? 0 > 0, "\(limited)")
        #expect(await host.waitFor("sign-in as 'alice' from 127.0.0.1 refused: 5 failures within 300 s"), "\(host.output)")
        #expect(host.occurrences(of: "failed sign-in as 'alice'") == 5)
        #expect(await host.stop() == 0)
    }

    @Test func aTokenSeesWhatItMayButNeverTapsAndEndsWhenRemoved() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let other = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Note"))
        let unknown = try await fixture.run("tokens", "add", "kiosk", "--only", "zzzzzz")
        #expect(unknown.status == 1 && unknown.stderr.contains("no instance 'zzzzzz'"), "\(unknown.stderr)")
        let made = try await fixture.run("tokens", "add", "kiosk", "--only", id)
        let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(made.status == 0 && token.hasPrefix("wht_") && token.count == 68 && made.stderr.contains("only time the token is shown"), "\(made)")
        let listed = try await fixture.run("tokens", "--json")
        #expect(listed.stdout.contains(#""label" : "kiosk""#) && !listed.stdout.contains(token), "\(listed.stdout)")

        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("sign-in required: 1 token"), "\(host.output)")
        let bearer = ["Authorization": "Bearer " + token]
        let instances = try await LoopbackHTTP.send(base + "/instances", headers: bearer)
        #expect(instances.status == 200 && instances.body.contains(id) && !instances.body.contains(other), "\(instances.body)")
        #expect(try await LoopbackHTTP.send(base + "/instances/\(other).svg", headers: bearer).status == 404, "another instance does not exist for it")
        let basic = "Basic " + Data("kiosk:\(token)".utf8).base64EncodedString()
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: ["Authorization": basic]).status == 200)
        let metrics = try await LoopbackHTTP.send(base + "/metrics?token=" + token)
        #expect(metrics.status == 403 && metrics.body.contains("see every instance"), "a token limited to some instances does not read every kind's counts: \(metrics.body)")
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: ["Authorization": "Bearer wht_" + String(repeating: "0", count: 64)]).status == 401)

        // A kiosk's link: the token opens a read-only session and leaves the address bar.
        let link = try await LoopbackHTTP.send(base + "/?token=" + token)
        #expect(link.status == 303 && link.headers["location"] == "/", "\(link)")
        let kiosk = try Self.cookie(link)
        let page = try await LoopbackHTTP.send(base + "/", headers: ["Cookie": kiosk])
        #expect(page.status == 200 && page.body.contains("kiosk <span>(read-only)</span>") && page.body.contains("w-\(id)") && !page.body.contains("w-\(other)"),
                "\(page.body)")
        let csrf = try Self.csrf(in: page.body)
        let tap = try await LoopbackHTTP.send(base + "/instances/\(id)/actions/1", method: .POST,
                                              headers: ["Cookie": kiosk, "X-Widgethost-CSRF": csrf, "Origin": base])
        #expect(tap.status == 403 && tap.body.contains("read-only"), "\(tap.body)")
        #expect(try await LoopbackHTTP.send(base + "/instances/\(id)/actions/1", method: .POST, headers: bearer).status == 403)

        #expect(try await fixture.run("tokens", "remove", "kiosk").status == 0)
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: bearer).status == 401)
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": kiosk]).status == 303, "the kiosk's session ended with its token")
        let gone = try await fixture.run("tokens", "remove", "kiosk")
        #expect(gone.status == 1 && gone.stderr.contains("no token 'kiosk'"), "\(gone.stderr)")
        #expect(await host.stop() == 0)
    }

    @Test func aTrustedProxysHeaderIsBelievedFromTheProxyAlone() async throws {
        // A proxy that only ends TLS: it passes a client's Remote-User on as it came, so nothing believes it.
        let tlsOnly = try ContainerFixture.withInteractiveKinds(extra: "dashboard:\n  trusted_proxies: [127.0.0.1]\n")
        let plain = try RunningHost(tlsOnly, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let plainBase = try await plain.dashboardBase()
        #expect(await plain.waitFor("sign-in required: nobody can sign in yet"), "a proxy in front: the world may be behind it: \(plain.output)")
        #expect(try await LoopbackHTTP.send(plainBase + "/", headers: ["Remote-User": "carol"]).status == 303)
        #expect(await plain.stop() == 0)

        let fixture = try ContainerFixture.withInteractiveKinds(extra: "dashboard:\n  trusted_proxies: ['::1']\n  user_header: Remote-User\n")
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        // The tests connect from 127.0.0.1, which is not the proxy: the header counts for nothing.
        let notTrusted = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let notTrustedBase = try await notTrusted.dashboardBase()
        #expect(await notTrusted.waitFor("sign-in required: users of the proxy at ::1"), "\(notTrusted.output)")
        #expect(try await LoopbackHTTP.send(notTrustedBase + "/", headers: ["Remote-User": "carol"]).status == 303)
        #expect(await notTrusted.stop() == 0)

        let manifest = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(of: "['::1']", with: "[127.0.0.1]").write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(try await LoopbackHTTP.send(base + "/").status == 303, "without the header, nobody")
        let page = try await LoopbackHTTP.send(base + "/", headers: ["Remote-User": "carol"])
        #expect(page.status == 200 && page.body.contains(#"<p class="who"><span>carol</span></p>"#), "\(page.body)")
        // The page opened carol a session, whose token her taps carry.
        let cookie = try Self.cookie(page)
        let csrf = try Self.csrf(in: page.body)
        // The first host made the entry; this one draws it from the container.
        #expect(try await TestSupport.eventually {
            try await LoopbackHTTP.send(base + "/instances/\(id)/actions", headers: ["Remote-User": "carol"]).body.contains("toggle")
        })
        let tap = base + "/instances/\(id)/actions/1"
        #expect(try await LoopbackHTTP.send(tap, method: .POST, headers: ["Remote-User": "carol", "Origin": base]).status == 403)
        let tapped = try await LoopbackHTTP.send(tap, method: .POST, headers: ["Remote-User": "carol", "Cookie": cookie, "X-Widgethost-CSRF": csrf, "Origin": base])
        #expect(tapped.status == 200, "\(tapped.body)")
        // Another name behind the same proxy does not inherit carol's session, and the cookie alone is nobody.
        let dave = try await LoopbackHTTP.send(tap, method: .POST, headers: ["Remote-User": "dave", "Cookie": cookie, "X-Widgethost-CSRF": csrf, "Origin": base])
        #expect(dave.status == 403, "\(dave.body)")
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": cookie]).status == 303, "a proxy's session is no sign-in without the proxy")
        #expect(await host.stop() == 0)
    }

    @Test func aDashboardBeyondLoopbackRefusesToStartWithNobodyToSignIn() async throws {
        let fixture = try ContainerFixture()
        let refused = try await fixture.run("run", "--serve", "0.0.0.0:0", "--log")
        #expect(refused.status == 1 && refused.stderr.contains("nobody can sign in to it") && refused.stderr.contains("widgethost users add"),
                "\(refused.stderr)")
        let open = try RunningHost(fixture, arguments: ["--serve", "0.0.0.0:0", "--log", "--open-dashboard"])
        #expect(await open.waitFor("OPEN to anyone who can reach it"), "\(open.output)")
        #expect(await open.waitFor("dashboard at http://0.0.0.0:"), "\(open.output)")
        #expect(await open.stop() == 0, "\(open.output)")
        #expect(try await fixture.run(["users", "add", "alice", "--password-stdin"], input: Self.password + "\n").status == 0)
        let signed = try RunningHost(fixture, arguments: ["--serve", "0.0.0.0:0", "--log"])
        #expect(await signed.waitFor("sign-in required: 1 user"), "\(signed.output)")
        let port = try #require(signed.output.firstMatch(of: /dashboard at http:\/\/0\.0\.0\.0:(\d+)\//).map { String($0.1) })
        // Any name reaches it (a proxy's, the machine's), and gets the sign-in page.
        let page = try await LoopbackHTTP.send("http://127.0.0.1:\(port)/", headers: ["Host": "widgets.example:\(port)"])
        #expect(page.status == 303 && page.headers["location"] == "/login", "\(page)")
        #expect(await signed.stop() == 0)
    }
}
