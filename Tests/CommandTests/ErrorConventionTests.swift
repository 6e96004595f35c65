import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// Issue 11, item 14: every error is one line starting `error:` (or a
/// manifest's `file: …`) and exit status 1; help and --version exit 0.
@Suite("One convention for errors")
struct ErrorConventionTests {
    @Test func versionIsPrinted() async throws {
        let result = try await TestSupport.widgethost(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "widgethost 0.7.0 (WidgetSDK 2)\n")
    }

    @Test(arguments: [
        (["timeline"], "error: missing expected argument '<id>' (see 'widgethost timeline --help')\n"),
        (["frobnicate"], "error: unexpected argument 'frobnicate' (see 'widgethost --help')\n"),
        (["status", "--jsn"], "error: unknown option '--jsn' (did you mean '--json'?) (see 'widgethost status --help')\n"),
    ])
    func usageErrorsAreOneLineAndExit1(arguments: [String], expected: String) async throws {
        let result = try await TestSupport.widgethost(arguments)
        #expect(result.status == 1)
        #expect(result.stderr == expected)
    }

    @Test func helpStillExits0() async throws {
        let result = try await TestSupport.widgethost(["timeline", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost timeline <id>"))
    }

    @Test func withoutAManifestTheMessageSaysWhereItLookedAndHowToGiveOne() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let config = folder.appendingPathComponent("xdg")
        let result = try await TestSupport.widgethost(["status"], environment: ["XDG_CONFIG_HOME": config.path], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: no bundle manifest: none of config.yaml, \(config.path)/widgethost/config.yaml, /etc/widgethost/config.yaml exists; "), "\(result.stderr)")
        #expect(result.stderr.contains("give one with --config <path>"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// The installed service's manifest, and an operator's, are found from
    /// any folder; a command says which it read when it is not the one here.
    @Test func theManifestIsFoundInTheUsersConfigurationOrWhereWidgethostConfigSays() async throws {
        let fixture = try ContainerFixture()
        let elsewhere = try TestSupport.temporaryDirectory()
        let config = elsewhere.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("widgethost"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.manifestPath, toPath: config.appendingPathComponent("widgethost/config.yaml").path)
        let found = try await TestSupport.widgethost(["status", "--json"], environment: ["XDG_CONFIG_HOME": config.path], in: elsewhere)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stderr == "note: using \(config.path)/widgethost/config.yaml (no config.yaml here; XDG_CONFIG_HOME)\n")

        let named = try await TestSupport.widgethost(["status", "--json"], environment: ["WIDGETHOST_CONFIG": fixture.manifestPath], in: elsewhere)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stderr == "note: using \(fixture.manifestPath) (WIDGETHOST_CONFIG)\n")
        let missing = try await TestSupport.widgethost(["status"], environment: ["WIDGETHOST_CONFIG": elsewhere.appendingPathComponent("none.yaml").path], in: elsewhere)
        #expect(missing.status == 1, "a manifest named on purpose and missing is an error, not a reason to read another")
    }

    @Test func renderingToAFolderThatDoesNotExistSaysSo() async throws {
        let fixture = try ContainerFixture()
        let added = try await fixture.run("add-instance", "Gauge")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        let result = try await fixture.run("render", id, "-o", "/nonexistent/folder/card.svg")
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write /nonexistent/folder/card.svg: no such directory\n")
    }

    @Test func serveNamesABadAddressAndTakesBracketedIPv6() async throws {
        let fixture = try ContainerFixture()
        let refused = try await fixture.run("run", "--serve", "999.1.1.1:80")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: --serve: cannot listen on '999.1.1.1:80': '999.1.1.1' is not an address of this machine"),
                "\(refused.stderr)")

        // Only where this machine has IPv6 loopback.
        let probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
        close(probe)
        guard bound else { return }
        let host = try RunningHost(fixture, arguments: ["--serve", "[::1]:0"])
        #expect(await host.waitFor("dashboard at http://[::1]:"), "\(host.output)")
        #expect(await host.stop() == 0)
    }
}
