import HostText
import Testing
@testable import YAML

/// Each malformed or mistyped document must say exactly where and what.
@Suite("Errors carry file, line, column and key path")
struct ErrorTests {
    struct Entry: Decodable {
        var kind: String
        var module: String
        var count: Int?
        var family: Family?
    }

    enum Family: String, Decodable, CaseIterable {
        case systemSmall, systemMedium, systemLarge
    }

    struct Root: Decodable {
        var widgets: [Entry]
    }

    private func error(_ document: String) -> YAMLError? {
        do {
            _ = try YAMLDecoder().decode(Root.self, from: document, file: "test.yaml")
            return nil
        } catch {
            return error
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let document: String
        let expected: String
        var testDescription: String { name }
    }

    static let malformed: [Case] = [
        Case(name: "mapping value inside a plain scalar", document: "widgets: a: b\n",
             expected: "test.yaml:1:11: mapping values are not allowed in this context"),
        Case(name: "unclosed flow sequence", document: "widgets: [a, b\n",
             expected: "test.yaml:2:1: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 10)"),
        Case(name: "unclosed flow mapping", document: "widgets: {a: 1\n",
             expected: "test.yaml:2:1: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 10)"),
        Case(name: "unterminated quoted string", document: "widgets:\n  - kind: \"Single\n",
             expected: "test.yaml:3:1: found unexpected end of stream (while scanning a quoted scalar at line 2, column 11)"),
        Case(name: "tab used for indentation", document: "widgets:\n\t- kind: a\n",
             expected: "test.yaml:2:1: found character that cannot start any token (while scanning for the next token at line 2, column 1)"),
        Case(name: "reserved indicator", document: "widgets: @all\n",
             expected: "test.yaml:1:10: found character that cannot start any token (while scanning for the next token at line 1, column 10)"),
        Case(name: "sequence item in a mapping", document: "widgets:\n  kind: a\n  - module: b\n",
             expected: "test.yaml:3:3: did not find expected key (while parsing a block mapping at line 2, column 3)"),
        Case(name: "undefined alias", document: "widgets: *missing\n",
             expected: "test.yaml:1:10: undefined alias '*missing' (no '&missing' before it)"),
        Case(name: "alias to its own collection", document: "widgets: &loop [*loop]\n",
             expected: "test.yaml:1:17: alias '*loop' refers to a collection that contains it"),
        Case(name: "duplicate key", document: "widgets:\n  - kind: a\n    module: b\n    kind: c\n",
             expected: "test.yaml:4:5: duplicate key 'kind' (first at line 2, column 5)"),
        Case(name: "two documents", document: "widgets: []\n---\nwidgets: []\n",
             expected: "test.yaml:2:1: expected a single document, found another (remove the '---')"),
        Case(name: "value that does not fit its tag", document: "widgets:\n  - kind: a\n    module: b\n    count: !!int many\n",
             expected: "test.yaml:4:12: 'many' is not a valid !!int value"),
    ]

    @Test(arguments: malformed)
    func malformedDocument(_ test: Case) {
        #expect(error(test.document)?.description == test.expected)
    }

    @Test func typeMismatchNamesExpectedAndFound() {
        let error = error("widgets:\n  - kind: a\n    module: b\n    count: lots\n")
        #expect(error?.description == "test.yaml:4:12: widgets[0].count: expected an integer, found the string 'lots'")
    }

    @Test func mappingWhereASequenceIsExpected() {
        let error = error("widgets:\n  kind: a\n")
        #expect(error?.description == "test.yaml:2:3: widgets: expected a sequence, found a mapping")
    }

    @Test func missingKeyIsReportedAtItsMapping() {
        let error = error("widgets:\n  - kind: a\n  - kind: b\n    module: c\n")
        #expect(error?.description == "test.yaml:2:5: widgets[0]: missing key 'module'")
    }

    @Test func unknownKeySuggestsTheClosestKnownKey() {
        let error = error("widgets:\n  - kind: a\n    modul: b\n")
        // The missing key is found first while decoding; fix it and the typo is named.
        #expect(error?.description == "test.yaml:2:5: widgets[0]: missing key 'module'")
        let typo = self.error("widgets:\n  - kind: a\n    module: b\n    cuont: 3\n")
        #expect(typo?.description == "test.yaml:4:5: widgets[0]: unknown key 'cuont' (did you mean 'count'?)")
    }

    @Test func unknownKeyFarFromAnyKnownKeyListsThem() {
        let error = error("widgets: []\ncolour: blue\n")
        #expect(error?.description == "test.yaml:2:1: unknown key 'colour'; known keys: widgets")
    }

    @Test func unknownKeysCanBeAllowed() throws {
        let root = try YAMLDecoder(rejectUnknownKeys: false).decode(Root.self, from: "widgets: []\nextra: 1\n")
        #expect(root.widgets.isEmpty)
    }

    @Test func enumerationValueSuggestsAndListsValues() {
        let error = error("widgets:\n  - {kind: a, module: b, family: systemLrge}\n")
        #expect(error?.description == "test.yaml:2:34: widgets[0].family: unknown value 'systemLrge' (did you mean 'systemLarge'?); expected one of: systemSmall, systemMedium, systemLarge")
    }

    @Test func errorsFromCustomInitialisersArePlacedAtTheirNode() {
        struct Even: Decodable {
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(Int.self)
                if value % 2 != 0 {
                    throw DecodingError.dataCorruptedError(in: try decoder.singleValueContainer(), debugDescription: "\(value) is odd")
                }
            }
        }
        #expect(throws: YAMLError(file: "e.yaml", mark: Mark(line: 2, column: 3), path: "[1]", message: "3 is odd")) {
            try YAMLDecoder().decode([Even].self, from: "- 2\n- 3\n", file: "e.yaml")
        }
    }

    @Test func suggestionToleratesSmallTypos() {
        #expect(Suggestion.closest(to: "familes", in: ["kind", "module", "families"]) == "families")
        #expect(Suggestion.closest(to: "kidn", in: ["kind", "module"]) == "kind")
        #expect(Suggestion.closest(to: "zzz", in: ["kind", "module"]) == nil)
    }
}
