import Foundation
import WidgetSDK

/// Archived entries and timelines in a compact binary form, for the channel
/// only (the container keeps JSON). Foundation's JSON coding of a large view
/// tree (nested keyed containers for every enum case) cost 2.6 ms a round
/// trip for a 22 KiB SingleRepo timeline; this is a walk over the tree.
///
/// Every switch is exhaustive: a view case or modifier added to the SDK does
/// not compile until it has its form here. Raw-value enums travel by name.
/// That is why it is one type of about 650 lines: both directions of every
/// case side by side, so a form changed on one side is seen on the other.
package enum ArchiveCodec {
    /// Deeper view trees are refused, so hostile bytes cannot exhaust the stack.
    package static let maximumDepth = EntryValidator.maximumDepth

    package static func encode(_ timeline: ArchivedTimeline) -> Data {
        var writer = ArchiveWriter()
        writer.count(timeline.entries.count)
        for entry in timeline.entries { writer.entry(entry) }
        writer.policy(timeline.policy)
        writer.count(timeline.relevantIntervals.count)
        for interval in timeline.relevantIntervals {
            writer.double(interval.start.timeIntervalSinceReferenceDate)
            writer.double(interval.end.timeIntervalSinceReferenceDate)
            writer.int(interval.priority)
        }
        return Data(writer.bytes)
    }

    /// Decodes what an extension sent, held to the entry limits as it goes:
    /// a count of entries, views or modifiers over its limit, or an entry
    /// larger than `EntryValidator.maximumEntryBytes`, is refused before it
    /// is built, so what a message may cost the host is bounded by the
    /// limits, not by the message's size.
    package static func decodeTimeline(_ data: Data) throws -> ArchivedTimeline {
        var reader = ArchiveReader([UInt8](data))
        let count = try reader.elements().count
        guard count <= EntryValidator.maximumEntries else {
            throw EntryRefused(reason: "the timeline has \(count) entries; at most \(EntryValidator.maximumEntries) are allowed")
        }
        var entries: [ArchivedEntry] = []
        for index in 0..<count {
            do {
                entries.append(try reader.boundedEntry())
            } catch var refused as EntryRefused {
                if count > 1 { refused.entry = index + 1 }
                throw refused
            }
        }
        let policy = try reader.policy()
        let intervals = try reader.elements().count
        guard intervals <= RelevantInterval.maximumCount else {
            throw EntryRefused(reason: "the timeline has \(intervals) relevant intervals; at most \(RelevantInterval.maximumCount) are allowed")
        }
        let relevantIntervals = try (0..<intervals).map { _ in
            RelevantInterval(start: Date(timeIntervalSinceReferenceDate: try reader.double()),
                             end: Date(timeIntervalSinceReferenceDate: try reader.double()), priority: try reader.int())
        }
        let timeline = ArchivedTimeline(entries: entries, policy: policy, relevantIntervals: relevantIntervals)
        guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
        return timeline
    }

    package static func encode(_ entry: ArchivedEntry) -> Data {
        var writer = ArchiveWriter()
        writer.entry(entry)
        return Data(writer.bytes)
    }

    package static func decodeEntry(_ data: Data) throws -> ArchivedEntry {
        var reader = ArchiveReader([UInt8](data))
        let entry = try reader.boundedEntry()
        guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
        return entry
    }
}

extension ArchiveWriter {
    mutating func entry(_ entry: ArchivedEntry) {
        double(entry.date.timeIntervalSinceReferenceDate)
        optional(entry.relevance) { writer, relevance in
            writer.double(Double(relevance.score))
            writer.double(relevance.duration)
        }
        node(entry.view)
    }

    mutating func policy(_ policy: TimelineReloadPolicy) {
        switch policy {
        case .atEnd: byte(0)
        case .after(let date):
            byte(1)
            double(date.timeIntervalSinceReferenceDate)
        case .never: byte(2)
        }
    }

