import ExtensionProtocol
import FakeGitHub
import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK

/// Everything a kind sends is untrusted input (issue 20). Trees are encoded
/// as an extension would send them and decoded and checked as the host does
/// (`RemoteKind`), then drawn; the last tests go through the real host.
@Suite("Hostile entries")
struct HostileEntriesTests {
    /// What the host does with a reply's bytes: decode, then check.
    private func received(_ view: ViewNode, entries: Int = 1) throws -> ArchivedTimeline {
        let timeline = ArchivedTimeline(
            entries: (0..<entries).map { ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: Double($0)), view: view) },
            policy: .never)
        return try EntryValidator().validate(ArchiveCodec.decodeTimeline(ArchiveCodec.encode(timeline)))
    }

    private func refusal(_ view: ViewNode, entries: Int = 1) -> String? {
        do {
            _ = try received(view, entries: entries)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private static let text = ViewNode(.text("x"))
    private static func rectangle(_ modifier: ArchivedModifier) -> ViewNode {
        ViewNode(.vstack(alignment: .leading, spacing: nil), children: [ViewNode(.shape(.rectangle), modifiers: [modifier])])
    }

    @Test(arguments: [
        (rectangle(.frame(Frame(width: .nan, height: 10))), "entry refused: the frame width is not finite (NaN), at Rectangle in VStack"),
        (rectangle(.frame(Frame(width: 1e300))), "entry refused: the frame width is 1e+300; 0 to 1000000000 points are allowed, at Rectangle in VStack"),
        (rectangle(.frame(Frame(width: -5))), "entry refused: the frame width is -5; 0 to 1000000000 points are allowed, at Rectangle in VStack"),
        (rectangle(.padding(EdgeInsets(top: .infinity))), "entry refused: the top padding is not finite (infinity), at Rectangle in VStack"),
        (ViewNode(.grid(columns: 0, spacing: nil), children: [text]), "entry refused: the grid has 0 columns; 1 to 100 are allowed, at Grid"),
        (ViewNode(.text("x"), modifiers: [.font(.system(size: 0))]), "entry refused: the font size is 0; more than 0 and at most 1000 points are allowed, at Text"),
        (ViewNode(.progress(value: .nan, total: 1)), "entry refused: the progress value is not finite (NaN), at ProgressView"),
        (ViewNode(.link(URL(string: "javascript:alert(1)")!), children: [text]),
         "entry refused: it links to 'javascript:alert(1)'; a link is http, https or an app's own scheme, at Link"),
        (ViewNode(.group, modifiers: [.widgetURL(URL(string: "file:///etc/passwd")!)]),
         "entry refused: it links to 'file:///etc/passwd'; a link is http, https or an app's own scheme, at Group"),
        (ViewNode(.image(.data(Data("<svg onload=alert(1)>".utf8)))), "entry refused: an image is not PNG, JPEG, GIF or SVG, or its header is damaged, at Image"),
        (ViewNode(.text("x"), modifiers: [.lineLimit(-1)]), "entry refused: the line limit is -1; it must not be negative, at Text"),
    ])
    func anEntryOutOfBoundsIsRefusedWithWhatAndWhere(_ view: ViewNode, _ message: String) {
        #expect(refusal(view) == message)
    }

    @Test func aLongPathKeepsItsEndsAndATimelineNamesTheEntry() {
        var view = ViewNode(.shape(.circle), modifiers: [.opacity(.nan)])
        for _ in 0..<8 { view = ViewNode(.hstack(alignment: .center, spacing: nil), children: [view]) }
        #expect(refusal(view, entries: 3)
            == "entry refused: the opacity is not finite (NaN), at Circle in HStack › HStack › … › HStack › HStack › HStack (entry 1)")
    }

    @Test func sizeAndCountAreBounded() {
        #expect(refusal(Self.text, entries: EntryValidator.maximumEntries + 1)
            == "entry refused: the timeline has 2001 entries; at most 2000 are allowed")
        let wide = ViewNode(.vstack(alignment: .leading, spacing: nil), children: Array(repeating: Self.text, count: EntryValidator.maximumNodes))
        // Refused as it is decoded, before the views are built; the SDK's own check says where.
        #expect(refusal(wide) == "entry refused: the entry has more than 10000 views")
        #expect(throws: EntryRefused(reason: "the entry has more than 10000 views", path: ["VStack", "Text"])) { try EntryValidator().validate(wide) }
        var deep = Self.text
        for _ in 0..<EntryValidator.maximumDepth { deep = ViewNode(.group, children: [deep]) }
        #expect((try? EntryValidator().validate(deep)) == nil, "deeper than the limit")

        let modified = ViewNode(.text("x"), modifiers: Array(repeating: .opacity(1), count: EntryValidator.maximumModifiers + 1))
        #expect(refusal(modified) == "entry refused: a view has 65 modifiers; at most 64 are allowed")
        #expect(throws: EntryRefused(reason: "a view has 65 modifiers; at most 64 are allowed", path: ["Text"])) { try EntryValidator().validate(modified) }
        // Five images near the limit of one: each passes as bytes, together they are too large to take in.
        let image = ViewNode(.image(.data(Data(repeating: 0x89, count: EntryValidator.maximumImageBytes * 9 / 10))))
        let heavy = ViewNode(.vstack(alignment: .leading, spacing: nil), children: Array(repeating: image, count: 9))
        #expect(refusal(heavy, entries: 2)?.hasPrefix("entry refused: the entry is 8493") == true, "\(refusal(heavy, entries: 2) ?? "accepted")")
        #expect(refusal(heavy, entries: 2)?.hasSuffix("bytes archived; at most 8388608 are allowed (entry 1)") == true)
    }

    /// Modifiers are worked through in a loop, not a call each: the most a
    /// tree may nest, each view with the most modifiers it may have, is
    /// laid out without running out of stack.
    @Test func theDeepestTreeWithTheMostModifiersIsLaidOut() throws {
        let padding = ArchivedModifier.padding(EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
        var view = ViewNode(.text("core"), modifiers: Array(repeating: padding, count: EntryValidator.maximumModifiers))
        for _ in 1..<EntryValidator.maximumDepth {
            view = ViewNode(.zstack(alignment: .center), children: [view], modifiers: Array(repeating: padding, count: EntryValidator.maximumModifiers))
        }
        let checked = try received(view)
        let layout = LayoutEngine().layout(checked.entries[0].view, family: .systemLarge)
        #expect(layout.drawables.contains { if case .text(let lines, _) = $0.kind { lines == ["core"] } else { false } })
    }

    @Test func textsAreCutToTheirLimitsWithAnEllipsis() throws {
        let long = String(repeating: "w", count: 30_000)
        let entry = try #require(try received(ViewNode(.text(long))).entries.first)
        guard case .text(let cut) = entry.view.content else { Issue.record("not text"); return }
        #expect(cut == String(repeating: "w", count: EntryValidator.maximumTextLength) + "…")

        // A letter with 60,000 combining marks counts as 60,001.
        let marks = "e" + String(repeating: "\u{301}", count: 60_000)
        let marked = try #require(try received(ViewNode(.text(marks + " after"))).entries.first)
        guard case .text(let shown) = marked.view.content else { Issue.record("not text"); return }
        #expect(shown == "…", "the character that does not fit is left out whole")

        // The entry's texts share a budget.
        let many = ViewNode(.vstack(alignment: .leading, spacing: nil), children: Array(repeating: ViewNode(.text(String(repeating: "a", count: 4_000))), count: 10))
        let texts = try #require(try received(many).entries.first).view.children.map { node -> String in
            guard case .text(let string) = node.content else { return "" }
            return string
        }
        #expect(texts.map(\.count).reduce(0, +) <= EntryValidator.maximumEntryTextLength + texts.count)
        #expect(texts.last == "…")
    }

    @Test func aWellFormedEntryPassesUnchanged() async throws {
        let fixture = try await GitHubFixture()
        for (kind, family) in [("SingleRepo", WidgetFamily.systemLarge), ("Contributor", .systemLarge)] {
            let view = try await fixture.workspace.preview(try fixture.kind(kind), family: family).view
            #expect(try received(view).entries.first?.view == view, "\(kind)")
        }
        let png = Data(FakeGitHub.onePixelPNG)
        #expect(EntryValidator.accepts(image: png))
        #expect(!EntryValidator.accepts(image: Data("not an image".utf8)))
    }

    // MARK: Renderers are total

    /// Trees that never passed the checks (an older host's container, or a
    /// test) are drawn as a card that says why, never a trap.
    @Test(arguments: [
        ViewNode(.grid(columns: 0, spacing: nil), children: [text]),
        rectangle(.frame(Frame(width: 1e300, height: 10))),
        rectangle(.padding(EdgeInsets(top: .nan))),
        ViewNode(.text("x"), modifiers: [.font(.system(size: .infinity))]),
    ])
    func everyRendererDrawsAnyTree(_ view: ViewNode) throws {
        let renderable = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false)
        let svg = renderable.svg()
        #expect(svg.contains("entry refused"), "\(svg)")
        let ansi = renderable.ansi(colors: .none)
        #expect(ansi.contains("entry"), "\(ansi)")
        #expect(try JSONEncoder().encode(renderable.layout().drawables.map(\.frame)).count > 0)
    }

    @Test func aFrameAsTallAsTheSDKAllowsIsDrawnWithinTheBox() {
        // `.frame(height: .infinity)` archives as a billion points: the board
        // once allocated a cell per row of it.
        let view = ViewNode(.shape(.rectangle), modifiers: [.frame(Frame(width: 5, height: Frame.unbounded))])
        let ansi = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false).ansi(colors: .none)
        let (columns, rows) = ANSIRenderer.cells(for: .systemSmall)
        let lines = ansi.split(separator: "\n")
        #expect(lines.count == rows + 2)
        #expect(lines.allSatisfy { $0.count == columns + 2 })
    }

    @Test func aThirtyThousandCharacterWordIsCutToTheLine() {
        let measure = TextMeasure(font: .system(size: 13))
        let word = String(repeating: "w", count: 30_000)
        let cut = measure.truncate(word, width: 140)
        #expect(cut.hasSuffix("…"))
        #expect(measure.width(cut) <= 140)
        #expect(measure.width(String(cut.dropLast()) + "w…") > 140, "the longest prefix that fits")
    }
}
