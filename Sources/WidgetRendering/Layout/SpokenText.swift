import Foundation
import WidgetSDK

/// What a screen reader says for an entry, read from its view as VoiceOver
/// reads a widget: each text in reading order; a view's
/// `accessibilityLabel` instead of what it holds, then its
/// `accessibilityValue` or its own state (how full a bar or gauge is, a
/// toggle's on or off); hidden views (`accessibilityHidden`, `.hidden()`)
/// and backgrounds skipped. Hints are said last, after a pause. The SVG's
/// `<title>` and the dashboard's text for each card.
package struct SpokenText: Sendable, Equatable {

    /// The phrases, in reading order.
    package var phrases: [String]
    /// What the views do, said after them.
    package var hints: [String]

    /// The phrases joined as a screen reader pauses between them.
    package var text: String { phrases.joined(separator: ", ") }

    /// Bytes said at most: past them a card has said what it can, and
    /// an entry of thousands of texts does not make a title of megabytes.
    static let maximumLength = 2_000

    /// What `view` says at `now`, its dates written in `locale`.
    package init(_ view: ViewNode, now: Date, locale: Locale) {
        self.init(view, now: now, locale: locale, dates: [:])
    }

    /// `dates` holds those the layout already wrote (ICU takes tens of µs a date).
    init(_ view: ViewNode, now: Date, locale: Locale, dates: [DateText.Key: String]) {
        let written = { (date: Date, style: Text.DateStyle) in
            dates[DateText.Key(date: date, style: style)] ?? DateText.string(date, style: style, now: now, locale: locale)
        }
        enum Step {
            case view(ViewNode)
            case say(String)
        }
        var phrases: [String] = []
        var hints: [String] = []
        // Depth first in reading order: children are pushed last first.
        var steps = [Step.view(view.standard)]
        var (length, counted) = (0, 0)
        while let step = steps.popLast() {
            for phrase in phrases[counted...] { length += phrase.utf8.count + 2 }
            counted = phrases.count
            if length > Self.maximumLength {
                phrases.append("…")
                break
            }
            let node: ViewNode
            switch step {
            case .say(let phrase):
                phrases.append(phrase)
                continue
            case .view(let view):
                node = view
            }
            // The outermost of each modifier is the one that holds, as in SwiftUI.
            var label: String?, value: String?, hint: String?, hidden = false
            for modifier in node.modifiers {
                switch modifier {
                case .accessibilityLabel(let text): label = text
                case .accessibilityValue(let text): value = text
                case .accessibilityHint(let text): hint = text
                case .accessibilityHidden(let isHidden): hidden = isHidden
                // `.hidden()` and `.opacity(0)`: nothing on screen, nothing said.
                case .opacity(let opacity): hidden = hidden || opacity <= 0
                default: continue
                }
            }
            if hidden { continue }
            if let hint, !hint.isEmpty { hints.append(hint) }
            // A bar's or gauge's fill, a toggle's state: said after the
            // label, its own or one given; an accessibilityValue instead.
            let state = value ?? Self.state(of: node, label: label != nil, now: now, locale: locale, dates: dates)
            if let label {
                phrases.append(label)
                if let state { phrases.append(state) }
                continue
            }
            if let state { steps.append(.say(state)) }
            var children = node.children
            switch node.content {
            case .text(let string):
                phrases.append(string)
            case .date(let date, let style):
                phrases.append(written(date, style))
            case .chart(let chart):
                phrases.append(Self.summary(of: chart))
            case .gauge:
                // Its label, then its current value label; the bounds are not said.
                children = [children.first, Self.currentValueLabel(of: node)].compactMap { $0 }
            case .hstack(alignment: .bottom, spacing: 0) where Self.isSentence(children):
                // `Text + Text`, or a string with a date in it: one phrase.
                phrases.append(children.map { child in
                    switch child.content {
                    case .text(let string): string
                    case .date(let date, let style): written(date, style)
                    default: ""
                    }
                }.joined())
                children = []
            case .layered(_, behind: true), .containerBackground, .viewThatFits:
                // A background is not read; of the views that might fit, the first.
                children = Array(children.prefix(1))
            default:
                break
            }
            steps.append(contentsOf: children.reversed().map(Step.view))
        }
        self.phrases = phrases.map { String(Self.trimmed($0).prefix(Self.maximumLength)) }.filter { !$0.isEmpty }
        self.hints = hints
    }

    /// `phrase` without white space (and new lines) at either end, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` leaves it (that set
    /// is Unicode's White_Space and U+200B, which Unicode once counted as a
    /// space) without a trip through NSString, which took a tenth of the
    /// dashboard benchmark's samples.
    static func trimmed(_ phrase: String) -> Substring {
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
        let scalars = phrase.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(scalars[first ... last])
    }

    /// What `node` says of its own state after its label: how full a bar
    /// or gauge is (a gauge's current value label says it, when it has
    /// one), a toggle's "on" or "off". `labelled`: the view's own label
    /// views are not said, so a gauge's value label is said here.
    private static func state(of node: ViewNode, label labelled: Bool, now: Date, locale: Locale, dates: [DateText.Key: String]) -> String? {
        switch node.content {
        case .progress(let value, let total):
            return percent(total > 0 ? value / total : 0, locale: locale)
        case .gauge(let value, let minimum, let maximum):
            if let current = currentValueLabel(of: node) {
                return labelled ? SpokenText(current, now: now, locale: locale, dates: dates).text : nil
            }
            return percent(maximum > minimum ? (value - minimum) / (maximum - minimum) : 0, locale: locale)
        case .control(let control):
            return control.isOn.map { $0 ? "on" : "off" }
        default:
            return nil
        }
    }

    /// "Chart, Steps by Day, 7 bars, Walking and Running": what it
    /// measures, by what, how many marks of which kind, and its series.
    private static func summary(of chart: ChartArchive) -> String {
        var parts = ["Chart"]
        if let labels = chart.marks.first?.labels, labels.count == 2, !labels[0].isEmpty, !labels[1].isEmpty {
            parts.append("\(labels[1]) by \(labels[0])")
        }
        let nouns: [ChartMarkArchive.Kind: String] = [.bar: "bars", .point: "points", .rectangle: "cells"]
        if let kind = chart.marks.first?.kind, let noun = nouns[kind] {
            parts.append("\(chart.marks.filter { $0.kind == kind }.count) \(noun)")
        }
        if let legend = chart.legend, !legend.entries.isEmpty {
            let names = legend.entries.map(\.name)
            parts.append(names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!)
        }
        return parts.joined(separator: ", ")
    }

    /// A gauge's current value label, when it was given one.
    private static func currentValueLabel(of node: ViewNode) -> ViewNode? {
        node.children.count > 1 && node.children[1] != ViewNode(.group) ? node.children[1] : nil
    }

    /// "40%": written directly in English, the locale of a host without
    /// `LANG` (ICU takes about 30 µs a number), by ICU elsewhere ("40 %").
    private static func percent(_ fraction: Double, locale: Locale) -> String {
        guard fraction.isFinite else { return "" }
        let clamped = min(1, max(0, fraction))
        let name = locale.identifier
        if name == "en" || name.hasPrefix("en_") || name.hasPrefix("en-") { return "\(Int((clamped * 100).rounded()))%" }
        return clamped.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// Whether `children` are texts and dates only, as `+` and
    /// interpolation join them, none of them labelled or hidden.
    private static func isSentence(_ children: [ViewNode]) -> Bool {
        children.allSatisfy { child in
            let speaksAsWritten = !child.modifiers.contains { modifier in
                switch modifier {
                case .accessibilityLabel, .accessibilityValue, .accessibilityHidden: true
                case .opacity(let opacity): opacity <= 0
                default: false
                }
            }
            guard speaksAsWritten else { return false }
            return switch child.content {
            case .text, .date: true
            default: false
            }
        }
    }
}