    mutating func node(_ node: ViewNode) {
        switch node.content {
        case .group: byte(0)
        case .text(let text):
            byte(1)
            string(text)
        case .image(.data(let data)):
            byte(2)
            self.data(data)
        case .image(.symbol(let name)):
            byte(3)
            string(name)
        case .spacer(let minLength):
            byte(4)
            optional(minLength) { $0.double($1) }
        case .vstack(let alignment, let spacing):
            byte(5)
            string(alignment.rawValue)
            optional(spacing) { $0.double($1) }
        case .hstack(let alignment, let spacing):
            byte(6)
            string(alignment.rawValue)
            optional(spacing) { $0.double($1) }
        case .zstack(let alignment):
            byte(7)
            self.alignment(alignment)
        case .grid(let columns, let spacing):
            byte(8)
            int(columns)
            optional(spacing) { $0.double($1) }
        case .shape(let shape):
            byte(9)
            self.shape(shape)
        case .date(let date, let style):
            byte(10)
            double(date.timeIntervalSinceReferenceDate)
            string(style.rawValue)
        case .progress(let value, let total):
            byte(11)
            double(value)
            double(total)
        case .gauge(let value, let minimum, let maximum):
            byte(12)
            for number in [value, minimum, maximum] { double(number) }
        case .control(let control):
            byte(13)
            string(control.kind.rawValue)
            optional(control.isOn) { $0.bool($1) }
            string(control.intent.type)
            string(control.intent.symbol)
            string(control.intent.title)
            configuration(control.intent.parameters)
        case .link(let url):
            byte(14)
            string(url.absoluteString)
        case .layered(let alignment, let behind):
            byte(15)
            self.alignment(alignment)
            bool(behind)
        case .divider:
            byte(16)
        case .label:
            byte(17)
        case .viewThatFits(let horizontal, let vertical):
            byte(18)
            bool(horizontal)
            bool(vertical)
        case .lazyGrid(let tracks, let vertical, let spacing):
            byte(19)
            bool(vertical)
            optional(spacing) { $0.double($1) }
            count(tracks.count)
            for track in tracks {
                string(track.kind.rawValue)
                double(track.minimum)
                double(track.maximum)
                optional(track.spacing) { $0.double($1) }
            }
        case .containerBackground(let alignment):
            byte(20)
            self.alignment(alignment)
        case .variants(let variants):
            byte(21)
            count(variants.count)
            for variant in variants {
                string(variant.renderingMode)
                bool(variant.dark)
            }
        case .chart:
            byte(22)
            chart(node.content)
        }
        count(node.children.count)
        for child in node.children { self.node(child) }
        count(node.modifiers.count)
        for modifier in node.modifiers { self.modifier(modifier) }
    }

    /// A chart is flat (marks, two axes, a legend) and rare: JSON, not a
    /// form of its own. Apart from `node(_:)`, whose frame a deep tree
    /// holds many of, so that the chart is never a local there.
    mutating func chart(_ content: ViewNode.Content) {
        guard case .chart(let chart) = content else { return }
        data((try? JSONEncoder().encode(chart)) ?? Data())
    }

