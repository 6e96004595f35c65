import Foundation
import WidgetSDK

/// Text widths in one font, and wrapping with truncation.
struct TextMeasure {
    let font: Font
    /// `.kerning(_:)`: points more after each letter.
    var kerning = 0.0
    /// `.truncationMode(_:)`: where a line that does not fit loses its letters.
    var truncation = Text.TruncationMode.tail

    /// Without DejaVu installed, an average advance keeps layout usable.
    static let fallbackAdvance = 0.55

    func width(_ text: String) -> Double {
        let spacing = kerning == 0 ? 0 : kerning * Double(text.count)
        // Letters pulled together until they overlap still take no less than nothing.
        guard let fonts = FontMetrics.shared else { return max(0, Double(text.count) * font.size * Self.fallbackAdvance + spacing) }
        return max(0, (font.isBold ? fonts.bold : fonts.regular).width(of: text, size: font.size) + spacing)
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

    /// The text cut where `truncation` says, with "…" in place of what
    /// is cut, at the most that fits. One pass: widths add up character by
    /// character, so each is measured once (measuring the whole prefix again
    /// for every character removed took 166 s for a 30,000-character word).
    func truncate(_ text: String, width limit: Double) -> String {
        guard width(text) > limit else { return text }
        let room = limit - width("…")
        switch truncation {
        case .tail:
            return String(text[..<fittingEnd(text, room: room)]).trimmingCharacters(in: .whitespaces) + "…"
        case .head:
            let reversed = String(text.reversed())
            let kept = reversed[..<fittingEnd(reversed, room: room)]
            return "…" + String(kept.reversed()).trimmingCharacters(in: .whitespaces)
        case .middle:
            // Letters from each end in turn, as long as the next one fits.
            let characters = Array(text)
            var (head, tail, used) = (0, characters.count, 0.0)
            var fromHead = true
            while head < tail {
                let next = fromHead ? characters[head] : characters[tail - 1]
                let advance = width(String(next))
                guard used + advance <= room else { break }
                used += advance
                if fromHead { head += 1 } else { tail -= 1 }
                fromHead.toggle()
            }
            return String(characters[..<head]).trimmingCharacters(in: .whitespaces) + "…"
                + String(characters[tail...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Where the longest prefix of `text` no wider than `room` ends.
    private func fittingEnd(_ text: String, room: Double) -> String.Index {
        var used = 0.0
        var end = text.startIndex
        for character in text {
            used += width(String(character))
            guard used <= room else { break }
            end = text.index(after: end)
        }
        return end
    }
}
