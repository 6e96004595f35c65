import Testing
@testable import YAML

@Suite("Core schema scalar resolution")
struct ScalarResolutionTests {
    private func resolved(_ document: String) throws -> Scalar.Resolved? {
        try YAMLParser.parse(document)?.scalar?.resolved
    }

    @Test(arguments: ["~", "null", "Null", "NULL", ""])
    func nulls(_ text: String) throws {
        let node = try #require(try YAMLParser.parse("key: \(text)"))
        guard case .mapping(let pairs) = node.value else { Issue.record("not a mapping"); return }
        #expect(pairs[0].value.scalar?.resolved == .null)
    }

    @Test(arguments: [("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false)])
    func booleans(_ text: String, _ value: Bool) throws {
        #expect(try resolved(text) == .bool(value))
    }

    @Test(arguments: [("0", 0), ("42", 42), ("-17", -17), ("+8", 8), ("0x1F", 31), ("0xff", 255), ("0o17", 15), ("007", 7)])
    func integers(_ text: String, _ value: Int) throws {
        #expect(try resolved(text) == .int(value))
    }

    @Test(arguments: [("1.5", 1.5), (".5", 0.5), ("-2.25", -2.25), ("1e3", 1000), ("6.02E+2", 602), ("+1.", 1), (".inf", .infinity), ("-.Inf", -.infinity), ("+.INF", .infinity)])
    func floats(_ text: String, _ value: Double) throws {
        #expect(try resolved(text) == .float(value))
    }

    @Test func notANumber() throws {
        for text in [".nan", ".NaN", ".NAN"] {
            guard case .float(let value)? = try resolved(text) else { Issue.record("\(text) is not a float"); continue }
            #expect(value.isNaN)
        }
    }

    /// YAML 1.1's yes/no/on/off and sexagesimals are plain strings in 1.2.
    @Test(arguments: ["yes", "No", "on", "off", "0x", "0o8", "1_000", "12:30", "1.2.3", "e3", "-x", "apple/swift", ".5e"])
    func strings(_ text: String) throws {
        #expect(try resolved(text) == .string)
    }

    @Test func quotedAndBlockScalarsAreStrings() throws {
        #expect(try resolved("'123'") == .string)
        #expect(try resolved("\"true\"") == .string)
        #expect(try resolved("|\n  42\n") == .string)
    }

    @Test func explicitTags() throws {
        #expect(try resolved("!!str 123") == .string)
        #expect(try resolved("! 123") == .string)
        #expect(try resolved("!!float 3") == .float(3))
        #expect(try resolved("!!int 0x10") == .int(16))
    }
}