    mutating func modifier(_ modifier: ArchivedModifier) {
        switch modifier {
        case .font(let font):
            byte(0)
            double(font.size)
            string(font.weight.rawValue)
            string(font.design.rawValue)
        case .fontWeight(let weight):
            byte(1)
            string(weight.rawValue)
        case .foregroundStyle(let color):
            byte(2)
            self.color(color)
        case .background(let color):
            byte(3)
            self.color(color)
        case .padding(let insets):
            byte(4)
            for edge in [insets.top, insets.leading, insets.bottom, insets.trailing] { double(edge) }
        case .frame(let frame):
            byte(5)
            for extent in [frame.width, frame.height, frame.minWidth, frame.maxWidth, frame.minHeight, frame.maxHeight] {
                optional(extent) { $0.double($1) }
            }
            alignment(frame.alignment)
        case .clipShape(let shape):
            byte(6)
            self.shape(shape)
        case .lineLimit(let limit):
            byte(7)
            optional(limit) { $0.int($1) }
        case .minimumScaleFactor(let factor):
            byte(8)
            double(factor)
        case .widgetAccentable(let accentable):
            byte(9)
            bool(accentable)
        case .widgetAccentedRenderingMode(let mode):
            byte(10)
            string(mode.rawValue)
        case .containerBackground(let color):
            byte(11)
            self.color(color)
        case .opacity(let opacity):
            byte(12)
            double(opacity)
        case .multilineTextAlignment(let alignment):
            byte(13)
            string(alignment.rawValue)
        case .redacted(let redacted):
            byte(14)
            bool(redacted)
        case .widgetURL(let url):
            byte(15)
            string(url.absoluteString)
        case .offset(let x, let y):
            byte(16)
            double(x)
            double(y)
        case .fixedSize(let horizontal, let vertical):
            byte(17)
            bool(horizontal)
            bool(vertical)
        case .border(let color, let width):
            byte(18)
            self.color(color)
            double(width)
        case .stroke(let width):
            byte(19)
            double(width)
        case .clipped:
            byte(20)
        case .shadow(let color, let radius, let x, let y):
            byte(21)
            self.color(color)
            for number in [radius, x, y] { double(number) }
        case .rotation(let radians, let anchor):
            byte(22)
            double(radians)
            point(anchor)
        case .scale(let x, let y, let anchor):
            byte(23)
            double(x)
            double(y)
            point(anchor)
        case .aspectRatio(let ratio, let contentMode):
            byte(24)
            optional(ratio) { $0.double($1) }
            string(contentMode.rawValue)
        case .italic(let italic):
            byte(25)
            bool(italic)
        case .layoutPriority(let priority):
            byte(26)
            double(priority)
        case .buttonStyle(let style):
            byte(27)
            string(style.rawValue)
        case .gaugeStyle(let style):
            byte(28)
            string(style.rawValue)
        case .strokeStyle(let style):
            byte(29)
            strokeStyle(style)
        case .underline(let active, let color):
            byte(30)
            bool(active)
            optional(color) { $0.color($1) }
        case .strikethrough(let active, let color):
            byte(31)
            bool(active)
            optional(color) { $0.color($1) }
        case .textCase(let textCase):
            byte(32)
            optional(textCase) { $0.string($1.rawValue) }
        case .fontDesign(let design):
            byte(33)
            string(design.rawValue)
        case .kerning(let points):
            byte(34)
            double(points)
        case .lineSpacing(let points):
            byte(35)
            double(points)
        case .truncationMode(let mode):
            byte(36)
            string(mode.rawValue)
        case .accessibilityLabel(let label):
            byte(37)
            string(label)
        case .accessibilityValue(let value):
            byte(38)
            string(value)
        case .accessibilityHint(let hint):
            byte(39)
            string(hint)
        case .accessibilityHidden(let hidden):
            byte(40)
            bool(hidden)
        case .templateRendering:
            byte(41)
        case .tint(let color):
            byte(42)
            self.color(color)
        }
    }

    mutating func configuration(_ values: ConfigurationValues) {
        count(values.count)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            string(name)
            configurationValue(value)
        }
    }

    /// A list holds scalars: a list inside one (an `[[String]]` parameter,
    /// which App Intents do not have either) is written as its text.
    mutating func configurationValue(_ value: ConfigurationValue, inList: Bool = false) {
        switch value {
        case .string(let string):
            byte(0)
            self.string(string)
        case .int(let int):
            byte(1)
            self.int(int)
        case .double(let double):
            byte(2)
            self.double(double)
        case .bool(let bool):
            byte(3)
            self.bool(bool)
        case .list where inList:
            configurationValue(.string(value.description), inList: true)
        case .list(let values):
            byte(4)
            count(values.count)
            for element in values { configurationValue(element, inList: true) }
        }
    }

    mutating func color(_ color: Color) {
        switch color {
        case .primary: byte(0)
        case .secondary: byte(1)
        case .accent: byte(2)
        case .rgb(let red, let green, let blue, let opacity):
            byte(3)
            for component in [red, green, blue, opacity] { double(component) }
        case .semantic(let color, let opacity):
            byte(5)
            string(color.rawValue)
            double(opacity)
        case .gradient(let fill):
            byte(4)
            count(fill.gradient.stops.count)
            for stop in fill.gradient.stops {
                self.color(stop.color)
                double(stop.location)
            }
            switch fill.kind {
            case .linear(let start, let end):
                byte(0)
                point(start)
                point(end)
            case .radial(let center, let startRadius, let endRadius):
                byte(1)
                point(center)
                double(startRadius)
                double(endRadius)
            case .angular(let center, let startAngle, let endAngle):
                byte(2)
                point(center)
                double(startAngle)
                double(endAngle)
            }
        }
    }

    mutating func point(_ point: UnitPoint) {
        double(point.x)
        double(point.y)
    }

    mutating func shape(_ shape: ShapeKind) {
        switch shape {
        case .rectangle: byte(0)
        case .circle: byte(1)
        case .capsule: byte(2)
        case .roundedRectangle(let radius):
            byte(3)
            double(radius)
        case .ellipse:
            byte(4)
        case .path(let path):
            byte(5)
            optional(path.reference) { writer, rect in
                for value in [rect.minX, rect.minY, rect.width, rect.height] { writer.double(value) }
            }
            count(path.elements.count)
            for element in path.elements {
                switch element {
                case .move(let point):
                    byte(0)
                    self.point(point)
                case .line(let point):
                    byte(1)
                    self.point(point)
                case .quadCurve(let point, let control):
                    byte(2)
                    self.point(point)
                    self.point(control)
                case .curve(let point, let control1, let control2):
                    byte(3)
                    self.point(point)
                    self.point(control1)
                    self.point(control2)
                case .closeSubpath:
                    byte(4)
                }
            }
        case .trimmed(let shape, let from, let to):
            byte(6)
            self.shape(shape)
            double(from)
            double(to)
        }
    }

    mutating func point(_ point: CGPoint) {
        double(point.x)
        double(point.y)
    }

    mutating func strokeStyle(_ style: StrokeStyle) {
        double(style.lineWidth)
        string(style.lineCap.rawValue)
        string(style.lineJoin.rawValue)
        double(style.miterLimit)
        count(style.dash.count)
        for length in style.dash { double(length) }
        double(style.dashPhase)
    }

    mutating func alignment(_ alignment: Alignment) {
        string(alignment.horizontal.rawValue)
        string(alignment.vertical.rawValue)
    }
}

