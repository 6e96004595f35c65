import FakeGitHub
import Foundation
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK

/// Layout and SVG of a large SingleRepo entry with real data and avatars,
/// the work behind every card and dashboard update.
func renderBench() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let server = try await startSwiftRepositoryServer(clock: clock)
    defer { server.stop() }
    let manifest = try BenchManifest("""
        container: {group: bench.render, path: data}
        github: {api: "\(server.apiBase)"}
        widgets:
          - kind: SingleRepo
        """)
    defer { manifest.remove() }
    let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), clock: clock, environment: [:])
    // Without it every render figure would be missing without a word.
    guard let kind = workspace.bundle.kind(named: "SingleRepo") else {
        FileHandle.standardError.write(Data("render bench: SingleRepo did not load (\(workspace.bundle.diagnostics.map(\.message).joined(separator: "; "))); build every product first: swift build -c release\n".utf8))
        exit(1)
    }
    let context = kind.context(for: .systemLarge, date: clock.now())
    let timeline = try await workspace.withServices {
        try await kind.descriptor.provider.timeline(for: ["repo": .string("apple/swift")], in: context)
    }
    let view = timeline.entries[0].view
    let engine = LayoutEngine()
    let renderer = SVGRenderer()

    let iterations = 5_000
    var bytes = 0
    let began = ContinuousClock.now
    for _ in 0..<iterations {
        bytes += renderer.render(engine.layout(view, family: .systemLarge)).utf8.count
    }
    let seconds = (ContinuousClock.now - began) / .seconds(1)
    let layoutBegan = ContinuousClock.now
    for _ in 0..<iterations { _ = engine.layout(view, family: .systemLarge) }
    let layoutSeconds = (ContinuousClock.now - layoutBegan) / .seconds(1)
    print("rendering, SingleRepo systemLarge with 5 avatars, \(iterations) times:")
    print("  layout + SVG     \(Int(Double(iterations) / seconds)) renders/s (\(String(format: "%.0f", seconds / Double(iterations) * 1_000_000)) µs each, \(bytes / iterations) bytes of SVG)")
    print("  layout alone     \(Int(Double(iterations) / layoutSeconds)) layouts/s")
    // PNG: the same card's SVG through librsvg, as render --format png and /instances/<id>.png draw it.
    let svg = renderer.render(engine.layout(view, family: .systemLarge))
    // In this process, as the rasteriser itself draws; then through it, as the host does (issue 36).
    _ = try workspace.rasterizer.png(svg: svg, scale: 1, palette: .color)
    for (name, scale, palette) in [("PNG, scale 1", 1.0, PNGRasterizer.Palette.color), ("PNG, scale 2", 2.0, .color), ("PNG, scale 2, bw", 2.0, .bw)] {
        var line = "  \(name.padding(toLength: 16, withPad: " ", startingAt: 0))"
        for (where_, rasterizer) in [("in process", PNGRasterizer.inProcess as any PNGRendering), ("sandboxed", workspace.rasterizer)] {
            let rasterised = 100
            var size = 0
            let pngBegan = ContinuousClock.now
            for _ in 0..<rasterised { size = try rasterizer.png(svg: svg, scale: scale, palette: palette).count }
            let pngSeconds = (ContinuousClock.now - pngBegan) / .seconds(1)
            line += " \(where_) \(String(format: "%.1f", pngSeconds / Double(rasterised) * 1_000)) ms a card (\(size) bytes);"
        }
        print(String(line.dropLast()))
    }
    validationBench(large: view)
    newViewsBench(engine: engine, renderer: renderer)
    try chartBench(engine: engine, renderer: renderer)

    // The live board's full redraw: 100 tiles, each laid out, drawn in cells
    // (truecolor) and positioned; what a resize or a new instance costs.
    let families: [WidgetFamily] = [.systemMedium, .systemLarge]
    let tiles = (0..<100).map { (id: "i\($0)", family: families[$0 % 2]) }
    let board = TerminalBoard(columns: 240)
    let redraws = 20
    var written = 0
    let cpuBefore = cpuSeconds()
    let boardBegan = ContinuousClock.now
    for _ in 0..<redraws {
        let positions = board.place(tiles)
        for tile in tiles {
            let box = ANSIRenderer(colors: .truecolor).render(engine.layout(view, family: tile.family))
            written += TerminalBoard.draw(TerminalBoard.tileLines(box: box, caption: "SingleRepo · \(tile.id) · fresh: updated 5m ago", family: tile.family),
                                          at: positions[tile.id]!).utf8.count
        }
    }
    let boardSeconds = (ContinuousClock.now - boardBegan) / .seconds(1)
    let cpu = cpuSeconds() - cpuBefore
    print("live board, full redraw of 100 tiles, \(redraws) times:")
    print("  per redraw       \(String(format: "%.1f", boardSeconds / Double(redraws) * 1_000)) ms wall, \(String(format: "%.1f", cpu / Double(redraws) * 1_000)) ms CPU, \(written / redraws / 1_024) KiB written")
    print("  one tile update  writes only its changed lines (see TerminalBoardTests)")
    tickingBench()
}

