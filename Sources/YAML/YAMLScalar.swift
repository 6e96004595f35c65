import Foundation

/// Writes text so that YAML reads it back as the same text.
package enum YAMLScalar {
    /// Plain when nothing in it means something to YAML, else double-quoted
    /// (a JSON string is a valid YAML double-quoted scalar).
    package static func quoted(_ text: String) -> String {
        if isPlainSafe(text) { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    private static let nullWords: Set<String> = ["~", "null", "Null", "NULL"]

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, !nullWords.contains(text) else { return false }
        let safe = { (scalar: Unicode.Scalar) in
            ("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar) || ("0" ... "9").contains(scalar) || "_./@+-() ".unicodeScalars.contains(scalar)
        }
        return text.unicodeScalars.allSatisfy(safe) && first != " " && last != " " && first != "-" && first != "@"
    }
}