extension ArchiveReader {
    /// An entry, held to the limits on views, modifiers and bytes.
    mutating func boundedEntry() throws -> ArchivedEntry {
        let start = position
        nodes = 0
        let entry = try entry()
        let size = position - start
        guard size <= EntryValidator.maximumEntryBytes else {
            throw EntryRefused(reason: "the entry is \(size) bytes archived; at most \(EntryValidator.maximumEntryBytes) are allowed")
        }
        return entry
    }

    mutating func entry() throws -> ArchivedEntry {
        let date = Date(timeIntervalSinceReferenceDate: try double())
        let relevance = try optional { reader in
            TimelineEntryRelevance(score: Float(try reader.double()), duration: try reader.double())
        }
        return ArchivedEntry(date: date, relevance: relevance, view: try node(depth: 0))
    }

    mutating func policy() throws -> TimelineReloadPolicy {
        switch try byte() {
        case 0: return .atEnd
        case 1: return .after(Date(timeIntervalSinceReferenceDate: try double()))
        case 2: return .never
        default: throw Truncated()
        }
    }

    mutating func node(depth: Int) throws -> ViewNode {
        guard depth < ArchiveCodec.maximumDepth else { throw Truncated() }
        nodes += 1
        guard nodes <= EntryValidator.maximumNodes else {
            throw EntryRefused(reason: "the entry has more than \(EntryValidator.maximumNodes) views")
        }
        let content: ViewNode.Content
        switch try byte() {
        case 0: content = .group
        case 1: content = .text(try string())
        case 2: content = .image(.data(try data()))
        case 3: content = .image(.symbol(try string()))
        case 4: content = .spacer(minLength: try optional { try $0.double() })
        case 5: content = .vstack(alignment: try raw(HorizontalAlignment.self), spacing: try optional { try $0.double() })
        case 6: content = .hstack(alignment: try raw(VerticalAlignment.self), spacing: try optional { try $0.double() })
        case 7: content = .zstack(alignment: try alignment())
        case 8: content = .grid(columns: try int(), spacing: try optional { try $0.double() })
        case 9: content = .shape(try shape())
        case 10: content = .date(Date(timeIntervalSinceReferenceDate: try double()), style: try raw(Text.DateStyle.self))
        case 11: content = .progress(value: try double(), total: try double())
        case 12: content = .gauge(value: try double(), minimum: try double(), maximum: try double())
        case 13:
            let kind = try raw(Control.Kind.self)
            let isOn = try optional { try $0.bool() }
            let intent = IntentReference(type: try string(), symbol: try string(), title: try string(), parameters: try configuration())
            content = .control(Control(kind: kind, isOn: isOn, intent: intent))
        case 14: content = .link(try url())
        case 15: content = .layered(alignment: try alignment(), behind: try bool())
        case 16: content = .divider
        case 17: content = .label
        case 18: content = .viewThatFits(horizontal: try bool(), vertical: try bool())
        case 19:
            let vertical = try bool()
            let spacing = try optional { try $0.double() }
            let tracks = try elements().map { _ in
                GridTrack(kind: try raw(GridTrack.Kind.self), minimum: try double(), maximum: try double(), spacing: try optional { try $0.double() })
            }
            content = .lazyGrid(tracks: tracks, vertical: vertical, spacing: spacing)
        case 20: content = .containerBackground(alignment: try alignment())
        case 21: content = .variants(try elements().map { _ in ViewVariant(renderingMode: try string(), dark: try bool()) })
        case 22: content = try chart()
        default: throw Truncated()
        }
        let children = try elements().map { _ in try node(depth: depth + 1) }
        let modifierCount = try elements().count
        guard modifierCount <= EntryValidator.maximumModifiers else {
            throw EntryRefused(reason: "a view has \(modifierCount) modifiers; at most \(EntryValidator.maximumModifiers) are allowed")
        }
        let modifiers = try (0..<modifierCount).map { _ in try modifier() }
        return ViewNode(content, children: children, modifiers: modifiers)
    }