/// What checking an entry costs (the host does it for every entry it
/// receives, and layout again for every view it draws), and what a
/// 30,000-character word costs to draw: 166 s a card when truncation
/// measured the whole prefix again for each character it removed.
func validationBench(large: ViewNode) {
    let small = ViewNode(.vstack(alignment: .leading, spacing: 6), children: [
        ViewNode(.text("Build 4182"), modifiers: [.font(.headline)]),
        ViewNode(.progress(value: 0.6, total: 1)),
    ])
    let validator = EntryValidator()
    func perEntry(_ view: ViewNode, _ times: Int) -> Double {
        let began = ContinuousClock.now
        for _ in 0..<times { _ = try? validator.validate(view) }
        return (ContinuousClock.now - began) / .seconds(1) / Double(times) * 1_000_000
    }
    var nodes = 0
    var stack = [large]
    while let node = stack.popLast() { nodes += 1; stack += node.children }
    print("checking an entry (EntryValidator):")
    print("  small entry      \(String(format: "%.1f", perEntry(small, 100_000))) µs (3 views)")
    print("  large SingleRepo \(String(format: "%.1f", perEntry(large, 20_000))) µs (\(nodes) views, 5 avatars)")

    let word = String(repeating: "w", count: 30_000)
    let card = ViewNode(.text(word))
    let began = ContinuousClock.now
    let svg = SVGRenderer().render(LayoutEngine().layout(card, family: .systemMedium))
    let cardSeconds = (ContinuousClock.now - began) / .seconds(1)
    print("a 30,000-character word:")
    print("  layout + SVG     \(String(format: "%.2f", cardSeconds * 1_000)) ms (cut to \(EntryValidator.maximumTextLength) characters first; \(svg.utf8.count) bytes)")
    layoutBudgetBench()
}

/// Trees within the entry limits whose nesting makes stacks lay children
/// out again and again: what they cost with the layout's work budget (drawn
/// as a card that says so) and what they would cost without it.
func layoutBudgetBench() {
    func stack(_ level: Int, _ children: [ViewNode]) -> ViewNode {
        ViewNode(level % 2 == 0 ? .hstack(alignment: .center, spacing: 0) : .vstack(alignment: .center, spacing: 0), children: children)
    }
    var chain = ViewNode(.text(String(repeating: "wide words ", count: 40)))
    for level in 0..<250 { chain = stack(level, [chain]) }
    func binary(_ depth: Int) -> ViewNode {
        depth == 0 ? ViewNode(.text("wide words wide words wide words")) : stack(depth, [binary(depth - 1), binary(depth - 1)])
    }
    func milliseconds(_ view: ViewNode, budget: Int) -> Double {
        let began = ContinuousClock.now
        _ = LayoutEngine(budget: budget).layout(view, family: .systemMedium)
        return (ContinuousClock.now - began) / .milliseconds(1)
    }
    print("layout work budget (\(LayoutEngine.workBudget.formatted()) units; a SingleRepo entry takes under 200):")
    for (name, view) in [("250 stacks nested", chain), ("binary, 8,191 views", binary(12))] {
        let capped = milliseconds(view, budget: LayoutEngine.workBudget)
        let uncapped = milliseconds(view, budget: .max)
        print("  \(name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(String(format: "%.0f", capped)) ms, drawn as 'too complex' (\(String(format: "%.0f", uncapped)) ms without the budget)")
    }
}

