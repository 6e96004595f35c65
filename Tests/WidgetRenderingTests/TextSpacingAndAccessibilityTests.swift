import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
@testable import WidgetSDK

/// Issue 37: `.kerning`, `.tracking`, `.lineSpacing` and `.truncationMode`
/// were accepted and drawn as if absent; accessibility labels reached no
/// one. Now the text is drawn as they say, and what a screen reader says
/// for a card is its SVG's title and the dashboard's text for it.
@Suite("Text spacing, truncation and what a screen reader says")
struct TextSpacingAndAccessibilityTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func node<V: View>(_ view: V, _ family: WidgetFamily = .systemMedium) -> ViewNode {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        return EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: view) }
    }

    private func layout<V: View>(_ view: V, _ family: WidgetFamily = .systemMedium) -> WidgetLayout {
        LayoutEngine(now: now).layout(node(view, family), family: family)
    }

    private func texts(_ layout: WidgetLayout) -> [Drawable] {
        layout.drawables.filter { if case .text = $0.kind { true } else { false } }
    }

    private func lines(_ drawable: Drawable) -> [String] {
        if case .text(let lines, _) = drawable.kind { lines } else { [] }
    }

    @Test func kerningWidensTextByItsPointsALetterAndTheSVGDrawsIt() throws {
        let plain = try #require(texts(layout(Text("Stars"))).first)
        let kerned = try #require(texts(layout(Text("Stars").kerning(2))).first)
        #expect(abs(kerned.frame.width - (plain.frame.width + 5 * 2)) < 0.01)
        #expect(kerned.kerning == 2)
        // On a view, it reaches the text within, as SwiftUI's environment does; tracking draws alike.
        let tracked = try #require(texts(layout(VStack { Text("Stars") }.tracking(2))).first)
        #expect(tracked.frame.width == kerned.frame.width)
        let svg = SVGRenderer().render(layout(Text("Stars").kerning(2)))
        #expect(svg.contains(#"letter-spacing="2""#), "\(svg)")
    }

    @Test func lineSpacingMovesEachLaterLineDown() throws {
        let words = "one two three four five six seven eight nine ten"
        let tight = try #require(texts(layout(Text(words).frame(width: 120), .systemLarge)).first)
        let spaced = try #require(texts(layout(Text(words).lineSpacing(6).frame(width: 120), .systemLarge)).first)
        let count = lines(spaced).count
        #expect(count > 2 && lines(tight) == lines(spaced))
        #expect(abs(spaced.frame.height - (tight.frame.height + Double(count - 1) * 6)) < 0.01)
        let svg = SVGRenderer().render(layout(Text(words).lineSpacing(6).frame(width: 120), .systemLarge))
        let baselines = svg.matches(of: /<text x="[^"]+" y="([0-9.]+)"/).compactMap { Double($0.output.1) }
        #expect(baselines.count == count)
        let gaps = zip(baselines.dropFirst(), baselines).map { $0 - $1 }
        // 17-point body text: 1.2 em a line, and the 6 points asked for.
        #expect(gaps.allSatisfy { abs($0 - (17 * 1.2 + 6)) < 0.05 }, "\(gaps)")
    }

    @Test(arguments: [Text.TruncationMode.tail, .head, .middle])
    func truncationCutsWhereTheModeSays(mode: Text.TruncationMode) throws {
        let name = "swift-package-manager-collections-and-registries"
        let drawn = try #require(texts(layout(Text(name).lineLimit(1).truncationMode(mode).frame(width: 150))).first)
        let line = try #require(lines(drawn).first)
        #expect(line.count < name.count)
        switch mode {
        case .tail: #expect(line.hasPrefix("swift-") && line.hasSuffix("…"), "\(line)")
        case .head: #expect(line.hasPrefix("…") && name.hasSuffix(line.dropFirst()), "\(line)")
        case .middle:
            let parts = line.split(separator: "…", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && name.hasPrefix(parts[0]) && name.hasSuffix(parts[1]) && !parts[0].isEmpty && !parts[1].isEmpty, "\(line)")
        }
        #expect(drawn.frame.width <= 150)
    }

    @Test func aLabelIsSaidInsteadOfWhatItHoldsAndHiddenViewsAreNot() {
        let view = VStack {
            HStack {
                Image(systemName: "star.fill")
                Text("706")
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("706 stars")
            .accessibilityHint("Opens the repository")
            Text("apple/swift")
            Image(systemName: "sparkles").accessibilityHidden(true)
            Text("decoration").accessibilityHidden(true)
            Gauge(value: 0.25) { Text("Disk") }
            Gauge(value: 5, in: 0...8) { Text("Glasses") } currentValueLabel: { Text("5 of 8") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("8") }
            ProgressView(value: 3, total: 4)
        }
        .background(Text("behind"))
        let spoken = SpokenText(node(view), now: now, locale: Locale(identifier: "en_US_POSIX"))
        // A gauge is said as VoiceOver says it: its label, then its current value label or how full it is.
        #expect(spoken.phrases == ["706 stars", "apple/swift", "Disk", "25%", "Glasses", "5 of 8", "75%"], "\(spoken.phrases)")
        #expect(spoken.hints == ["Opens the repository"])
        #expect(spoken.text == "706 stars, apple/swift, Disk, 25%, Glasses, 5 of 8, 75%")
    }

    /// What review found: a label kept a bar's fill and a toggle's state from
    /// being said, a value was said beside the fill, `.hidden()` was read,
    /// and a hidden part of a joined text was read with the rest.
    @Test func aLabelKeepsTheViewsStateAndHiddenMeansUnsaid() {
        let view = VStack {
            ProgressView(value: 0.4).accessibilityLabel("Upload")
            ProgressView(value: 0.4).accessibilityValue("2 of 5")
            Gauge(value: 72, in: 0...100) { Text("Level") } currentValueLabel: { HStack { Image(systemName: "drop"); Text("72") } }
            Gauge(value: 72, in: 0...100) { Text("Level") } currentValueLabel: { Text("72 ml") }.accessibilityLabel("Water")
            Text("debug").hidden()
            HStack(alignment: .bottom, spacing: 0) { Text("a").accessibilityHidden(true); Text("b") }
        }
        let spoken = SpokenText(node(view), now: now, locale: Locale(identifier: "en_US_POSIX"))
        #expect(spoken.phrases == ["Upload", "40%", "2 of 5", "Level", "72", "Water", "72 ml", "b"], "\(spoken.phrases)")
    }

    @Test func textsNeverTakeLessThanNothing() throws {
        let pulled = try #require(texts(layout(Text("Hi").kerning(-50).underline())).first)
        #expect(pulled.frame.width >= 0)
        let words = "one two three four five six"
        let tight = try #require(texts(layout(Text(words).frame(width: 80), .systemLarge)).first)
        let negative = try #require(texts(layout(Text(words).lineSpacing(-100).frame(width: 80), .systemLarge)).first)
        #expect(negative.frame.height == tight.frame.height && negative.lineSpacing == 0)
    }

    @Test func aValueFollowsTheContentsAndJoinedTextsAreOnePhrase() {
        let due = now.addingTimeInterval(3_600)
        let view = VStack {
            Text("Build ") + Text("green").bold()
            Text("Next at \(due, style: .time)")
            Text("Queue").accessibilityValue("3 of 8")
        }
        let spoken = SpokenText(node(view), now: now, locale: Locale(identifier: "en_US_POSIX"))
        let time = DateText.string(due, style: .time, now: now, locale: Locale(identifier: "en_US_POSIX"))
        #expect(spoken.phrases == ["Build green", "Next at \(time)", "Queue", "3 of 8"], "\(spoken.phrases)")
    }

    @Test func theSVGIsTitledWithWhatIsSaidAndAPlaceholderWithNothing() throws {
        let entry = ViewNode(archiving: VStack { Text("706").accessibilityLabel("706 stars & <more>"); Text("apple/swift") }.accessibilityHint("Tap to open"))
        let card = RenderableView(view: entry, family: .systemSmall, date: now, redacted: false, now: now)
        let svg = card.svg()
        #expect(svg.contains(#"role="img">"#) && !svg.contains("aria-label"), "\(svg)")
        #expect(svg.contains("<title>706 stars &amp; &lt;more&gt;, apple/swift</title><desc>Tap to open</desc>"))
        let placeholder = RenderableView(view: entry, family: .systemSmall, date: nil, redacted: true, now: now).svg()
        #expect(!placeholder.contains("<title>") && !placeholder.contains("role="))
    }

    @Test func whatIsSaidIsBoundedAndACardDrawnInsteadSaysWhatItShows() throws {
        let many = ViewNode(.vstack(alignment: .leading, spacing: nil), children: (0..<5_000).map { ViewNode(.text("row \($0)")) })
        let spoken = SpokenText(many, now: now, locale: Locale(identifier: "en_US_POSIX"))
        #expect(spoken.text.utf8.count < SpokenText.maximumLength + 100 && spoken.phrases.last == "…")
        // An entry too complex to lay out is drawn as a card that says so, and that is what is said.
        let wide = ViewNode(.vstack(alignment: .leading, spacing: nil), children: (0..<2_000).map { _ in ViewNode(.text("wide words")) })
        let drawn = LayoutEngine(now: now, budget: 1_000).layout(wide, family: .systemSmall)
        let said = try #require(drawn.spoken).text
        #expect(said.contains("too complex to draw") && !said.contains("wide words"), "\(said)")
    }

    @Test func theModifiersSurviveTheChannelAndALabelIsHeldToTheTextLimits() throws {
        let view = ViewNode(archiving: Text("a").kerning(1.5).lineSpacing(2).truncationMode(.head).accessibilityLabel("b").accessibilityHidden(false))
        let entry = ArchivedEntry(date: now, view: view)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)) == entry)
        let long = String(repeating: "x", count: EntryValidator.maximumTextLength + 10)
        let checked = try EntryValidator().validate(ViewNode(archiving: Text("a").accessibilityLabel(long)))
        let label = checked.modifiers.compactMap { if case .accessibilityLabel(let label) = $0 { label } else { nil } }.first
        #expect(label?.count == EntryValidator.maximumTextLength + 1 && label?.hasSuffix("…") == true)
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ViewNode(archiving: Text("a").kerning(.nan))) }
    }
}
