import HostText

/// The rules for an instance's `--name`: it is shown in tables and on the
/// board, so it may not carry terminal escapes or line breaks, it is short
/// in characters and in bytes, and every character of it shows.
package enum InstanceName {
    package static let maximumLength = 64
    /// A character may be many scalars: one letter with 60,000 combining
    /// marks counted as one character of 64.
    package static let maximumBytes = 256
    /// Marks stacked on one character: Vietnamese takes two, decomposed;
    /// more is the "zalgo" that draws over the lines around it.
    package static let maximumMarksPerCharacter = 3

    /// The name as stored: nil for none or an empty one; refused when it breaks a rule.
    package static func checked(_ name: String?) throws(InstanceRequestError) -> String? {
        guard let name, !name.isEmpty else { return nil }
        if name.unicodeScalars.contains(where: isUnprintable) {
            throw .invalidValue(flag: "--name", message: "control characters (escapes, line breaks, tabs) are not allowed")
        }
        if name.count > maximumLength {
            throw .invalidValue(flag: "--name", message: "at most \(maximumLength) characters, found \(name.count)")
        }
        if name.utf8.count > maximumBytes {
            throw .invalidValue(flag: "--name", message: "at most \(maximumBytes) bytes of UTF-8, found \(name.utf8.count)")
        }
        if name.contains(where: { $0.unicodeScalars.count(where: isMark) > maximumMarksPerCharacter }) {
            throw .invalidValue(flag: "--name", message: "at most \(maximumMarksPerCharacter) combining marks on a character")
        }
        if !TerminalText.showsSomething(name) {
            throw .invalidValue(flag: "--name", message: "it shows nothing: only spaces, marks or invisible characters")
        }
        return name
    }

    /// C0 and C1 controls, line and paragraph separators, and the bidi
    /// overrides that reorder what follows them on screen.
    package static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.isUnsafe(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

}
