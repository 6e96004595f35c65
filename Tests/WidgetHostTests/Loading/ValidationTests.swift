import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Each rule, broken by a kind in the FixtureBrokenKinds module.
@Suite("Validation of kinds and manifest entries")
struct ValidationTests {
    private func diagnostics(for kind: String, families: String? = nil) async throws -> [String] {
        var text = "container: {group: g.x}\nwidgets:\n  - kind: \(kind)\n    module: FixtureBrokenKinds\n"
        if let families { text += "    families: \(families)\n" }
        let bundle = await LoadedBundle.load(try TestSupport.manifest(text))
        #expect(bundle.kinds.isEmpty || bundle.diagnostics.isEmpty, "a kind with problems is left out")
        return bundle.diagnostics.map(\.message)
    }

    @Test func aHealthyKindPasses() async throws {
        #expect(try await diagnostics(for: "Healthy") == [])
    }

    @Test func displayNameIsRequired() async throws {
        #expect(try await diagnostics(for: "NoDisplayName") == ["has no display name: add .configurationDisplayName(\"…\") to its configuration"])
    }

    @Test func familiesMustNotBeEmpty() async throws {
        #expect(try await diagnostics(for: "NoFamilies") == ["supports no family: .supportedFamilies([]) leaves nothing to place"])
    }

    @Test func theManifestMayNarrowFamilies() async throws {
        let bundle = await LoadedBundle.load(try TestSupport.manifest(
            "container: {group: g.x}\nwidgets:\n  - {kind: Healthy, module: FixtureBrokenKinds, families: [systemMedium]}\n"))
        #expect(bundle.diagnostics.isEmpty)
        #expect(bundle.kinds.first?.families == [.systemMedium])
    }

    @Test func theManifestMayNotWidenFamilies() async throws {
        #expect(try await diagnostics(for: "Healthy", families: "[systemSmall, systemLarge, accessoryInline]") == [
            "the manifest lists systemLarge, accessoryInline, which the kind does not support (it supports systemSmall, systemMedium); families may narrow a kind, never widen it",
        ])
    }

    @Test func aDefaultMustBeOneOfTheOptions() async throws {
        #expect(try await diagnostics(for: "BadDefault") == ["parameter 'colour': default 'purple' is not one of its options (red, green)"])
    }

    @Test func aRequiredParameterNeedsADefaultOrOptions() async throws {
        #expect(try await diagnostics(for: "RequiredWithoutDefault") == ["parameter 'name': is required but has neither a default nor an option source"])
    }

    @Test func aConfigurationCannotReplaceItself() async throws {
        #expect(try await diagnostics(for: "SelfReplacing") == ["configuration 'SelfReplacingIntent' says it replaces itself"])
    }

    @Test func kindNamesAreUniqueWithinAModule() async throws {
        #expect(try await diagnostics(for: "Twice") == ["\(TestSupport.productsDirectory.path)/libFixtureBrokenKinds.so exports 2 kinds named 'Twice'; kind names must be unique"])
    }

    @Test func everyProblemOfAKindIsReportedAtOnce() async throws {
        #expect(try await diagnostics(for: "ManyProblems") == [
            "has no display name: add .configurationDisplayName(\"…\") to its configuration",
            "supports no family: .supportedFamilies([]) leaves nothing to place",
            "parameter 'level': has no title",
            "parameter 'level': default '9' is not one of its options (1, 2)",
        ])
    }

    @Test func problemsArePlacedAtTheKindsEntry() async throws {
        let path = try TestSupport.writeManifest("container: {group: g.x}\nwidgets:\n  - kind: Healthy\n    module: FixtureBrokenKinds\n  - kind: BadDefault\n    module: FixtureBrokenKinds\n")
        let bundle = await LoadedBundle.load(try Manifest.load(from: path))
        #expect(bundle.kinds.map(\.name) == ["Healthy"])
        #expect(bundle.diagnostics.map(\.description) == [
            "\(path):5:11: BadDefault: parameter 'colour': default 'purple' is not one of its options (red, green)",
        ])
    }
}
