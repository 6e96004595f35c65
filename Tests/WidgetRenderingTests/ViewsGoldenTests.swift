import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// The views and modifiers issue 22 adds, each drawn in SVG and on the
/// board against a committed golden file, and carried through both archive
/// forms (the channel's binary one and the container's JSON) unchanged.
/// Run with WIDGETHOST_UPDATE_GOLDEN=1 to rewrite the files after a
/// deliberate change, then look at them (the board part reads as text).
@Suite("Views golden files")
struct ViewsGoldenTests {
    static let samples: [(name: String, family: WidgetFamily, view: ViewNode)] = [
        ("layers", .systemSmall, ViewNode(archiving: VStack(spacing: 12) {
            Text("Swift")
                .padding(8)
                .background(Color.blue.opacity(0.25))
                .overlay(alignment: .topTrailing) {
                    Circle().frame(width: 8, height: 8).foregroundStyle(.red)
                }
            Text("behind a shape")
                .padding(6)
                .background(Capsule().foregroundStyle(.mint), alignment: .center)
            Text("moved").offset(x: 20, y: 4)
        })),
        ("labels", .systemMedium, ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
            Label("67k stars", systemImage: "star.fill")
            Label("10k forks", systemImage: "tuningfork").labelStyle(.titleOnly)
            Label("7k issues", systemImage: "exclamationmark.circle").labelStyle(.iconOnly)
            Divider()
            HStack {
                Text("left")
                Divider()
                Text("right")
            }
            .frame(height: 20)
            Group {
                Text("in a group")
                EmptyView()
            }
        })),
        ("text", .systemLarge, ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
            Text("42").bold() + Text(" stars").foregroundColor(.secondary)
            Text("plain ") + Text("joined")
            Text(12345.678, format: .number.precision(.fractionLength(1)).locale(Locale(identifier: "en_US")))
            Text("a long line that stays on one line").fixedSize()
            Text(Self.attributed)
            Text("1234")
                .monospacedDigit()
                .italic()
                .contentTransition(.numericText())
                .privacySensitive()
                .invalidatableContent()
                .layoutPriority(1)
                .tint(.orange)
            Text("NEXT DEPARTURES").font(.caption).kerning(2).accessibilityLabel("Next departures")
            Text("Lines spaced six points apart, wrapping over three lines of the card").lineSpacing(6).frame(width: 200, alignment: .leading)
            Text("swift-package-manager-collections-and-registries").lineLimit(1).truncationMode(.middle).frame(width: 220, alignment: .leading)
        })),
        ("styles", .systemMedium, ViewNode(archiving: HStack(alignment: .top) {
            VStack(alignment: .leading, spacing: 2) {
                Text("primary")
                Text("secondary").foregroundStyle(.secondary)
                Text("tertiary").foregroundStyle(.tertiary)
                Text("quaternary").foregroundStyle(.quaternary)
                Text("tint").foregroundStyle(.tint)
            }
            VStack(alignment: .leading, spacing: 4) {
                RoundedRectangle(cornerRadius: 4).fill(.fill).frame(width: 120, height: 12)
                RoundedRectangle(cornerRadius: 4).fill(.fill.tertiary).frame(width: 120, height: 12)
                Text("half blue").foregroundStyle(.blue.opacity(0.5))
                Image(systemName: "star.fill")
                    .resizable()
                    .aspectRatio(contentMode: .fit)
                    .scaledToFit()
                    .frame(width: 16, height: 16)
                Text("with effects")
                    .shadow(radius: 2)
                    .scaleEffect(1.2)
                    .rotationEffect(.degrees(10))
            }
        })),
        ("grids", .systemLarge, ViewNode(archiving: VStack(alignment: .leading, spacing: 10) {
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.fixed(40))], spacing: 4) {
                ForEach(0..<6) { Text("cell \($0)") }
            }
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 70))], spacing: 4) {
                ForEach(0..<6) { Text("tag \($0)").padding(.horizontal, 6).background(Capsule().fill(.fill)) }
            }
            LazyHGrid(rows: [GridItem(.fixed(18)), GridItem(.fixed(18))], spacing: 12) {
                ForEach(0..<5) { Text("row \($0)") }
            }
            ViewThatFits(in: .horizontal) {
                Text("a line far too long to fit across this widget, so the next view is drawn")
                Text("the shorter one fits")
            }
            ContainerRelativeShape().fill(.mint).frame(height: 20)
        })),
        ("gradients", .systemMedium, ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
            RoundedRectangle(cornerRadius: 6)
                .fill(LinearGradient(colors: [.blue, .purple], startPoint: .leading, endPoint: .trailing))
                .frame(height: 16)
            Capsule().fill(.linearGradient(colors: [.orange, .red], startPoint: .top, endPoint: .bottom)).frame(width: 80, height: 12)
            HStack {
                Circle().fill(RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 2, endRadius: 18)).frame(width: 36, height: 36)
                Circle().fill(AngularGradient(colors: [.red, .yellow, .green, .blue, .red], center: .center)).frame(width: 36, height: 36)
                Circle().stroke(.mint, lineWidth: 4).frame(width: 30, height: 30)
                RoundedRectangle(cornerRadius: 6).strokeBorder(.gray, lineWidth: 2).frame(width: 40, height: 30)
                Rectangle().fill(.blue.gradient).frame(width: 30, height: 30)
            }
            Text("gradient text")
                .font(.headline)
                .foregroundStyle(LinearGradient(colors: [.pink, .indigo], startPoint: .leading, endPoint: .trailing))
        }
        .containerBackground(for: .widget) {
            LinearGradient(stops: [Gradient.Stop(color: .white, location: 0.4), Gradient.Stop(color: .mint.opacity(0.3), location: 1)],
                           startPoint: .top, endPoint: .bottom)
        })),
        ("effects", .systemMedium, ViewNode(archiving: HStack(spacing: 16) {
            VStack(spacing: 10) {
                Text("shadow").font(.headline).shadow(color: .black.opacity(0.4), radius: 3, x: 1, y: 2)
                Text("turned").rotationEffect(.degrees(-12))
                Text("scaled").scaleEffect(1.5)
            }
            VStack(spacing: 10) {
                Text("a long line cut by clipped()").fixedSize().frame(width: 80).clipped()
                Text("bordered").padding(4).border(.orange, width: 2)
                Color.teal.aspectRatio(4, contentMode: .fit).frame(height: 40)
            }
        }
        .containerBackground(for: .widget) {
            ZStack {
                Color.white
                Circle().fill(.mint.opacity(0.3)).frame(width: 120, height: 120).offset(x: 50, y: -40)
            }
        })),
    ]

    /// "plain, bold, orange": three runs of one AttributedString.
    static var attributed: AttributedString {
        var string = AttributedString("plain, bold, orange")
        if let bold = string.range(of: "bold") { string[bold].font = .headline }
        if let orange = string.range(of: "orange") { string[orange].foregroundColor = .orange }
        return string
    }

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: samples.map(\.name))
    func drawsAsItsGoldenFileSays(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let layout = LayoutEngine(now: Date(timeIntervalSince1970: 1_800_000_000)).layout(sample.view, family: sample.family)
        let drawn = SVGRenderer().render(layout) + "\n" + ANSIRenderer(colors: .none).render(layout)
        let file = Self.goldenFolder.appendingPathComponent("Views-\(name).txt")
        if ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDEN"] == "1" {
            try drawn.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(drawn == golden, "drawing changed; if intended, rerun with WIDGETHOST_UPDATE_GOLDEN=1 and review the diff")
    }

    /// The same samples on a dark card: the system's colours as iOS draws them in dark mode.
    @Test(arguments: ["styles", "gradients"])
    func drawsDarkAsItsGoldenFileSays(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let layout = LayoutEngine(now: Date(timeIntervalSince1970: 1_800_000_000)).layout(sample.view, family: sample.family)
        let drawn = SVGRenderer(scheme: .dark).render(layout) + "\n" + ANSIRenderer(scheme: .dark, colors: .truecolor).render(layout)
        let file = Self.goldenFolder.appendingPathComponent("Views-\(name)-dark.txt")
        if ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDEN"] == "1" {
            try drawn.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(drawn == golden, "drawing changed; if intended, rerun with WIDGETHOST_UPDATE_GOLDEN=1 and review the diff")
    }

    @Test(arguments: samples.map(\.name))
    func survivesBothArchiveForms(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 1_800_000_000), view: sample.view)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)) == entry)
        #expect(try JSONDecoder().decode(ArchivedEntry.self, from: JSONEncoder().encode(entry)) == entry)
        #expect(try EntryValidator().validate(entry) == entry, "nothing in it is refused or cut")
    }

    @Test func whatTheNewViewsArchiveAs() {
        let label = ViewNode(archiving: Label("stars", systemImage: "star"))
        #expect(label.content == .label && label.children.map(\.content) == [.image(.symbol("star")), .text("stars")])
        let iconOnly = ViewNode(archiving: VStack { Label("stars", systemImage: "star") }.labelStyle(.iconOnly))
        #expect(iconOnly.children.first?.children.map(\.content) == [.image(.symbol("star"))])
        let nested = ViewNode(archiving: VStack { Label("a", systemImage: "star").labelStyle(.titleOnly) }.labelStyle(.iconOnly))
        #expect(nested.children.first?.children.map(\.content) == [.text("a")], "the inner style wins")
        #expect(ViewNode(archiving: Text("a") + Text("b")).content == .text("ab"), "plain texts join into one")
        let styled = ViewNode(archiving: Text("a").bold() + Text("b") + Text("c"))
        #expect(styled.children.count == 3, "styled parts stay parts, not nested pairs")
        #expect(ViewNode(archiving: VStack { EmptyView(); Text("x") }).children.count == 1, "EmptyView is nothing")
        let runs = ViewNode(archiving: Text(Self.attributed))
        #expect(runs.children.map(\.content) == [.text("plain, "), .text("bold"), .text(", "), .text("orange")], "one part a run")
        #expect(runs.children[1].modifiers == [.font(.headline)] && runs.children[3].modifiers == [.foregroundStyle(.orange)])
        #expect(ViewNode(archiving: Text(AttributedString("all plain"))).content == .text("all plain"))
        #expect(ViewNode(archiving: Text("a b c".split(separator: " ")[1])).content == .text("b"), "a Substring is text too")
    }

    @Test func aLazyGridSizesItsTracksAsSwiftUIDoes() {
        let layout = LayoutEngine().layout(ViewNode(archiving: LazyVGrid(columns: [GridItem(.fixed(40)), GridItem(.flexible()), GridItem(.adaptive(minimum: 50))]) {
            ForEach(0..<8) { _ in Color.red }
        }.frame(width: 300)), family: .systemLarge)
        // 300 wide: 40 fixed, two 8-point gaps, 244 shared by the flexible
        // column (122) and the adaptive one (122, room for two of at least 50).
        let xs = Set(layout.drawables.map(\.frame.x)).sorted()
        let widths = Set(layout.drawables.map(\.frame.width)).sorted()
        #expect(xs.count == 4, "\(xs)")
        #expect(widths == [40, 57, 122], "\(widths)")
    }

    /// Track values the validator lets through (signed spacing, a zero
    /// minimum, an unbounded maximum) lay out in finite, non-negative
    /// frames; a maximum below the minimum is refused.
    @Test func oddGridTracksStillLayOutFinitely() throws {
        #expect(throws: EntryRefused.self) {
            try EntryValidator().validate(ViewNode(.lazyGrid(tracks: [GridTrack(kind: .flexible, minimum: 10, maximum: -1.7e308, spacing: nil)],
                                                             vertical: true, spacing: nil)))
        }
        let tracks = [GridTrack(kind: .flexible, minimum: 10, maximum: 20, spacing: -1e9),
                      GridTrack(kind: .adaptive, minimum: 0, maximum: 1e9, spacing: 1e9),
                      GridTrack(kind: .fixed, minimum: 0, maximum: 0, spacing: nil)]
        let grid = ViewNode(.lazyGrid(tracks: tracks, vertical: true, spacing: -50), children: (0..<12).map { ViewNode(.text("cell \($0)")) })
        let checked = try EntryValidator().validate(grid)
        let layout = LayoutEngine().layout(checked, family: .systemLarge)
        #expect(!layout.drawables.isEmpty)
        for drawable in layout.drawables {
            let frame = drawable.frame
            #expect([frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) && frame.width >= 0 && frame.height >= 0, "\(frame)")
        }
    }

    @Test func viewThatFitsTakesTheFirstThatFits() {
        let fits = ViewNode(archiving: ViewThatFits { Text("short"); Text("shorter") })
        let tooLong = ViewNode(archiving: ViewThatFits(in: .horizontal) { Text(String(repeating: "long ", count: 40)); Text("short") })
        for (view, expected) in [(fits, "short"), (tooLong, "short")] {
            let layout = LayoutEngine().layout(view, family: .systemSmall)
            guard case .text(let lines, _) = layout.drawables.first?.kind else { Issue.record("no text"); continue }
            #expect(lines == [expected])
        }
    }

    @Test func aDividerRunsAcrossItsStack() {
        let layout = LayoutEngine().layout(ViewNode(archiving: VStack(spacing: 0) {
            Divider()
            HStack(spacing: 0) {
                Text("a")
                Divider()
                Text("b")
            }
        }), family: .systemSmall)
        let lines = layout.drawables.filter { if case .fill = $0.kind { true } else { false } }
        #expect(lines.count == 2)
        #expect(lines[0].frame.height == 1 && lines[0].frame.width == 138, "across the VStack: \(lines[0].frame)")
        #expect(lines[1].frame.width == 1 && lines[1].frame.height > 1, "down the HStack: \(lines[1].frame)")
    }

    /// SwiftUI's use of it: the label that must not be cut takes its room
    /// first, the other one gets what is left.
    @Test func aHigherLayoutPriorityIsOfferedTheRowFirst() {
        let long = "a name long enough to need most of the row"
        let count = "12,345 stars, 678 forks"
        func widths(_ row: ViewNode) -> [Double] {
            LayoutEngine().layout(row, family: .systemMedium).drawables.map(\.frame.width)
        }
        let plain = widths(ViewNode(archiving: HStack { Text(long).lineLimit(1); Text(count).lineLimit(1) }))
        let prioritised = widths(ViewNode(archiving: HStack { Text(long).lineLimit(1); Text(count).lineLimit(1).layoutPriority(1) }))
        #expect(prioritised[1] > plain[1], "the count is cut less: \(plain) → \(prioritised)")
        #expect(prioritised[0] < plain[0])
        let measured = TextMeasure(font: .body).width(count)
        #expect(abs(prioritised[1] - measured) < 0.01, "the prioritised text got its whole width")
    }

    @Test func anOffsetMovesTheDrawingNotTheLayout() {
        let plain = LayoutEngine().layout(ViewNode(archiving: VStack(spacing: 0) { Text("a"); Text("b") }), family: .systemSmall)
        let moved = LayoutEngine().layout(ViewNode(archiving: VStack(spacing: 0) { Text("a").offset(x: 10, y: 5); Text("b") }), family: .systemSmall)
        #expect(moved.drawables[0].frame.x == plain.drawables[0].frame.x + 10 && moved.drawables[0].frame.y == plain.drawables[0].frame.y + 5)
        #expect(moved.drawables[1].frame == plain.drawables[1].frame)
    }

    @Test func anEntryCannotHideADeepTreeOrABadOffsetInTheNewViews() throws {
        var deep = ViewNode(.text("x"))
        for _ in 0..<300 { deep = ViewNode(.layered(alignment: .center, behind: false), children: [ViewNode(.text("base")), deep]) }
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(deep) }
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ViewNode(.text("x"), modifiers: [.offset(x: .infinity, y: 0)])) }
        #expect(throws: (any Error).self) {
            try ArchiveCodec.decodeEntry(ArchiveCodec.encode(ArchivedEntry(date: Date(), view: deep)))
        }
    }
}
