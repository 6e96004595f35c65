import Testing
@testable import YAML

@Suite("Documents decode into Decodable types")
struct DocumentTests {
    struct Server: Decodable, Equatable {
        var host: String
        var port: Int
        var tls: Bool
        var ratio: Double
        var tags: [String]
        var note: String?
    }

    @Test func nestedStructures() throws {
        struct Root: Decodable {
            var servers: [Server]
            var limits: [String: Int]
        }
        let root = try YAMLDecoder().decode(Root.self, from: """
            servers:
              - host: a.example
                port: 0x50
                tls: true
                ratio: 1
                tags: [x, y]
              - {host: b.example, port: 443, tls: false, ratio: .5, tags: [], note: ~}
            limits:
              daily: 72
              burst: 3
            """)
        #expect(root.servers == [
            Server(host: "a.example", port: 80, tls: true, ratio: 1, tags: ["x", "y"], note: nil),
            Server(host: "b.example", port: 443, tls: false, ratio: 0.5, tags: [], note: nil),
        ])
        #expect(root.limits == ["daily": 72, "burst": 3])
    }

    @Test func anchorsAndAliases() throws {
        struct Root: Decodable {
            var base: Server
            var copy: Server
            var names: [String]
        }
        let root = try YAMLDecoder().decode(Root.self, from: """
            base: &server
              host: a.example
              port: 1
              tls: false
              ratio: 2
              tags: &tags [one, two]
            copy: *server
            names: *tags
            """)
        #expect(root.copy == root.base)
        #expect(root.names == ["one", "two"])
    }

    @Test func multiLineScalars() throws {
        let values = try YAMLDecoder().decode([String: String].self, from: """
            literal: |
              line one
              line two
            folded: >
              folded
              together

              new paragraph
            plain: a plain
              scalar over lines
            quoted: "double \\
              quoted"
            keep: |+
              kept

            strip: |-
              stripped
            """)
        #expect(values["literal"] == "line one\nline two\n")
        #expect(values["folded"] == "folded together\nnew paragraph\n")
        #expect(values["plain"] == "a plain scalar over lines")
        #expect(values["quoted"] == "double quoted")
        #expect(values["keep"] == "kept\n\n")
        #expect(values["strip"] == "stripped")
    }

    @Test func flowCollections() throws {
        let value = try YAMLDecoder().decode([String: [String: [Int]]].self, from: "{a: {x: [1, 2]}, b: {y: []}}")
        #expect(value == ["a": ["x": [1, 2]], "b": ["y": []]])
    }

    @Test func numbersAndBooleansReadAsStringsWhereAStringIsExpected() throws {
        let value = try YAMLDecoder().decode([String].self, from: "[1.0, true, 0x1F, plain]")
        #expect(value == ["1.0", "true", "0x1F", "plain"])
    }

    @Test func emptyDocumentIsNull() throws {
        #expect(try YAMLParser.parse("") == nil)
        #expect(try YAMLDecoder().decode(String?.self, from: "# only a comment\n") == nil)
    }

    @Test func locatedValuesKnowTheirPosition() throws {
        struct Root: Decodable {
            var name: Located<String>
        }
        let root = try YAMLDecoder().decode(Root.self, from: "\n\n  name:   value\n")
        #expect(root.name.value == "value")
        #expect(root.name.mark == Mark(line: 3, column: 11))
    }
}