    /// A chart's JSON (see the writer's `chart(_:)`).
    mutating func chart() throws -> ViewNode.Content {
        guard let chart = try? JSONDecoder().decode(ChartArchive.self, from: try data()) else {
            throw EntryRefused(reason: "a chart's marks and axes do not decode")
        }
        return .chart(chart)
    }

    mutating func modifier() throws -> ArchivedModifier {
        switch try byte() {
        case 0: return .font(.system(size: try double(), weight: try raw(Font.Weight.self), design: try raw(Font.Design.self)))
        case 1: return .fontWeight(try raw(Font.Weight.self))
        case 2: return .foregroundStyle(try color())
        case 3: return .background(try color())
        case 4: return .padding(EdgeInsets(top: try double(), leading: try double(), bottom: try double(), trailing: try double()))
        case 5:
            let extents = try (0..<6).map { _ in try optional { try $0.double() } }
            return .frame(Frame(width: extents[0], height: extents[1], minWidth: extents[2], maxWidth: extents[3],
                                minHeight: extents[4], maxHeight: extents[5], alignment: try alignment()))
        case 6: return .clipShape(try shape())
        case 7: return .lineLimit(try optional { try $0.int() })
        case 8: return .minimumScaleFactor(try double())
        case 9: return .widgetAccentable(try bool())
        case 10: return .widgetAccentedRenderingMode(try raw(WidgetAccentedRenderingMode.self))
        case 11: return .containerBackground(try color())
        case 12: return .opacity(try double())
        case 13: return .multilineTextAlignment(try raw(TextAlignment.self))
        case 14: return .redacted(try bool())
        case 15: return .widgetURL(try url())
        case 16: return .offset(x: try double(), y: try double())
        case 17: return .fixedSize(horizontal: try bool(), vertical: try bool())
        case 18: return .border(try color(), width: try double())
        case 19: return .stroke(lineWidth: try double())
        case 20: return .clipped
        case 21: return .shadow(try color(), radius: try double(), x: try double(), y: try double())
        case 22: return .rotation(radians: try double(), anchor: try point())
        case 23: return .scale(x: try double(), y: try double(), anchor: try point())
        case 24: return .aspectRatio(try optional { try $0.double() }, contentMode: try raw(ContentMode.self))
        case 25: return .italic(try bool())
        case 26: return .layoutPriority(try double())
        case 27: return .buttonStyle(try raw(ButtonStyleKind.self))
        case 28: return .gaugeStyle(try raw(GaugeStyleKind.self))
        case 29: return .strokeStyle(try strokeStyle())
        case 30: return .underline(try bool(), color: try optional { try $0.color() })
        case 31: return .strikethrough(try bool(), color: try optional { try $0.color() })
        case 32: return .textCase(try optional { try $0.raw(Text.Case.self) })
        case 33: return .fontDesign(try raw(Font.Design.self))
        case 34: return .kerning(try double())
        case 35: return .lineSpacing(try double())
        case 36: return .truncationMode(try raw(Text.TruncationMode.self))
        case 37: return .accessibilityLabel(try string())
        case 38: return .accessibilityValue(try string())
        case 39: return .accessibilityHint(try string())
        case 40: return .accessibilityHidden(try bool())
        case 41: return .templateRendering
        case 42: return .tint(try color())
        default: throw Truncated()
        }
    }