/// What text that keeps time costs: each second, each card with `.timer` or
/// `.relative` text is laid out and drawn again, as SVG for an open dashboard
/// and in cells for the live board (which then writes only changed lines).
func tickingBench() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let view = ViewNode(.vstack(alignment: .leading, spacing: 6), children: [
        ViewNode(.text("Build 4182"), modifiers: [.font(.headline)]),
        ViewNode(.date(start, style: .timer), modifiers: [.font(.title)]),
        ViewNode(.date(start, style: .relative), modifiers: [.font(.caption)]),
        ViewNode(.progress(value: 0.6, total: 1)),
    ], modifiers: [.containerBackground(.white)])
    let seconds = 2_000
    var previous: [String]?
    var written = 0
    let cpuBefore = cpuSeconds()
    let began = ContinuousClock.now
    for second in 0..<seconds {
        let layout = LayoutEngine(now: start + Double(second)).layout(view, family: .systemSmall)
        _ = SVGRenderer().render(layout)
        let lines = TerminalBoard.tileLines(box: ANSIRenderer(colors: .truecolor).render(layout), caption: "Timer · t1 · fresh", family: .systemSmall)
        written += TerminalBoard.draw(lines, at: TerminalBoard(columns: 80).place([(id: "t1", family: .systemSmall)])["t1"]!, previous: previous).utf8.count
        previous = lines
    }
    let wall = (ContinuousClock.now - began) / .seconds(1)
    let cpu = cpuSeconds() - cpuBefore
    let perTick = cpu / Double(seconds)
    print("ticking text, one systemSmall card with .timer and .relative text, \(seconds) simulated seconds:")
    print("  per card per second  \(String(format: "%.0f", perTick * 1_000_000)) µs CPU (SVG + board tile), \(written / seconds) bytes to the terminal (\(String(format: "%.2f", wall)) s wall)")
    print("  100 ticking cards    \(String(format: "%.1f", perTick * 100 * 100)) % of one core")
}

