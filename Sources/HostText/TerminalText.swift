/// Other people's text made safe for a terminal. Names, configurations, a
/// kind's entries, errors and output, and what GitHub says all reach the
/// user's terminal; a control character among them could move the cursor,
/// clear the screen, set the title or write the clipboard (OSC 52).
package enum TerminalText {
    /// Whether a scalar does something to a terminal, or to the order text
    /// shows in, instead of showing: C0 and C1 controls, DEL, line and
    /// paragraph separators, and the bidi embeddings, overrides and isolates.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: nearly every log line, error and label is, and the
        // general category is a table lookup per scalar.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                     || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
        }
    }

    /// Whether something in `text` shows: not only spaces, combining marks,
    /// controls and format characters such as U+200B (zero width space).
    package static func showsSomething(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .format, .nonspacingMark, .enclosingMark, .spacingMark, .control: false
            default: !scalar.properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// `text` on one line, each unsafe scalar written as an escape: `\e`,
    /// `\n`, `\r`, `\t`, or `\u{202E}`.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{1B}": result += "\\e"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isUnsafe(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` for character cells: each unsafe scalar as one visible cell
    /// (a control picture such as ␛ for C0 and DEL, � for the rest), so a
    /// line keeps its width.
    package static func cells(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar) {
                result.append(scalar)
            } else if scalar.value < 0x20 {
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                result.append("\u{2421}")
            } else {
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    /// JSON text with every unsafe scalar outside the C0 range written as a
    /// `\uXXXX` escape: still the same JSON (JSON's encoders escape C0 in
    /// strings already, and such scalars can only be inside strings), but
    /// DEL, C1 controls and bidi overrides no longer reach the terminal raw.
    package static func json(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x20 && isUnsafe($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && isUnsafe(scalar) {
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