    mutating func configuration() throws -> ConfigurationValues {
        var values: ConfigurationValues = [:]
        for _ in try elements() {
            let name = try string()
            values[name] = try configurationValue()
        }
        return values
    }

    /// One value; a list's values are scalars, so a peer cannot nest lists
    /// until the reader's stack runs out.
    mutating func configurationValue(inList: Bool = false) throws -> ConfigurationValue {
        switch try byte() {
        case 0: return .string(try string())
        case 1: return .int(try int())
        case 2: return .double(try double())
        case 3: return .bool(try bool())
        case 4 where !inList:
            var list: [ConfigurationValue] = []
            for _ in try elements() { list.append(try configurationValue(inList: true)) }
            return .list(list)
        default: throw Truncated()
        }
    }

    mutating func url() throws -> URL {
        guard let url = URL(string: try string()) else { throw Truncated() }
        return url
    }

    mutating func color() throws -> Color {
        switch try byte() {
        case 0: return .primary
        case 1: return .secondary
        case 2: return .accent
        case 3: return .rgb(red: try double(), green: try double(), blue: try double(), opacity: try double())
        case 4:
            // A stop's colour is read as a colour and refused by the entry
            // checks if it is a gradient; reading one level deep keeps the
            // reader's stack bounded whatever the bytes say.
            guard !readingGradient else { throw Truncated() }
            readingGradient = true
            defer { readingGradient = false }
            let stops = try elements().map { _ in Gradient.Stop(color: try color(), location: try double()) }
            let kind: GradientFill.Kind = switch try byte() {
            case 0: .linear(start: try point(), end: try point())
            case 1: .radial(center: try point(), startRadius: try double(), endRadius: try double())
            case 2: .angular(center: try point(), startAngle: try double(), endAngle: try double())
            default: throw Truncated()
            }
            return .gradient(GradientFill(gradient: Gradient(stops: stops), kind: kind))
        case 5: return .semantic(try raw(SemanticColor.self), opacity: try double())
        default: throw Truncated()
        }
    }

    mutating func point() throws -> UnitPoint {
        UnitPoint(x: try double(), y: try double())
    }

    mutating func shape() throws -> ShapeKind {
        switch try byte() {
        case 0: return .rectangle
        case 1: return .circle
        case 2: return .capsule
        case 3: return .roundedRectangle(cornerRadius: try double())
        case 4: return .ellipse
        case 5:
            let reference = try optional { reader in
                CGRect(x: try reader.double(), y: try reader.double(), width: try reader.double(), height: try reader.double())
            }
            let elements: [Path.Element] = try elements().map { _ in
                switch try byte() {
                case 0: return .move(to: try cgPoint())
                case 1: return .line(to: try cgPoint())
                case 2: return .quadCurve(to: try cgPoint(), control: try cgPoint())
                case 3: return .curve(to: try cgPoint(), control1: try cgPoint(), control2: try cgPoint())
                case 4: return .closeSubpath
                default: throw Truncated()
                }
            }
            return .path(ArchivedPath(elements: elements, reference: reference))
        case 6:
            // One level: the SDK folds a trim of a trim into one, and the
            // reader's stack stays bounded whatever the bytes say.
            guard !readingTrim else { throw Truncated() }
            readingTrim = true
            defer { readingTrim = false }
            return .trimmed(try shape(), from: try double(), to: try double())
        default: throw Truncated()
        }
    }

    mutating func cgPoint() throws -> CGPoint {
        CGPoint(x: try double(), y: try double())
    }

    mutating func strokeStyle() throws -> StrokeStyle {
        StrokeStyle(lineWidth: try double(), lineCap: try raw(StrokeStyle.LineCap.self), lineJoin: try raw(StrokeStyle.LineJoin.self),
                    miterLimit: try double(), dash: try elements().map { _ in try double() }, dashPhase: try double())
    }

    mutating func alignment() throws -> Alignment {
        Alignment(horizontal: try raw(HorizontalAlignment.self), vertical: try raw(VerticalAlignment.self))
    }
}
