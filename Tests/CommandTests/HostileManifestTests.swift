import Foundation
import Testing
@testable import WidgetHost
import WidgetTestSupport
import YAML

/// Manifests built to crash or stall `widgethost validate`: each gets one
/// line at its file:line:column and exit status 1, or validates; no signal.
@Suite("Hostile manifests through the real binary")
struct HostileManifestTests {
    private func validate(_ text: String) async throws -> (result: TestSupport.ProcessResult, path: String) {
        let path = try TestSupport.writeManifest(text)
        return (try await TestSupport.widgethost(["validate", path]), path)
    }

    @Test func fortyOneThousandLevelsOfNestingAreOneError() async throws {
        let (result, path) = try await validate(String(repeating: "- ", count: 41_000) + "x\n")
        #expect(result.status == 1, "exit \(result.status): \(result.stderr.prefix(300))")
        #expect(result.stderr == "\(path):1:\(2 * Node.maximumDepth + 1): nested deeper than \(Node.maximumDepth) levels\n")
    }

    @Test func twoEqualComplexKeysSevenThousandDeepAreOneError() async throws {
        let key = String(repeating: "[", count: 7_100) + "k" + String(repeating: "]", count: 7_100)
        let (result, path) = try await validate("? \(key)\n: 1\n? \(key)\n: 2\n")
        #expect(result.status == 1, "exit \(result.status)")
        #expect(result.stderr == "\(path):1:\(Node.maximumDepth + 2): nested deeper than \(Node.maximumDepth) levels\n")
    }

    @Test func aDirectoryIsSaidToBeOne() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["validate", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(folder.path): is a directory, not a manifest file\n")
    }

    /// Every call into the kind carries its settings: a million of them
    /// killed its extension on each call, while validate said all was well.
    /// Twenty thousand are refused at their line, quickly, in one sentence.
    @Test func twentyThousandSettingsAreRefusedAtTheirLine() async throws {
        let settings = (0..<20_000).map { "      k\($0): v\($0)" }.joined(separator: "\n")
        let (result, _) = try await validate("""
            container: {group: group.test.hostile}
            widgets:
              - kind: Gauge
                module: FixtureKinds
                settings:
            \(settings)
            """)
        #expect(result.status == 1)
        #expect(result.stderr.contains(":7:") && result.stderr.contains("at most 256 settings of 64 KiB in all; found 20000"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anAliasBombInTheManifestIsOneErrorAtOnce() async throws {
        var anchors = ["      l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            anchors.append("      l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let (result, path) = try await validate("""
            container: {group: group.test.hostile}
            widgets:
              - kind: Gauge
                module: FixtureKinds
                settings:
            \(anchors.joined(separator: "\n"))
            """)
        // The manifest's types refuse it before anything is expanded (settings are
        // strings); the budget for untyped decoding is tested in YAMLTests.
        #expect(result.status == 1, "exit \(result.status)")
        #expect(result.stderr == "\(path):6:11: widgets[0].settings.l0: expected a string, found a sequence\n")
    }
}
