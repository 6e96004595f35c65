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

    @Test func aListsDefaultIsCheckedAgainstItsOptionsAndEachFamilysSize() async throws {
        #expect(try await diagnostics(for: "BadListDefault") == [
            "parameter 'days': default '30' is not one of its options (1, 7)",
            "parameter 'days': default [1, 7, 30] has 3 values; a systemSmall instance holds at most 2 values",
        ])
    }

    /// Issue 37: a list's values as add-instance and the manifest give them,
    /// checked one by one against the options and together against the
    /// size of the instance's family.
    @Test func aListsValuesAreCheckedOneByOneAndItsSizeByFamily() async throws {
        #expect(try await diagnostics(for: "Listed") == [])
        let bundle = await LoadedBundle.load(try TestSupport.manifest(
            "container: {group: g.x}\nwidgets:\n  - {kind: Listed, module: FixtureBrokenKinds}\n"))
        let kind = try #require(bundle.kind(named: "Listed"))
        let planner = InstancePlanner(bundle: bundle)
        func plan(_ given: [String: [String]], family: WidgetFamily = .systemSmall) async throws -> ConfigurationValues {
            try await planner.plan(kind, family: family, name: nil, given: given, label: { "--" + $0 }).configuration
        }
        func refusal(_ given: [String: [String]], family: WidgetFamily = .systemSmall) async -> String {
            do {
                _ = try await plan(given, family: family)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(try await plan(["pair": ["a", "b"]]) == ["days": .list([.int(7)]), "pair": .list([.string("a"), .string("b")])])
        #expect(try await plan(["days": ["30", "1"], "pair": ["a", "b"]])["days"] == .list([.int(30), .int(1)]), "in the order given")
        #expect(await refusal(["days": ["1", "7", "30"], "pair": ["a", "b"]]) == "--days: a systemSmall instance holds 1 to 2 values, found 3")
        #expect(await refusal(["days": ["2"], "pair": ["a", "b"]]) == "--days: '2' is not one of 1, 7, 30")
        #expect(await refusal(["days": ["x"], "pair": ["a", "b"]]) == "--days: expected an integer, found 'x'")
        #expect(await refusal(["days": [""], "pair": ["a", "b"]]) == "--days: a systemSmall instance holds 1 to 2 values, found 0", "'' is none")
        #expect(await refusal([:]) == "--pair: a systemSmall instance holds exactly 2 values, found none")
        #expect(try await plan([:], family: .systemMedium)["pair"] == nil, "no size in systemMedium: a list left out holds nothing")
        #expect(await refusal(["pair": Array(repeating: "a", count: 101)], family: .systemMedium) == "--pair: at most 100 values, found 101")
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
