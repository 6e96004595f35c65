import Foundation
import Testing
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// The SDK as the host sees it through a loaded module: parameters, archived
/// timelines and configuration values crossing the boundary.
@Suite("Configurations and archived timelines across the module boundary")
struct ConfigurationTests {
    private func fixtureKind(_ name: String) async throws -> LoadedKind {
        let bundle = await LoadedBundle.load(try TestSupport.manifest(TestSupport.manifestText([(name, "FixtureKinds")])))
        return try #require(bundle.kind(named: name), "\(bundle.diagnostics)")
    }

    @Test func parametersAreReadFromTheIntent() async throws {
        let parameters = try await fixtureKind("Gauge").configuration.parameters
        #expect(parameters.map(\.name) == ["label", "level", "scale", "inverted", "note"])
        #expect(parameters.map(\.type) == [.string, .integer, .double, .boolean, .string])
        #expect(parameters.map(\.isOptional) == [false, false, false, false, true])
        #expect(parameters.map(\.defaultValue) == [.string("CPU"), .int(3), .double(1.5), .bool(false), nil])
        guard case .list(let levels) = parameters[1].options else {
            Issue.record("level has no static options")
            return
        }
        #expect(levels == [1, 2, 3, 4, 5].map(ConfigurationValue.int))
    }

    @Test func timelineEntriesAreArchivedWithTheEnvironmentFamily() async throws {
        let kind = try await fixtureKind("Gauge")
        let timeline = try await kind.descriptor.provider.timeline(for: [:], in: kind.context(for: .systemSmall))
        #expect(timeline.policy == .atEnd)
        #expect(timeline.entries.map(\.date) == [Date(timeIntervalSince1970: 1_000), Date(timeIntervalSince1970: 1_060)])
        let view = timeline.entries[0].view
        #expect(view.content == .vstack(alignment: .leading, spacing: 2))
        #expect(Array(view.children.prefix(2)) == [
            ViewNode(.text("CPU 3 1.5 false -"), modifiers: [.font(.headline)]),
            ViewNode(.text("systemSmall")),
        ])
        #expect(view.children.last == ViewNode(.text("level 3 of 5, on a bar"), modifiers: [.font(.caption2)]))
    }

    @Test func storedValuesReachTheProvider() async throws {
        let kind = try await fixtureKind("Gauge")
        let values: ConfigurationValues = ["label": .string("GPU"), "level": .int(5), "scale": .int(2), "inverted": .bool(true), "note": .string("hot")]
        let entry = try await kind.descriptor.provider.snapshot(for: values, in: kind.context(for: .systemMedium))
        #expect(entry.view.children.first?.content == .text("GPU 5 2.0 true hot"))
        #expect(entry.view.children[1].content == .text("systemMedium"))
        #expect(entry.view.children.last?.content == .text("level 5 of 5, on a bar"))
    }

    /// Issue 37: a list is a JSON array in the container and in `--json`,
    /// and each of its values is one of the others.
    @Test func aListIsAJSONArrayOfValues() throws {
        let values: ConfigurationValues = ["tags": .list([.string("a"), .int(2), .bool(true)]), "none": .list([]), "one": .string("x")]
        let json = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode(ConfigurationValues.self, from: json) == values)
        #expect(String(decoding: json, as: UTF8.self).contains(#""tags":["a",2,true]"#))
        #expect(ConfigurationValue.list([.string("a"), .int(2)]).description == "[a, 2]")
        #expect(ConfigurationValue.string("x").elements == [.string("x")])
        let parameter = ConfigurationParameter(name: "tags", title: "Tags", description: nil, type: .integer, isList: true,
                                               isOptional: true, defaultValue: nil, options: .any)
        #expect(parameter.accepts(.list([.int(1), .int(2)])) && parameter.accepts(.list([])))
        #expect(!parameter.accepts(.int(1)) && !parameter.accepts(.list([.string("x")])) && !ParameterType.integer.accepts(.list([])))
        #expect(parameter.typeDescription == "list of integers")
    }

    @Test func aValueOfTheWrongTypeIsRefusedByName() async throws {
        let kind = try await fixtureKind("Gauge")
        await #expect {
            try await kind.descriptor.provider.snapshot(for: ["level": .string("high")], in: kind.context(for: .systemSmall))
        } throws: { error in
            (error as? ConfigurationError)?.description == "parameter 'level': expected an integer value, found string 'high'"
        }
    }

    @Test func aMigratedConfigurationNamesTheOneItReplaces() async throws {
        let note = try await fixtureKind("Note")
        #expect(note.configuration.identifier == "NoteIntent")
        #expect(note.configuration.replacedIdentifier == "LegacyNoteIntent")
    }

    @Test func theArchiveRoundTripsThroughJSON() async throws {
        let kind = try await fixtureKind("Gauge")
        let timeline = try await kind.descriptor.provider.timeline(for: [:], in: kind.context(for: .systemSmall))
        let decoded = try JSONDecoder().decode(ArchivedTimeline.self, from: JSONEncoder().encode(timeline))
        #expect(decoded == timeline)
    }

    @Test func placeholderNeedsNoConfiguration() async throws {
        let kind = try await fixtureKind("Gauge")
        let placeholder = try await kind.descriptor.provider.placeholder(in: kind.context(for: .systemSmall))
        #expect(placeholder.view.children.first?.content == .text("placeholder"))
    }
}
