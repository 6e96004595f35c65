import Foundation
import JSONWidgetSpec
import Testing
import WidgetConfiguration
import WidgetSDK
import WidgetTestSupport
import YAML

/// Kinds declared in the manifest with `json:`: what a declaration becomes,
/// and every mistake in one reported at its line and column.
@Suite("Kinds declared with json:")
struct JSONKindManifestTests {
    private static let head = "container: {group: g.x}\nwidgets:\n"

    private func manifest(_ widgets: String) throws -> Manifest {
        try TestSupport.manifest(Self.head + widgets)
    }

    private func failure(_ widgets: String) throws -> String {
        try TestSupport.manifestError(Self.head + widgets)
    }

    @Test func aDeclarationBecomesTheJSONModulesKindWithItsSpecAsSettings() throws {
        let loaded = try manifest("""
              - kind: Bitcoin
                json:
                  url: https://api.example.com/v2/prices/BTC-USD/spot
                  refresh: 10m
                  title: Bitcoin
                  number: {value: $.data.amount, format: currency, currency: USD, caption: $.data.base}
              - kind: Releases
                json:
                  url: http://10.0.0.5:8080/releases
                  list: {items: $.releases, text: $.name, detail: {path: $.published_at, format: relative}, link: $.html_url, limit: 5}
            """)
        let bitcoin = loaded.widgets[0]
        #expect(bitcoin.module.value == JSONWidgetSpec.module)
        #expect(bitcoin.families?.value == JSONWidgetSpec.Layout.number.families)
        let spec = try JSONDecoder().decode(JSONWidgetSpec.self, from: Data(try #require(bitcoin.settings[JSONWidgetSpec.settingsKey]).utf8))
        #expect(spec.url == "https://api.example.com/v2/prices/BTC-USD/spot")
        #expect(spec.refresh == 600)
        #expect(spec.title == "Bitcoin")
        #expect(spec.value == JSONWidgetSpec.Field(path: try JSONPath(parsing: "$.data.amount"), format: .currency, currency: "USD"))
        #expect(spec.caption?.path.description == "$.data.base")
        let releases = try JSONDecoder().decode(JSONWidgetSpec.self, from: Data(try #require(loaded.widgets[1].settings[JSONWidgetSpec.settingsKey]).utf8))
        #expect(releases.layout == .list)
        #expect(releases.detail?.format == .relative)
        #expect(releases.limit == 5)
        #expect(releases.refresh == JSONWidgetSpec.defaultRefresh)
        // One process for both, which may fetch from each declared host and nothing else off the internet.
        #expect(bitcoin.sandbox == loaded.widgets[1].sandbox)
        #expect(bitcoin.sandbox.fetchAllowance.allows(host: "10.0.0.5", port: 8080))
        #expect(bitcoin.sandbox.fetchAllowance.allows(host: "api.example.com", port: 443))
        #expect(!bitcoin.sandbox.fetchAllowance.allows(host: "10.0.0.5", port: 22))
    }

    @Test func headersAreReadWhenSentAndOnlyForTheirURL() throws {
        let folder = try TestSupport.temporaryDirectory()
        try "key-from-file\nsecond line\n".write(to: folder.appendingPathComponent("token"), atomically: true, encoding: .utf8)
        let loaded = try manifest("""
              - kind: Prices
                json:
                  url: https://api.example.com/v2/prices
                  headers:
                    Authorization: {env: WH_TEST_PRICES_TOKEN, prefix: "Bearer "}
                    X-Api-Key: {file: \(folder.appendingPathComponent("token").path)}
                    Accept-Language: en
                  number: {value: $.price}
            """)
        let entry = loaded.widgets[0]
        // The manifest's settings carry the spec, never a header's value.
        #expect(entry.settings[JSONWidgetSpec.settingsKey]?.contains("WH_TEST_PRICES_TOKEN") == false)
        #expect(loaded.warnings.map(\.message) == ["the header Authorization reads the environment variable WH_TEST_PRICES_TOKEN, which is not set here; the host that runs the kind needs it"])
        let credentials = entry.sandbox.credentials
        let environment = ["WH_TEST_PRICES_TOKEN": "s3cret"]
        let sent = try credentials.headers(for: "https://api.example.com/v2/prices?symbol=BTC", environment: environment)
        #expect(sent.map { "\($0.name): \($0.value)" } == ["Accept-Language: en", "Authorization: Bearer s3cret", "X-Api-Key: key-from-file"])
        #expect(try credentials.headers(for: "https://API.example.com:443/v2/prices", environment: environment).count == 3)
        for elsewhere in ["https://api.example.com/v2/prices/today", "https://api.example.com/v2/pricesheet", "http://api.example.com/v2/prices", "https://api.example.com:8443/v2/prices",
                          "https://api.example.com.evil.net/v2/prices", "https://evil.net/?https://api.example.com/v2/prices", "https://api.example.com/v1/prices"] {
            #expect(try credentials.headers(for: elsewhere, environment: environment).isEmpty, "\(elsewhere)")
        }
        #expect(throws: FetchCredentials.Unavailable.self) { try credentials.headers(for: "https://api.example.com/v2/prices", environment: [:]) }
        do {
            _ = try credentials.headers(for: "https://api.example.com/v2/prices", environment: [:])
        } catch {
            #expect(error.description == "the header Authorization reads the environment variable WH_TEST_PRICES_TOKEN, which the host does not have")
        }
        // A value that would end the header and start another is never sent.
        #expect(throws: FetchCredentials.Unavailable.self) {
            try credentials.headers(for: "https://api.example.com/v2/prices", environment: ["WH_TEST_PRICES_TOKEN": "x\r\nX-Injected: 1"])
        }
    }

    @Test(arguments: [
        ("    json: {url: ftp://x/y, number: {value: $.a}}",
         "config.yaml:4:17: widgets[0].json.url: expected an http or https URL, found 'ftp://x/y'"),
        ("    json: {url: 'https://me:pw@x.org/y', number: {value: $.a}}",
         "config.yaml:4:17: widgets[0].json.url: a URL with a user or password would put it in the manifest; send it as a header read from the environment or a file (headers: {Authorization: {env: NAME}})"),
        ("    json: {url: https://x.org/y}",
         "config.yaml:4:11: a json kind has one layout, 'number', 'list', 'table' or 'gauge', with what it shows; found none"),
        ("    json: {url: https://x.org/y, number: {value: $.a}, gauge: {value: $.a, max: 1}}",
         "config.yaml:4:11: a json kind has one layout, 'number', 'list', 'table' or 'gauge', with what it shows; found number and gauge"),
        ("    json: {url: https://x.org/y, number: {value: data.amount}}",
         "config.yaml:4:50: widgets[0].json.number.value: 'data.amount' is not a path: a path starts with '$' (the document, or the item in a list): $.data.price, $[0].name (at character 1 of the path)"),
        ("    json: {url: https://x.org/y, number: {value: '$.data..amount'}}",
         "config.yaml:4:50: widgets[0].json.number.value: '$.data..amount' is not a path: '..' (descendants) is not supported; name each level (at character 7 of the path)"),
        ("    json: {url: https://x.org/y, number: {value: '$.a[x]'}}",
         "config.yaml:4:50: widgets[0].json.number.value: '$.a[x]' is not a path: between '[' and ']' goes an index (0, -1), '*' or a quoted name (at character 5 of the path)"),
        ("    json: {url: https://x.org/y, number: {value: $.a, format: percnt}}",
         "config.yaml:4:63: widgets[0].json.number.format: 'percnt' is not a format (did you mean 'percent'?); the formats: auto, text, number, percent, bytes, currency, date, time, datetime, relative"),
        ("    json: {url: https://x.org/y, number: {value: $.a, format: currency}}",
         "config.yaml:4:63: widgets[0].json.number.format: format: currency needs 'currency' (USD, EUR, …)"),
        ("    json: {url: https://x.org/y, number: {value: $.a, colour: red}}",
         "config.yaml:4:55: widgets[0].json.number: unknown key 'colour'; known keys: caption, currency, decimals, format, unit, value"),
        ("    json: {url: https://x.org/y, refresh: 10s, number: {value: $.a}}",
         "config.yaml:4:43: widgets[0].json.refresh: at least 1m: an API is somebody's server; found 10s"),
        ("    json: {url: https://x.org/y, gauge: {value: $.a, min: 5, max: 5}}",
         "config.yaml:4:67: widgets[0].json.gauge.max: a gauge's max is above its min (5.0); found 5.0"),
        ("    json: {url: https://x.org/y, list: {items: $.a, text: $.b, limit: 50}}",
         "config.yaml:4:71: widgets[0].json.list.limit: from 1 to 20 items, found 50"),
        ("    json: {url: https://x.org/y, table: {items: $.a, columns: []}}",
         "config.yaml:4:63: widgets[0].json.table.columns: a table has 1 to 6 columns, found 0"),
        ("    json: {url: https://x.org/y, headers: {Authorization: {secret: abc}}, number: {value: $.a}}",
         "config.yaml:4:59: a secret is {env: NAME} or {file: path}, one of them: it belongs in the environment or a file, not the manifest"),
        ("    json: {url: https://x.org/y, headers: {Host: evil.net}, number: {value: $.a}}",
         "config.yaml:4:43: widgets[0].json.headers: the host writes the header Host itself"),
        ("    module: Other\n    json: {url: https://x.org/y, number: {value: $.a}}",
         "config.yaml:4:13: widgets[0].module: a kind declared with 'json' runs in widgethost's JSON module, which fetches its url and nothing else: remove 'module'"),
        ("    families: [systemLarge]\n    json: {url: https://x.org/y, number: {value: $.a}}",
         "config.yaml:4:15: widgets[0].families: a number layout is not drawn at systemLarge; it is drawn at systemSmall, systemMedium, accessoryRectangular, accessoryInline, accessoryCircular"),
    ])
    func aMistakeIsReportedWhereItIs(_ lines: String, _ message: String) throws {
        let reported = try failure("  - kind: A\n" + lines + "\n")
        #expect(reported == message)
    }

    @Test func twoKindsReadingOneURLSendItTheSameHeaders() throws {
        let reported = try failure("""
              - kind: A
                json: {url: https://x.org/y, headers: {X-Key: a}, number: {value: $.a}}
              - kind: B
                json: {url: https://x.org/y, headers: {X-Key: b}, number: {value: $.b}}

            """)
        #expect(reported == "config.yaml:6:51: widgets[1].json.headers: another json kind sends other headers to https://x.org/y; kinds that read one URL send it the same headers")
    }
}
