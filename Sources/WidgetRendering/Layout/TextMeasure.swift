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
        // `.lineLimit(0)` shows a line, as one would.
        let maximumLines = max(1, maximumLines)
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

    /// The longest prefix that fits with "…" after it. One pass: widths add
    /// up character by character, so each is measured once (measuring the
    /// whole prefix again for every character removed took 166 s for a
    /// 30,000-character word).
    func truncate(_ text: String, width limit: Double) -> String {
        guard width(text) > limit else { return text }
        let room = limit - width("…")
        var used = 0.0
        var end = text.startIndex
        for character in text {
            used += width(String(character))
            guard used <= room else { break }
            end = text.index(after: end)
        }
        return String(text[..<end]).trimmingCharacters(in: .whitespaces) + "…"
    }
}

import Foundation
