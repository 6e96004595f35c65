import Foundation
import Testing
import WidgetConfiguration
import WidgetTestSupport
import YAML

/// `widgets[].credentials`: what the host adds to a kind's requests to a
/// place, read from its environment or a file; never a password in the manifest.
@Suite("Credentials in the manifest")
struct CredentialsManifestTests {
    private func failure(_ widgets: String) throws -> String {
        let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets:\n" + widgets)
        do {
            _ = try Manifest.load(from: path)
            return "no error"
        } catch {
            return error.description.replacingOccurrences(of: path, with: "config.yaml")
        }
    }

    @Test func aUserAndAPasswordBecomeBasicAuthenticationForThatURL() throws {
        let path = try TestSupport.writeManifest("""
            container: {group: g.x}
            widgets:
              - kind: Calendar
                credentials:
                  - url: https://cloud.example.com/dav/calendars/ann/
                    user: ann
                    password: {env: WH_TEST_UNSET_PASSWORD}
            """)
        let manifest = try Manifest.load(from: path)
        let credentials = manifest.widgets[0].sandbox.credentials
        let sent = try credentials.headers(for: "https://cloud.example.com/dav/calendars/ann/work/", environment: ["WH_TEST_UNSET_PASSWORD": "pw"])
        #expect(sent.map { "\($0.name): \($0.value)" } == ["Authorization: Basic " + Data("ann:pw".utf8).base64EncodedString()])
        #expect(try credentials.headers(for: "https://cloud.example.com/dav/calendars/bob/", environment: ["WH_TEST_UNSET_PASSWORD": "pw"]).isEmpty)
        #expect(manifest.warnings.map(\.description) == [
            "\(path):7:19: Calendar: the header Authorization reads the environment variable WH_TEST_UNSET_PASSWORD, which is not set here; the host that runs the kind needs it",
        ])
    }

    @Test(arguments: [
        ("    credentials: [{url: https://x.org/dav/, user: ann, password: hunter2}]",
         "config.yaml:4:66: a secret is {env: NAME} or {file: path}, one of them: it belongs in the environment or a file, not the manifest"),
        ("    credentials: [{url: https://x.org/dav/, user: ann}]",
         "config.yaml:4:51: widgets[0].credentials[0].user: basic authentication needs both 'user' and 'password'"),
        ("    credentials: [{url: 'https://ann:pw@x.org/dav/', headers: {X-Key: a}}]",
         "config.yaml:4:25: widgets[0].credentials[0].url: write the user under 'user' and the password's source under 'password', not in the URL"),
        ("    credentials: [{url: https://x.org/dav/}]",
         "config.yaml:4:19: credentials give 'user' and 'password', or 'headers'"),
    ])
    func aMistakeIsReportedWhereItIs(_ lines: String, _ message: String) throws {
        let reported = try failure("  - kind: A\n" + lines + "\n")
        #expect(reported == message)
    }

    @Test func kindsOfOneModuleDeclareTheSameCredentials() throws {
        let reported = try failure("""
              - kind: A
                module: M
                credentials: [{url: https://x.org/, headers: {X-Key: {env: KEY}}}]
              - kind: B
                module: M

            """)
        #expect(reported == "config.yaml:6:11: widgets[1].credentials: kinds of module M share its process and so its credentials: 'A' declares others; give both the same")
    }
}
