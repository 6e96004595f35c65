import Foundation
import HostText
import WidgetRendering
import WidgetSDK

/// The gallery as terminal text: per kind and family, the snapshot in each
/// rendering mode and the placeholder side by side, then the timeline's
/// entries under their dates; as many cards a row as `width` holds.
package struct GalleryText: Sendable {
    package let width: Int
    package let colors: ANSIRenderer.ColorSupport

    package init(width: Int, colors: ANSIRenderer.ColorSupport) {
        self.width = max(width, 40)
        self.colors = colors
    }

    package func render(_ galleries: [KindGallery]) -> String {
        galleries.map(render).joined(separator: "\n")
    }

    package func render(_ gallery: KindGallery) -> String {
        var lines = [bold(gallery.kind) + (gallery.displayName == gallery.kind ? "" : " — \(TerminalText.escaped(gallery.displayName))")]
        for sheet in gallery.sheets {
            lines.append("")
            lines.append(bold(sheet.family.rawValue))
            var cards = RenderingMode.allCases.map { mode in
                (label: mode.rawValue, card: sheet.snapshot.map { $0.ansi(mode: mode, colors: colors) })
            }
            cards.append((label: "placeholder", card: sheet.placeholder.map { $0.ansi(colors: colors) }))
            lines += row(cards, family: sheet.family)
            switch sheet.timeline {
            case .success(let entries):
                lines.append("timeline: \(entries.count) entr\(entries.count == 1 ? "y" : "ies"), then \(sheet.policy ?? "?")")
                lines += row(entries.map { (label: PreviewFailure.timestamp($0.date ?? Date()), card: .success($0.ansi(colors: colors))) },
                             family: sheet.family)
            case .failure(let failure):
                lines.append(failed("timeline failed: \(failure)"))
            case nil:
                break
            }
        }
        switch gallery.previews {
        case .success(let previews):
            for preview in previews {
                lines.append("")
                lines.append(bold(preview.title))
                switch preview.entries {
                case .success(let entries):
                    lines += row(entries.map { (label: PreviewFailure.timestamp($0.date ?? Date()), card: .success($0.ansi(colors: colors))) },
                                 family: preview.family)
                case .failure(let failure):
                    lines.append(failed("preview failed: \(failure)"))
                }
            }
        case .failure(let failure):
            lines.append("")
            lines.append(failed("#Preview failed: \(failure)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A build that failed: its errors with file:line:column, in place of the previews.
    package func render(failedBuild build: PackageBuild) -> String {
        ([failed("build failed")] + build.failureSummary.map(TerminalText.escaped)).joined(separator: "\n") + "\n"
    }

    /// Labelled cards side by side, wrapping to further rows.
    private func row(_ cards: [(label: String, card: Result<String, PreviewFailure>)], family: WidgetFamily) -> [String] {
        let cardWidth = ANSIRenderer.cells(for: family).columns + 2
        let gap = 2
        let perRow = max(1, (width + gap) / (cardWidth + gap))
        var lines: [String] = []
        for start in stride(from: 0, to: cards.count, by: perRow) {
            let group = cards[start..<min(start + perRow, cards.count)]
            let columns = group.map { label, card in
                [Self.pad(String(label.prefix(cardWidth)), cardWidth)] + Self.lines(of: card, width: cardWidth)
            }
            let height = columns.map(\.count).max() ?? 0
            for index in 0..<height {
                let parts = columns.map { $0.indices.contains(index) ? $0[index] : String(repeating: " ", count: cardWidth) }
                lines.append(parts.joined(separator: String(repeating: " ", count: gap)).trailingSpacesRemoved)
            }
        }
        return lines
    }

    private static func lines(of card: Result<String, PreviewFailure>, width: Int) -> [String] {
        switch card {
        case .success(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        case .failure(let failure):
            // Wrapped to the card's width, so that a long error stays in its column.
            var lines: [String] = []
            var current = "✗"
            for word in TerminalText.escaped(failure.description).split(separator: " ") {
                if current.count + 1 + word.count > width, !current.isEmpty {
                    lines.append(pad(current, width))
                    current = String(word.prefix(width))
                } else {
                    current += (current.isEmpty ? "" : " ") + word
                }
            }
            return lines + [pad(current, width)]
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `text` (a kind's name, a preview's title: the kind's own) in bold, escaped.
    private func bold(_ text: String) -> String {
        let text = TerminalText.escaped(text)
        return colors == .none ? text : "\u{1B}[1m\(text)\u{1B}[0m"
    }

    /// `text` (with a kind's error in it) in red, escaped.
    private func failed(_ text: String) -> String {
        let text = TerminalText.escaped(text)
        return colors == .none ? text : "\u{1B}[31m\(text)\u{1B}[0m"
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
