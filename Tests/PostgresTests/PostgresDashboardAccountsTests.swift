import Foundation
import HostTestSupport
import Testing
import WidgetTestSupport

/// The dashboard's users, tokens and sessions in a PostgreSQL container:
/// what one host writes, another host (of the fleet) reads.
@Suite("Dashboard accounts on PostgreSQL")
struct PostgresDashboardAccountsTests {
    @Test func usersTokensAndSessionsLiveInTheDatabase() async throws {
        let fixture = try ContainerFixture(backend: .postgres)
        #expect(try await fixture.run(["users", "add", "alice", "--password-stdin"], input: "correct horse battery\n").status == 0)
        let token = try await fixture.run("tokens", "add", "wall").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await fixture.run("users").stdout == "alice\n")
        #expect(try await fixture.run("tokens").stdout == "wall\n")

        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0", "--log"])
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("sign-in required: 1 user, 1 token"), "\(host.output)")
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: ["Authorization": "Bearer " + token]).status == 200)
        let signedIn = try await LoopbackHTTP.send(base + "/login", method: .POST, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                   body: "name=alice&password=correct+horse+battery", timeoutSeconds: 600)
        #expect(signedIn.status == 303, "\(signedIn)")
        let cookie = String(try #require(signedIn.headers["set-cookie"]?.split(separator: ";").first))
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": cookie]).status == 200)
        #expect(try await fixture.run("users", "remove", "alice").stdout.contains("1 session ended"))
        #expect(try await LoopbackHTTP.send(base + "/", headers: ["Cookie": cookie]).status == 303)
        #expect(try await fixture.run("tokens", "remove", "wall").status == 0)
        #expect(try await LoopbackHTTP.send(base + "/instances", headers: ["Authorization": "Bearer " + token]).status == 401)
        #expect(await host.stop() == 0)
    }
}