/// An intent for a button to run; the bench never taps it.
struct BenchIntent: AppIntent {
    static let title: LocalizedStringResource = "Drink"
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// A large card drawn with the views a ported WidgetKit extension uses
/// (issue 22): labels, dividers, a view behind and in front, joined texts,
/// a formatted number, hierarchical styles; against the same content in
/// the older views (stacks of images and texts, colour backgrounds).
func newViewsBench(engine: LayoutEngine, renderer: SVGRenderer) {
    let rows = ["stars", "forks", "issues", "watchers", "commits", "releases"]
    let ported = ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
        Text("apple").foregroundStyle(.secondary) + Text("/swift").bold()
        Divider()
        ForEach(rows, id: \.self) { row in
            Label("\(row.count * 1_234) \(row)", systemImage: "star.fill")
                .foregroundStyle(.tertiary)
        }
        Divider()
        Text(67_123.5, format: .number.precision(.fractionLength(1)))
            .padding(6)
            .background(Capsule().fill(.fill))
            .overlay(alignment: .topTrailing) { Circle().frame(width: 6, height: 6).foregroundStyle(.red) }
    })
    let older = ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
        HStack(spacing: 0) {
            Text("apple").foregroundStyle(.secondary)
            Text("/swift").bold()
        }
        Color.gray.frame(height: 1)
        ForEach(rows, id: \.self) { row in
            HStack(spacing: 6) {
                Image(systemName: "star.fill")
                Text("\(row.count * 1_234) \(row)")
            }
            .foregroundStyle(.secondary)
        }
        Color.gray.frame(height: 1)
        Text("67,123.5").padding(6).background(.gray)
    })
    // The first card with what gradients and effects add: a gradient
    // container background, gradient fills, a ring, a shadow and a turn.
    let effects = ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
        (Text("apple").foregroundStyle(.secondary) + Text("/swift").bold())
            .shadow(color: .black.opacity(0.3), radius: 2, y: 1)
        Capsule().fill(LinearGradient(colors: [.orange, .red], startPoint: .leading, endPoint: .trailing)).frame(height: 4)
        ForEach(rows, id: \.self) { row in
            Label("\(row.count * 1_234) \(row)", systemImage: "star.fill")
                .foregroundStyle(.tertiary)
        }
        HStack {
            Circle().stroke(.mint, lineWidth: 4).frame(width: 24, height: 24)
            Text(67_123.5, format: .number.precision(.fractionLength(1)))
                .padding(6)
                .background(Capsule().fill(.blue.gradient))
                .rotationEffect(.degrees(-4))
        }
    }
    .containerBackground(for: .widget) { LinearGradient(colors: [.white, .mint.opacity(0.2)], startPoint: .top, endPoint: .bottom) })
    // What Xcode's templates and the Lock Screen add (issue 37): gauges in
    // every style, a styled button, a row on a baseline, a date in a text.
    let template = ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
        HStack(alignment: .firstTextBaseline) {
            Text("5").font(.largeTitle)
            Text("Last glass at \(Date(timeIntervalSince1970: 1_764_150_000), style: .time)").font(.caption)
        }
        Gauge(value: 0.4) { Text("Battery") } currentValueLabel: { Text("40%") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
        Gauge(value: 0.7) { Text("Water") } currentValueLabel: { Text("70%") }.gaugeStyle(.linearCapacity)
        HStack {
            Gauge(value: 5.0, in: 0...8) { Text("Glasses") } currentValueLabel: { Text("5") }.gaugeStyle(.accessoryCircularCapacity)
            Gauge(value: 0.62) { Text("UV") } currentValueLabel: { Text("6") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("11") }
                .gaugeStyle(.accessoryCircular)
        }
        Button("Drink", intent: BenchIntent()).buttonStyle(.borderedProminent)
            .foregroundStyle(Color(.systemBlue))
    })
    // Paths a widget draws itself (issue 37): a sparkline of 48 points, a
    // ring trimmed to its value with round caps, a dashed rule, an ellipse.
    let values = (0..<48).map { 0.5 + 0.4 * sin(Double($0) / 5) }
    let paths = ViewNode(archiving: VStack(alignment: .leading, spacing: 8) {
        Text("Steps this week").font(.headline)
        BenchSparkline(values: values).stroke(.blue, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
            .frame(width: 300, height: 120)
        HStack {
            ZStack {
                Circle().stroke(.gray.opacity(0.3), lineWidth: 10)
                Circle().trim(from: 0, to: 0.7).stroke(.green, style: StrokeStyle(lineWidth: 10, lineCap: .round)).rotationEffect(.degrees(-90))
                Text("70%")
            }
            .frame(width: 90, height: 90)
            Ellipse().fill(.orange).frame(width: 60, height: 30)
        }
        Rectangle().stroke(.red, style: StrokeStyle(lineWidth: 1, dash: [4, 2])).frame(width: 300, height: 8)
    })
    // What the compatibility corpus reached for (issue 37): rows whose
    // sparkline takes what the texts leave, struck-through and capitalised
    // text, a Grid of GridRows, a material, a monospaced figure.
    let corpus = ViewNode(archiving: VStack(alignment: .leading, spacing: 6) {
        Text("Watchlist").font(.caption).textCase(.uppercase)
        ForEach(0..<3, id: \.self) { row in
            HStack(spacing: 8) {
                Text(["AAPL", "TSLA", "NVDA"][row]).font(.system(.subheadline, design: .rounded).bold())
                BenchSparkline(values: values.map { $0 * Double(row + 1) / 3 }).stroke(.green, lineWidth: 2)
                Text("+1.2%").font(.caption2.bold()).padding(.horizontal, 4).background(.green, in: RoundedRectangle(cornerRadius: 4))
            }
            .frame(height: 24)
        }
        ForEach(["Oat milk", "Sourdough", "Basil"], id: \.self) { item in
            Text(item).strikethrough(item == "Sourdough")
        }
        Grid(alignment: .leading) {
            GridRow { Text("Mon"); Text("12°").monospaced(); Text("Rain") }
            GridRow { Text("Tue"); Text("9°").monospaced(); Text("Sun") }
        }
        .padding(6)
        .background(.regularMaterial)
    })
    let iterations = 5_000
    print("rendering, a systemLarge card of labels, dividers, layers and joined text (issue 22's views), \(iterations) times:")
    for (name, view) in [("new views", ported), ("older views", older), ("with gradients", effects), ("issue 37's views", template),
                         ("paths and rings", paths), ("corpus views", corpus)] {
        let began = ContinuousClock.now
        var bytes = 0
        for _ in 0..<iterations { bytes += renderer.render(engine.layout(view, family: .systemLarge)).utf8.count }
        let svg = (ContinuousClock.now - began) / .seconds(1)
        let boardBegan = ContinuousClock.now
        for _ in 0..<iterations { _ = ANSIRenderer(colors: .truecolor).render(engine.layout(view, family: .systemLarge)) }
        let board = (ContinuousClock.now - boardBegan) / .seconds(1)
        print("  \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) layout + SVG \(String(format: "%.0f", svg / Double(iterations) * 1_000_000)) µs (\(bytes / iterations) bytes), layout + board \(String(format: "%.0f", board / Double(iterations) * 1_000_000)) µs")
    }
}

/// A sparkline as widget extensions draw one: in proportion to its rectangle.
private struct BenchSparkline: Shape {
    let values: [Double]

    func path(in rect: CGRect) -> Path {
        Path { path in
            for (index, value) in values.enumerated() {
                let point = CGPoint(x: rect.minX + rect.width * Double(index) / Double(values.count - 1), y: rect.minY + rect.height * (1 - value))
                index == 0 ? path.move(to: point) : path.addLine(to: point)
            }
        }
    }
}
