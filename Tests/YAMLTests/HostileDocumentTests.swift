import Foundation
import Testing
@testable import YAML

/// Documents built to crash or stall a parser: deep nesting, deep aliases,
/// huge mappings and alias bombs. Each is an error at its line and column,
/// or decodes, and none crashes.
@Suite("Hostile documents")
struct HostileDocumentTests {
    /// Any Decodable value, to decode whatever a document holds.
    indirect enum AnyValue: Decodable, Equatable {
        case scalar(String?)
        case list([AnyValue])
        case map([String: AnyValue])

        init(from decoder: any Decoder) throws {
            if let map = try? decoder.container(keyedBy: AnyKey.self) {
                var values: [String: AnyValue] = [:]
                for key in map.allKeys { values[key.stringValue] = try map.decode(AnyValue.self, forKey: key) }
                self = .map(values)
            } else if var list = try? decoder.unkeyedContainer() {
                var values: [AnyValue] = []
                while !list.isAtEnd { values.append(try list.decode(AnyValue.self)) }
                self = .list(values)
            } else {
                let single = try decoder.singleValueContainer()
                self = .scalar(single.decodeNil() ? nil : try single.decode(String.self))
            }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private func decode(_ text: String) throws(YAMLError) -> AnyValue {
        try YAMLDecoder().decode(AnyValue.self, from: text, file: "hostile.yaml")
    }

    @Test func nestingUpToTheCapDecodes() throws {
        let depth = Node.maximumDepth
        let text = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
        var value = try decode(text)
        for _ in 1..<depth {
            guard case .list(let items) = value, let first = items.first else { Issue.record("expected a list"); return }
            value = first
        }
        #expect(value == .list([.scalar("x")]))
    }

    @Test(arguments: [Node.maximumDepth + 1, 41_000])
    func nestingPastTheCapIsAnErrorAtItsPlace(depth: Int) {
        let text = String(repeating: "- ", count: depth) + "x\n"
        #expect(throws: YAMLError.self) { try decode(text) }
        do {
            _ = try decode(text)
        } catch {
            #expect(error.description == "hostile.yaml:1:\(2 * Node.maximumDepth + 1): nested deeper than \(Node.maximumDepth) levels")
        }
    }

    @Test func aliasesCannotNestPastTheCapEither() {
        // Each anchor nests the previous one a level deeper: depth grows through aliases alone.
        var lines = ["a0: &a0 [x]"]
        for index in 1...(Node.maximumDepth + 5) { lines.append("a\(index): &a\(index) [*a\(index - 1)]") }
        do {
            _ = try decode(lines.joined(separator: "\n"))
            Issue.record("decoded a tree deeper than the cap")
        } catch {
            #expect(error.message == "nested deeper than \(Node.maximumDepth) levels")
            // a0 is 2 deep ([x]) and sits 1 deep in the root mapping; each line nests it once more.
            #expect(error.mark?.line == Node.maximumDepth - 1)
        }
    }

    @Test func equalDeepComplexKeysAreDuplicates() {
        let key = String(repeating: "[", count: 200) + "k" + String(repeating: "]", count: 200)
        do {
            _ = try decode("? \(key)\n: 1\n? \(key)\n: 2\n")
            Issue.record("a duplicate complex key was accepted")
        } catch {
            #expect(error.message.hasPrefix("duplicate key 'a sequence' (first at line 1, column 3)"), "\(error)")
        }
        // The same structure at other places, and different structures, are told apart.
        #expect(throws: Never.self) { try decode("? [a, [b]]\n: 1\n? [a, b]\n: 2\n? [[a], b]\n: 3\n? ['1']\n: 4\n? [1]\n: 5\n") }
    }

    @Test func aHundredThousandKeysAreCheckedAndDecoded() throws {
        let count = 100_000
        let text = (0..<count).map { "k\($0): v\($0)" }.joined(separator: "\n")
        guard case .map(let values) = try decode(text) else { Issue.record("expected a mapping"); return }
        #expect(values.count == count)
        #expect(values["k99999"] == .scalar("v99999"))
        #expect(throws: YAMLError.self) { try decode(text + "\nk5: again") }
    }

    @Test func anAliasBombStopsAtTheExpansionBudget() {
        // Ten levels of ten aliases each: 10^10 nodes once expanded, in a few hundred bytes.
        var lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...10 {
            lines.append("l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        do {
            _ = try decode(lines.joined(separator: "\n"))
            Issue.record("an alias bomb decoded")
        } catch {
            // Written: the root mapping, 11 keys, 11 sequences and 10 x's, 33 nodes: 10,000 + 10 × 33 may be decoded.
            #expect(error.message == "the document expands to more than 10330 nodes through its aliases")
        }
    }
}

/// Issue 11, item 4: what the core schema and YAML streams say.
@Suite("Core schema corners and streams")
struct CoreSchemaCornerTests {
    struct Number: Decodable { var n: Int }

    @Test(arguments: ["0x-1", "0o-7", "0x+f", "0o8", "0xg"])
    func signedOrMalformedHexAndOctalAreStrings(text: String) throws {
        #expect(YAMLParser.resolvePlainForTests(text) == .string)
    }

    @Test func hexAndOctalStillResolve() {
        #expect(YAMLParser.resolvePlainForTests("0x1F") == .int(31))
        #expect(YAMLParser.resolvePlainForTests("0o17") == .int(15))
    }

    @Test func anIntegerBeyondInt64IsNotAFloat() throws {
        #expect(YAMLParser.resolvePlainForTests("99999999999999999999") == .string)
        #expect(YAMLParser.resolvePlainForTests("-99999999999999999999") == .string)
        do {
            _ = try YAMLDecoder().decode(Number.self, from: "n: 99999999999999999999", file: "n.yaml")
            Issue.record("decoded an integer beyond Int64")
        } catch {
            #expect(error.description == "n.yaml:1:4: n: the integer 99999999999999999999 is out of range for Int")
        }
    }

    @Test func aReusedAnchorNameRefersToItsLatestDefinition() throws {
        let root = try #require(try YAMLParser.parse("&a [ &a x, *a ]"))
        guard case .sequence(let items) = root.value else { Issue.record("expected a sequence"); return }
        #expect(items.map { $0.scalar?.text } == ["x", "x"])
        // A real cycle is still one.
        #expect(throws: YAMLError.self) { try YAMLParser.parse("&a [ *a ]") }
    }

    @Test func everyDocumentOfAStreamIsRead() throws {
        let documents = try YAMLParser.parseDocuments("a: 1\n---\n- x\n---\n...\n---\n&z b\n")
        #expect(documents.count == 4)
        #expect(documents[0]?.value == .mapping([Node.Pair(key: Node(.scalar(Scalar(text: "a", resolved: .string)), mark: Mark(line: 1, column: 1)),
                                                          value: Node(.scalar(Scalar(text: "1", resolved: .int(1))), mark: Mark(line: 1, column: 4)))]))
        #expect(documents[2] == nil || documents[2]?.scalar?.resolved == .null)
        #expect(documents[3]?.scalar?.text == "b")
        // Anchors are per document.
        #expect(throws: YAMLError.self) { try YAMLParser.parseDocuments("&a x\n---\n*a\n") }
        // The manifest's single-document reader still refuses a second one.
        #expect(throws: YAMLError.self) { try YAMLParser.parse("a: 1\n---\nb: 2\n") }
    }
}

extension YAMLParser {
    static func resolvePlainForTests(_ text: String) -> Scalar.Resolved { ScalarResolver.resolvePlain(text) }
}
