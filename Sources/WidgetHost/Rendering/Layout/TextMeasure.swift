import WidgetSDK

/// Text widths in one font, and wrapping with truncation.
struct TextMeasure {
    let font: Font

    /// Without DejaVu installed, an average advance keeps layout usable.
    static let fallbackAdvance = 0.55

    func width(_ text: String) -> Double {
        guard let fonts = FontMetrics.shared else { return Double(text.count) * font.size * Self.fallbackAdvance }
        return (font.isBold ? fonts.bold : fonts.regular).width(of: text, size: font.size)
    }

    /// Greedy word wrap into at most `maximumLines`; the last line ends in
    /// "…" when text is left over or a word is wider than the line.
    func wrap(_ text: String, width limit: Double, maximumLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)[...]
        while let word = words.first {
            let candidate = current.isEmpty ? word : current + " " + word
            if width(candidate) <= limit {
                current = candidate
                words.removeFirst()
            } else if current.isEmpty {
                // A word longer than the line: cut it here.
                lines.append(truncate(word, width: limit))
                words.removeFirst()
            } else {
                lines.append(current)
                current = ""
            }
            if lines.count == maximumLines {
                if !words.isEmpty || !current.isEmpty { lines[lines.count - 1] = truncate(lines[lines.count - 1] + " " + words.joined(separator: " "), width: limit) }
                return lines
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The longest prefix that fits with "…" after it.
    func truncate(_ text: String, width limit: Double) -> String {
        guard width(text) > limit else { return text }
        var characters = Array(text)
        while !characters.isEmpty && width(String(characters) + "…") > limit { characters.removeLast() }
        return String(characters).trimmingCharacters(in: .whitespaces) + "…"
    }
}

import Foundation
