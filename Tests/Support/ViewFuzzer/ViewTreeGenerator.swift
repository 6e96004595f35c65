import Foundation
import HostBasics
import WidgetSDK

/// Random and adversarial view trees from a seed: every case and modifier
/// the archive has, with the numbers, strings, links and images a hostile
/// kind would send (non-finite, huge, negative, zero; control characters,
/// combining marks, 50,000-character words; `javascript:` links; image
/// headers that claim a billion pixels). The same seed gives the same trees.
public struct ViewTreeGenerator {
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A tree of at most `depth` levels and about `budget` nodes.
    public mutating func tree(depth: Int = 7, budget: Int = 60) -> ViewNode {
        var remaining = budget
        return node(depth: depth, remaining: &remaining)
    }

    /// An entry as a kind would send it, one tree and a date.
    public mutating func entry() -> ArchivedEntry {
        ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: pick(Self.dates)),
                      relevance: chance(0.2) ? TimelineEntryRelevance(score: Float(number()), duration: number()) : nil,
                      view: tree())
    }

    /// What a provider's `relevance()` might leave with a timeline: mostly
    /// none, else a few spans, some backwards, out of range or of no known kind.
    public mutating func relevantIntervals() -> [RelevantInterval] {
        guard chance(0.2) else { return [] }
        return (0..<Int(next(UInt64(RelevantInterval.maximumCount + 3)))).map { _ in
            RelevantInterval(start: Date(timeIntervalSinceReferenceDate: pick(Self.dates)), end: Date(timeIntervalSinceReferenceDate: pick(Self.dates)),
                             priority: pick([1, 2, 3, 0, 4, -1, Int.max]))
        }
    }

    private mutating func node(depth: Int, remaining: inout Int) -> ViewNode {
        remaining -= 1
        let content = self.content()
        var children: [ViewNode] = []
        if depth > 0, remaining > 0, content.holdsChildren {
            for _ in 0..<Int(next(5)) where remaining > 0 { children.append(node(depth: depth - 1, remaining: &remaining)) }
        }
        let modifiers = (0..<Int(next(4))).map { _ in modifier() }
        return ViewNode(content, children: children, modifiers: modifiers)
    }

    private mutating func content() -> ViewNode.Content {
        switch next(25) {
        case 0: return .group
        case 1, 2: return .text(text())
        case 3: return .image(.data(image()))
        case 4: return .image(.symbol(pick(["star.fill", "clock", "", "no.such.symbol", text()])))
        case 5: return .spacer(minLength: optionalNumber())
        case 6: return .vstack(alignment: pick([.leading, .center, .trailing]), spacing: optionalNumber())
        case 7: return .hstack(alignment: pick([.top, .center, .bottom]), spacing: optionalNumber())
        case 8: return .zstack(alignment: pick([.center, .topLeading, .bottomTrailing]))
        case 9: return .grid(columns: pick(Self.integers), spacing: optionalNumber())
        case 10: return .shape(shape())
        case 11: return .date(Date(timeIntervalSinceReferenceDate: pick(Self.dates)), style: pick([.timer, .relative, .offset, .date, .time]))
        case 12: return .progress(value: number(), total: number())
        case 13: return .gauge(value: number(), minimum: number(), maximum: number())
        case 14: return .control(Control(kind: pick([.button, .toggle]), isOn: chance(0.5) ? chance(0.5) : nil,
                                          intent: IntentReference(type: text(), symbol: text(), title: text(), parameters: ["p": .double(number()), "s": .string(text())])))
        case 15: return .link(url())
        case 16: return .layered(alignment: pick([.center, .topTrailing]), behind: chance(0.5))
        case 17: return pick([.divider, .label])
        case 18: return .viewThatFits(horizontal: chance(0.5), vertical: chance(0.5))
        case 19: return .lazyGrid(tracks: (0..<Int(next(4))).map { _ in
                GridTrack(kind: pick([.fixed, .flexible, .adaptive]), minimum: number(), maximum: number(), spacing: optionalNumber())
            }, vertical: chance(0.5), spacing: optionalNumber())
        case 20: return .containerBackground(alignment: pick([.center, .bottomTrailing]))
        case 21: return .variants((0..<Int(next(5))).map { _ in ViewVariant(renderingMode: pick(["fullColor", "accented", "vibrant", text()]), dark: chance(0.5)) })
        case 22: return chart()
        default: return .text(text())
        }
    }

    private mutating func modifier() -> ArchivedModifier {
        switch next(30) {
        case 0: return .font(.system(size: number(), weight: pick([.regular, .bold, .black]), design: pick([.default, .monospaced])))
        case 1: return .fontWeight(pick([.light, .bold]))
        case 2: return .foregroundStyle(color())
        case 3: return .background(color())
        case 4: return .padding(EdgeInsets(top: number(), leading: number(), bottom: number(), trailing: number()))
        case 5: return .frame(Frame(width: optionalNumber(), height: optionalNumber(), minWidth: optionalNumber(), maxWidth: optionalNumber(),
                                    minHeight: optionalNumber(), maxHeight: optionalNumber(), alignment: pick([.center, .topLeading])))
        case 6: return .clipShape(shape())
        case 7: return .lineLimit(chance(0.2) ? nil : pick(Self.integers))
        case 8: return .minimumScaleFactor(number())
        case 9: return .widgetAccentable(chance(0.5))
        case 10: return .widgetAccentedRenderingMode(pick([.fullColor, .accented, .desaturated]))
        case 11: return .containerBackground(color())
        case 12: return .opacity(number())
        case 13: return .multilineTextAlignment(pick([.leading, .center, .trailing]))
        case 14: return .redacted(chance(0.5))
        case 15: return .offset(x: number(), y: number())
        case 16: return .fixedSize(horizontal: chance(0.5), vertical: chance(0.5))
        case 17: return .border(color(), width: number())
        case 18: return .stroke(lineWidth: number())
        case 19: return .clipped
        case 20: return .shadow(color(), radius: number(), x: number(), y: number())
        case 21: return .rotation(radians: number(), anchor: point())
        case 22: return .scale(x: number(), y: number(), anchor: point())
        case 23: return .aspectRatio(optionalNumber(), contentMode: pick([.fit, .fill]))
        case 24: return .italic(chance(0.5))
        case 25: return .layoutPriority(number())
        case 26: return .buttonStyle(pick(ButtonStyleKind.allCases))
        case 27: return .gaugeStyle(pick(GaugeStyleKind.allCases))
        case 28: return .strokeStyle(StrokeStyle(lineWidth: number(), lineCap: pick([.butt, .round, .square]), lineJoin: pick([.miter, .round, .bevel]),
                                                 miterLimit: number(), dash: (0..<Int(next(chance(0.1) ? 100 : 4))).map { _ in number() },
                                                 dashPhase: number()))
        default: return .widgetURL(url())
        }
    }

    // MARK: Charts

    /// A chart as an extension could send one: marks of every kind at any
    /// values (huge, negative, dates far out, categories of any text),
    /// axes whose bounds are reversed, equal or absurd, ticks and a legend.
    /// Built from JSON, as the channel carries a chart; JSON has no NaN.
    private mutating func chart() -> ViewNode.Content {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 1e300 }
        func value() -> Any {
            switch next(4) {
            case 0: return ["number": ["value": finite(number())]]
            case 1: return ["date": ["value": finite(pick(Self.dates))]]
            case 2: return ["category": ["value": pick(["Mon", "Tue", "", text()])]]
            default: return NSNull()
            }
        }
        func maybe(_ probability: Double, _ make: () -> Any) -> Any { chance(probability) ? make() : NSNull() }
        var marks: [[String: Any]] = []
        for _ in 0..<Int(next(40)) {
            var mark: [String: Any] = ["kind": pick(["line", "area", "bar", "point", "rule", "rectangle"]), "stacked": chance(0.5), "labels": [String]()]
            mark["x"] = value()
            mark["y"] = value()
            mark["x2"] = maybe(0.3) { value() }
            mark["y2"] = maybe(0.3) { value() }
            mark["unit"] = maybe(0.2) { finite(number()) }
            mark["series"] = maybe(0.5) { pick(["a", "b", text()]) }
            mark["interpolation"] = maybe(0.5) { pick(["linear", "catmullRom", "monotone", "stepStart", "stepCenter"]) }
            mark["symbol"] = maybe(0.3) { pick(["circle", "triangle", "plus", "diamond"]) }
            mark["symbolSize"] = maybe(0.2) { finite(number()) }
            mark["cornerRadius"] = maybe(0.2) { finite(number()) }
            mark["stackedFrom"] = maybe(0.2) { finite(number()) }
            mark["stackedTo"] = maybe(0.2) { finite(number()) }
            mark["positionIndex"] = maybe(0.1) { pick(Self.integers) }
            mark["positionCount"] = maybe(0.1) { pick(Self.integers) }
            mark["width"] = maybe(0.2) { ["fixed": ["points": finite(number())]] }
            marks.append(mark)
        }
        func axis() -> [String: Any] {
            let scale: [String: Any] = chance(0.5)
                ? ["linear": ["lower": finite(number()), "upper": finite(number())]]
                : ["categories": ["names": (0..<Int(next(6))).map { _ in pick(["Mon", "Tue", text()]) }]]
            var ticks: [[String: Any]] = []
            for _ in 0..<Int(next(12)) {
                ticks.append(["value": ["number": ["value": finite(number())]], "label": maybe(0.7) { text() }, "gridLine": chance(0.5), "tick": chance(0.5)])
            }
            return ["scale": scale, "temporal": chance(0.3), "reversed": chance(0.2), "visible": chance(0.8),
                    "edge": pick(["leading", "trailing", "top", "bottom"]), "ticks": ticks]
        }
        let legend = maybe(0.5) {
            ["entries": (0..<Int(next(5))).map { _ in ["name": text(), "color": ["accent": [String: Any]()]] as [String: Any] },
             "position": pick(["automatic", "top", "bottom"])] as [String: Any]
        }
        let object: [String: Any] = ["marks": marks, "x": axis(), "y": axis(), "legend": legend, "settings": ["xMarks": false, "yMarks": false]]
        guard let json = try? JSONSerialization.data(withJSONObject: object),
              let chart = try? JSONDecoder().decode(ChartArchive.self, from: json) else { return .text(text()) }
        return .chart(chart)
    }

    // MARK: Values

    static let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 4, 16, 100, 1e3, 1e6, Frame.unbounded, -Frame.unbounded, 1e9 + 1, 1e19, 1e300, -1e300,
                                    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .ulpOfOne]
    static let integers: [Int] = [0, 1, 2, 3, 7, 100, 101, -1, 1_000_000, .max, .min]
    static let dates: [Double] = [0, 8e8, -8e8, 1e11, -1e11, 1e12, 1e300, .nan, .infinity, -.infinity]

    private mutating func number() -> Double {
        chance(0.5) ? pick(Self.numbers) : Double(next(2_000)) / 4 - 100
    }

    private mutating func optionalNumber() -> Double? {
        chance(0.4) ? nil : number()
    }

    private mutating func text() -> String {
        switch next(9) {
        case 0: return ""
        case 1: return String(repeating: pick(["w", "ab ", "é", "\u{202E}"]), count: Int(next(50_000)))
        case 2: return "e" + String(repeating: "\u{301}", count: Int(next(20_000)))
        case 3: return "\u{1B}]0;title\u{07}\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}escapes"
        case 4: return "line\nbreaks\r\ttabs\u{0}nul\u{7F}\u{85}"
        case 5: return "<script>alert(1)</script> & \"quotes\""
        case 6: return String(repeating: "word ", count: Int(next(3_000)))
        default: return pick(["apple/swift", "65.1k", "⭐️ 12", "👩‍👩‍👧‍👦", "日本語のテキスト"])
        }
    }

    private mutating func url() -> URL {
        URL(string: pick(["https://github.com/apple/swift", "http://127.0.0.1:9/x", "javascript:alert(1)", "file:///etc/passwd",
                          "data:text/html,<b>x</b>", "HTTPS://EXAMPLE.COM", "https:relative", "ftp://example.com",
                          "https://example.com/" + String(repeating: "a", count: 5_000)]))!
    }

    private mutating func color(nesting: Int = 2) -> Color {
        switch next(6) {
        case 0, 1: return pick([.primary, .secondary, .accent])
        case 5: return .semantic(pick(SemanticColor.allCases), opacity: number())
        case 2, 3: return .rgb(red: number(), green: number(), blue: number(), opacity: number())
        default:
            // Gradients, with stops that are gradients now and then, which the checks refuse.
            let stops = (0..<Int(next(5))).map { _ in
                Gradient.Stop(color: nesting > 0 && chance(0.1) ? color(nesting: nesting - 1) : pick([.red, .blue, .secondary]), location: number())
            }
            let kind: GradientFill.Kind = switch next(3) {
            case 0: .linear(start: point(), end: point())
            case 1: .radial(center: point(), startRadius: number(), endRadius: number())
            default: .angular(center: point(), startAngle: number(), endAngle: number())
            }
            return .gradient(GradientFill(gradient: Gradient(stops: stops), kind: kind))
        }
    }

    private mutating func point() -> UnitPoint {
        chance(0.5) ? pick([.center, .topLeading, .bottomTrailing]) : UnitPoint(x: number(), y: number())
    }

    private mutating func shape(nesting: Int = 2) -> ShapeKind {
        switch next(8) {
        case 0: return .ellipse
        case 1, 2:
            // Paths of hostile points, now and then longer than the checks allow.
            let count = Int(next(chance(0.05) ? 6_000 : 12))
            let elements: [Path.Element] = (0..<count).map { _ in
                let point = CGPoint(x: number(), y: number())
                return switch next(5) {
                case 0: .move(to: point)
                case 1: .line(to: point)
                case 2: .quadCurve(to: point, control: CGPoint(x: number(), y: number()))
                case 3: .curve(to: point, control1: CGPoint(x: number(), y: number()), control2: CGPoint(x: number(), y: number()))
                default: .closeSubpath
                }
            }
            let reference = chance(0.5) ? nil : CGRect(x: number(), y: number(), width: number(), height: number())
            return .path(ArchivedPath(elements: elements, reference: reference))
        case 3:
            // A trim of a trim now and then, which the reader refuses.
            return .trimmed(nesting > 0 ? shape(nesting: nesting - 1) : .circle, from: number(), to: number())
        default:
            return pick([.rectangle, .circle, .capsule, .roundedRectangle(cornerRadius: number())])
        }
    }

    private mutating func image() -> Data {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        switch next(5) {
        case 0: return Data()
        case 1: return Data(png + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        case 2: return Data(png + [0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF])
        case 3: return Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x03])
        default: return Data((0..<Int(next(64))).map { _ in UInt8(truncatingIfNeeded: next(256)) })
        }
    }

    // MARK: Randomness

    private mutating func next(_ bound: UInt64) -> UInt64 { random.next() % bound }
    private mutating func chance(_ probability: Double) -> Bool { Double(random.next() % 1_000_000) / 1_000_000 < probability }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int(next(UInt64(values.count)))] }
}

extension ViewNode.Content {
    fileprivate var holdsChildren: Bool {
        switch self {
        case .group, .vstack, .hstack, .zstack, .grid, .control, .link, .layered, .label, .viewThatFits, .lazyGrid, .containerBackground, .variants: true
        default: false
        }
    }
}
