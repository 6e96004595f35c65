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
        try TestSupport.manifestError("container: {group: g.x}\nwidgets:\n" + widgets)
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

    /// `..` climbs out of a path on the server after the prefix was
    /// compared here; overlapping places take the most specific one's.
    @Test func aGrantCoversItsPathAloneAndTheMostSpecificWins() throws {
        let environment = ["ANN": "a", "ALL": "b"]
        let credentials = FetchCredentials([
            try #require(FetchCredentials.Grant(url: "https://cloud.example.com/", headers: [.init(name: "X-Key", source: .environment("ALL"))])),
            try #require(FetchCredentials.Grant(url: "https://cloud.example.com/dav/ann/", headers: [.init(name: "X-Key", source: .environment("ANN"))])),
        ])
        func key(_ url: String) throws -> String? { try credentials.headers(for: url, environment: environment).first?.value }
        #expect(try key("https://cloud.example.com/dav/ann/work/") == "a")
        #expect(try key("https://cloud.example.com/dav/bob/") == "b")
        for climbing in ["https://cloud.example.com/dav/ann/../bob/", "https://cloud.example.com/dav/ann/%2e%2e/bob/", "https://cloud.example.com/dav/ann/./x",
                         "https://cloud.example.com/dav/ann/%2e%2e%2fbob/", "https://cloud.example.com/dav/ann/..;/bob/", "https://cloud.example.com/dav/ann/x%5c..%5cbob"] {
            #expect(try key(climbing) == nil, "\(climbing)")
        }
        // A file's empty first line is refused, as an empty variable is; a prefix is checked with the value.
        let folder = try TestSupport.temporaryDirectory()
        try "\nsecond".write(to: folder.appendingPathComponent("empty"), atomically: true, encoding: .utf8)
        let empty = FetchCredentials([try #require(FetchCredentials.Grant(url: "https://x.org/", headers: [.init(name: "K", source: .file(folder.appendingPathComponent("empty").path))]))])
        #expect(throws: FetchCredentials.Unavailable.self) { try empty.headers(for: "https://x.org/", environment: [:]) }
        let prefixed = FetchCredentials([try #require(FetchCredentials.Grant(url: "https://x.org/", headers: [.init(name: "K", source: .literal("v"), prefix: "a\r\nX-Injected: 1 ")]))])
        #expect(throws: FetchCredentials.Unavailable.self) { try prefixed.headers(for: "https://x.org/", environment: [:]) }
    }

    /// The variables a credential reads are kept from every extension, and
    /// no kind's `sandbox.read` opens the file one reads.
    @Test func theSecretsSourcesAreKeptFromEveryKind() throws {
        let folder = try TestSupport.temporaryDirectory()
        let secrets = folder.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        try "pw\n".write(to: secrets.appendingPathComponent("caldav"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("config.yaml").path
        let head = """
            container: {group: g.x}
            widgets:
              - kind: Calendar
                credentials:
                  - {url: https://x.org/dav/, user: ann, password: {file: secrets/caldav}}
                  - {url: https://y.org/, headers: {X-Key: {env: LC_SNEAKY_KEY}}}

            """
        try head.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Manifest.load(from: path).withheldVariables == ["GITHUB_TOKEN", "LC_SNEAKY_KEY"])
        try (head + "  - kind: Other\n    sandbox: {read: [secrets]}\n").write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Manifest.load(from: path)
            Issue.record("a sandbox.read holding a credential's file was accepted")
        } catch {
            #expect(error.description.contains("'secrets' holds a file a credential is read from"), "\(error)")
        }
    }

    @Test(arguments: [
        ("    credentials: [{url: https://x.org/dav/, user: ann, password: hunter2}]",
         "config.yaml:4:66: a secret is {env: NAME} or {file: path}, one of them: it belongs in the environment or a file, not the manifest"),
        ("    credentials: [{url: https://x.org/dav/, user: ann}]",
         "config.yaml:4:51: widgets[0].credentials[0].user: basic authentication needs both 'user' and 'password'"),
        ("    credentials: [{url: 'https://ann:pw@x.org/dav/', headers: {X-Key: a}}]",
         "config.yaml:4:25: widgets[0].credentials[0].url: write the user under 'user' and the password's source under 'password', not in the URL"),
        ("    credentials: [{url: 'https://x.org/dav/../admin/', user: ann, password: {env: PW}}]",
         "config.yaml:4:25: widgets[0].credentials[0].url: a path with '.', '..', ';' or an encoded '/' is no place credentials can be kept to"),
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
