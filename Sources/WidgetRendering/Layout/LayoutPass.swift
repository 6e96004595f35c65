import Foundation
import WidgetSDK

/// One layout of one view tree. A stack may lay a child out twice (at its
/// ideal size, then at its share), so nesting multiplies the work: a tree
/// within the entry limits can ask for minutes. The pass counts its work
/// (views laid out, drawables placed, text measured) and stops at its
/// budget; the engine then draws a card that says so. Work, not time, so
/// that an entry draws the same on every machine, however busy.
///
/// One class of about 900 lines, on purpose: the layout of every view case
/// and every modifier reads and charges the same pass (the work counted
/// against one budget, the style that flows down), and as its methods they
/// share that state without passing it through every call. The file goes
/// modifiers, content, text.
final class LayoutPass {
    /// What flows down the tree, as SwiftUI's environment does.
    struct Style {
        var font = Font.body
        /// `.fontWeight` composes with any `.font`, inside or outside it.
        var weight: Font.Weight?
        var color: Color?
        var lineLimit: Int?
        var minimumScaleFactor = 1.0
        var accentable = false
        var imageMode = WidgetAccentedRenderingMode.desaturated
        /// A picture drawn as its shape in the foreground colour.
        var imageTemplate = false
        var clip: ShapeKind?
        var opacity = 1.0
        var redacted: Bool?
        var textAlignment = TextAlignment.leading
        /// Laid out as a child of an `HStack`: a `Divider` there is vertical.
        var inRow = false
        /// `.stroke(lineWidth:)`: a shape is drawn as its outline this wide.
        var stroke: Double?
        /// `.stroke(_:style:)`: the outline's caps, joins and dashes.
        var line: StrokeStyle?
        var italic = false
        /// `.underline`, `.strikethrough`, `.kerning`, `.lineSpacing` and
        /// `.truncationMode`, for the text within: one reference, so that a
        /// level of a deep tree's stack frames stays small (a tree 250
        /// stacks deep overflowed a test thread's stack with two).
        var text: TextStyle?
        /// `.textCase(_:)`, for the text within.
        var textCase: Text.Case?
        /// `.fontDesign(_:)`, for the text within: over the font's own, as a weight is.
        var design: Font.Design?
        /// `.buttonStyle(_:)`, for the buttons within.
        var buttonStyle = ButtonStyleKind.automatic
        /// `.gaugeStyle(_:)`, for the gauges within.
        var gaugeStyle = GaugeStyleKind.automatic
        /// `.tint(_:)`, for the controls within: a reference, as `text` is,
        /// so that a deep tree's stack frames stay small (a second colour
        /// inline overflowed a test thread's stack at 250 levels).
        var tint: ControlTint?

        /// What fills a control: its tint, else the foreground style, else the accent.
        var controlColor: Color { tint?.color ?? color ?? .accent }
    }

    /// The widget's background: a colour, or a view's drawables at the card's size.
    enum ContainerBackground {
        case color(Color)
        case view([Drawable])
    }

    /// A proposed size; nil is "as much as you like".
    struct Proposal {
        var width: Double?
        var height: Double?
    }

    /// A laid-out subtree: its size and drawables relative to its top left.
    struct Arranged {
        var size: Size
        var drawables: [Drawable] = []
        var background: ContainerBackground?
    }

    /// Text is counted in units of this many bytes: a view laid out costs
    /// about as much as measuring 16 bytes of text.
    static let bytesPerUnit = 16

    let now: Date
    /// What `Text(date, style:)` is written in.
    let locale: Locale
    let budget: Int
    /// The whole card's size, where a container background given as a view is laid out.
    var card = Size(width: 0, height: 0)
    private(set) var work = 0
    /// The dates written so far, each once: a stack lays a child out more
    /// than once, ICU takes tens of µs a date, and what a screen reader
    /// says reads them again.
    private(set) var dates: [DateText.Key: String] = [:]
    var exhausted: Bool { work > budget }

    init(now: Date, locale: Locale = FormattingLocale.dates, budget: Int) {
        self.now = now
        self.locale = locale
        self.budget = budget
    }

    /// Counts `units` of work; false once the budget is spent, when the
    /// caller returns at once, so that what is left unwinds in a few steps.
    func charge(_ units: Int) -> Bool {
        work += units
        return work <= budget
    }

    /// `drawables` moved by (dx, dy), each one counted.
    func placed(_ drawables: [Drawable], _ dx: Double, _ dy: Double) -> [Drawable] {
        guard charge(drawables.count) else { return [] }
        return drawables.map { $0.offset(by: dx, dy) }
    }

    // MARK: Modifiers, outermost first

    /// A modifier that wraps what it modifies (padding, a frame, a
    /// background), with what it was given, to finish on the way up.
    private struct Wrapper {
        let modifier: ArchivedModifier
        let proposal: Proposal
        let opacity: Double
    }

    /// Goes down a view's modifiers, outermost first, each changing the
    /// style or the proposal for what it wraps, then lays out the content
    /// and comes back up through the wrappers, innermost first. A loop, not
    /// one call per modifier: however many a view has, the stack stays flat.
    func arrange(_ node: ViewNode, proposal: Proposal, style: Style) -> Arranged {
        guard charge(1 + node.modifiers.count) else { return Arranged(size: Size(width: 0, height: 0)) }
        var proposal = proposal
        var style = style
        var wrappers: [Wrapper] = []
        apply(node, proposal: &proposal, style: &style, wrappers: &wrappers)
        var arranged = arrangeContent(node, proposal: proposal, style: style)
        for wrapper in wrappers.reversed() { arranged = finish(arranged, wrapper) }
        return arranged
    }

    /// What `node`'s modifiers do on the way down: the style its content
    /// is drawn in, what it is offered, and the modifiers that wrap it on
    /// the way up. Not part of `arrange`, which is on the stack once a level
    /// of the tree: the switch's locals would make each of those frames larger.
    @inline(never)
    private func apply(_ node: ViewNode, proposal: inout Proposal, style: inout Style, wrappers: inout [Wrapper]) {
        for modifier in node.modifiers.reversed() {
            switch modifier {
            case .font(let font): style.font = font
            case .fontWeight(let weight): style.weight = style.weight ?? weight
            case .foregroundStyle(let color): style.color = color
            case .lineLimit(let limit): style.lineLimit = limit
            case .minimumScaleFactor(let factor): style.minimumScaleFactor = factor
            case .widgetAccentable(let accentable): style.accentable = accentable
            case .widgetAccentedRenderingMode(let mode): style.imageMode = mode
            case .templateRendering: style.imageTemplate = true
            case .clipShape(let shape): style.clip = shape
            case .opacity(let opacity): style.opacity *= opacity
            case .multilineTextAlignment(let alignment): style.textAlignment = alignment
            case .redacted(let redacted): style.redacted = style.redacted ?? redacted
            case .stroke(let width): style.stroke = width
            case .strokeStyle(let line): style.line = line
            case .italic(let italic): style.italic = italic
            case .underline(let active, let color):
                style.text = TextStyle(style.text) { $0.underline = active ? TextLine(color: color) : nil }
            case .strikethrough(let active, let color):
                style.text = TextStyle(style.text) { $0.strikethrough = active ? TextLine(color: color) : nil }
            case .textCase(let textCase): style.textCase = textCase
            case .fontDesign(let design): style.design = design
            case .kerning(let points): style.text = TextStyle(style.text) { $0.kerning = points }
            case .lineSpacing(let points): style.text = TextStyle(style.text) { $0.lineSpacing = points }
            case .truncationMode(let mode): style.text = TextStyle(style.text) { $0.truncation = mode }
            case .buttonStyle(let kind): style.buttonStyle = kind
            case .gaugeStyle(let kind): style.gaugeStyle = kind
            case .tint(let color): style.tint = ControlTint(color)
            case .widgetURL, .layoutPriority, .accessibilityLabel, .accessibilityValue, .accessibilityHint, .accessibilityHidden: break
            case .aspectRatio(let ratio, let mode):
                proposal = aspectProposal(ratio, fill: mode == .fill, node: node, style: style, given: proposal)
            case .fixedSize(let horizontal, let vertical):
                if horizontal { proposal.width = nil }
                if vertical { proposal.height = nil }
            case .offset:
                wrappers.append(Wrapper(modifier: modifier, proposal: proposal, opacity: style.opacity))
            case .padding(let insets):
                wrappers.append(Wrapper(modifier: modifier, proposal: proposal, opacity: style.opacity))
                proposal = Proposal(width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                                    height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
            case .frame(let frame):
                wrappers.append(Wrapper(modifier: modifier, proposal: proposal, opacity: style.opacity))
                proposal = Self.proposal(inside: frame, given: proposal)
            case .background, .containerBackground, .border, .clipped, .shadow, .rotation, .scale:
                wrappers.append(Wrapper(modifier: modifier, proposal: proposal, opacity: style.opacity))
            }
        }
    }

    /// `arranged` inside one modifier that wraps it, on the way up. A
    /// function of its own, not part of `arrange`: `arrange` is on the stack
    /// once a level of the tree, and its frame stays small without these locals.
    private func finish(_ arranged: Arranged, _ wrapper: Wrapper) -> Arranged {
        var arranged = arranged
        switch wrapper.modifier {
        case .padding(let insets):
            arranged.drawables = placed(arranged.drawables, insets.leading, insets.top)
            arranged.size = Size(width: arranged.size.width + insets.leading + insets.trailing,
                                 height: arranged.size.height + insets.top + insets.bottom)
        case .frame(let frame):
            arranged = place(arranged, in: frame, given: wrapper.proposal)
        case .background(let color):
            var fill = Drawable(frame: Rect(x: 0, y: 0, width: arranged.size.width, height: arranged.size.height),
                                kind: .fill(.rectangle, color), color: color, accentable: false)
            fill.opacity = wrapper.opacity
            fill.isDecoration = true
            arranged.drawables.insert(fill, at: 0)
        case .containerBackground(let color):
            arranged.background = .color(color)
        case .offset(let x, let y):
            arranged.drawables = placed(arranged.drawables, x, y)
        case .border(let color, let width):
            let inset = width / 2
            var line = Drawable(frame: Rect(x: inset, y: inset, width: max(0, arranged.size.width - width), height: max(0, arranged.size.height - width)),
                                kind: .stroke(.rectangle, lineWidth: width), color: color, accentable: false)
            line.opacity = wrapper.opacity
            line.isDecoration = true
            arranged.drawables.append(line)
        case .clipped:
            let bounds = Rect(x: 0, y: 0, width: arranged.size.width, height: arranged.size.height)
            arranged.drawables = effected(arranged.drawables) { drawable in
                // A clip is kept in the drawing's own coordinates: through a turn, the box around it.
                let local = drawable.transform.map { $0.inverse?.bounds(of: bounds) ?? Rect(x: 0, y: 0, width: 0, height: 0) } ?? bounds
                drawable.clip = drawable.clip.map { $0.intersection(local) } ?? local
            }
        case .shadow(let color, let radius, let x, let y):
            let shadow = Shadow(color: color, radius: radius, x: x, y: y)
            arranged.drawables = effected(arranged.drawables) { $0.shadow = $0.shadow ?? shadow }
        case .rotation(let radians, let anchor):
            let turn = Affine.rotation(radians, around: (arranged.size.width * anchor.x, arranged.size.height * anchor.y))
            arranged.drawables = effected(arranged.drawables) { $0.transform = turn.then(before: $0.transform ?? .identity) }
        case .scale(let x, let y, let anchor):
            let scale = Affine.scale(x, y, around: (arranged.size.width * anchor.x, arranged.size.height * anchor.y))
            arranged.drawables = effected(arranged.drawables) { $0.transform = scale.then(before: $0.transform ?? .identity) }
        default:
            break
        }
        return arranged
    }

    /// What a frame proposes to its content: its fixed sizes, or what it
    /// was given held within its minimum and maximum.
    private static func proposal(inside frame: Frame, given proposal: Proposal) -> Proposal {
        func axis(_ fixed: Double?, _ minimum: Double?, _ maximum: Double?, _ proposed: Double?) -> Double? {
            if let fixed { return fixed }
            guard minimum != nil || maximum != nil else { return proposed }
            return proposed.map { min(max($0, minimum ?? 0), maximum ?? .greatestFiniteMagnitude) } ?? minimum
        }
        return Proposal(width: axis(frame.width, frame.minWidth, frame.maxWidth, proposal.width),
                        height: axis(frame.height, frame.minHeight, frame.maxHeight, proposal.height))
    }

    /// `drawables` each changed by `change`, each one counted.
    private func effected(_ drawables: [Drawable], _ change: (inout Drawable) -> Void) -> [Drawable] {
        guard charge(drawables.count) else { return [] }
        return drawables.map { drawable in
            var drawable = drawable
            change(&drawable)
            return drawable
        }
    }

    /// What `.aspectRatio` offers: with the content's own ratio when none is given, and as given when it has none.
    private func aspectProposal(_ ratio: Double?, fill: Bool, node: ViewNode, style: Style, given proposal: Proposal) -> Proposal {
        guard let ratio = ratio ?? naturalRatio(node, style: style) else { return proposal }
        return Self.proposal(ratio: ratio, fill: fill, given: proposal)
    }

    /// What `.aspectRatio` offers its content: the largest size of `ratio`
    /// (width over height) within the proposal, or with `fill` the smallest
    /// that covers it. An axis left open takes its size from the other.
    private static func proposal(ratio: Double, fill: Bool, given proposal: Proposal) -> Proposal {
        switch (proposal.width, proposal.height) {
        case (let width?, let height?):
            let widthLimited = width / ratio <= height
            return fill != widthLimited ? Proposal(width: width, height: width / ratio) : Proposal(width: height * ratio, height: height)
        case (let width?, nil): return Proposal(width: width, height: width / ratio)
        case (nil, let height?): return Proposal(width: height * ratio, height: height)
        case (nil, nil): return proposal
        }
    }

    /// The width-to-height ratio a view has of itself: an image's pixels, a
    /// symbol's square, or anything else's ideal size; nil when it has none.
    private func naturalRatio(_ node: ViewNode, style: Style) -> Double? {
        switch node.content {
        case .image(.data(let data)):
            guard let (width, height) = ImageHeader.size(of: data), width > 0, height > 0 else { return nil }
            return Double(width) / Double(height)
        case .image(.symbol):
            return 1
        default:
            var bare = node
            bare.modifiers = []
            let ideal = arrange(bare, proposal: Proposal(width: nil, height: nil), style: style).size
            guard ideal.width > 0, ideal.height > 0, ideal.width.isFinite, ideal.height.isFinite else { return nil }
            return ideal.width / ideal.height
        }
    }

    /// The frame's own size around its laid-out content, placed by its alignment.
    private func place(_ content: Arranged, in frame: Frame, given proposal: Proposal) -> Arranged {
        func extent(_ fixed: Double?, _ minimum: Double?, _ maximum: Double?, _ proposed: Double?, _ child: Double) -> Double {
            if let fixed { return fixed }
            var value = child
            if let maximum, maximum >= Frame.unbounded, let proposed { value = max(value, proposed) }
            if let maximum { value = min(value, maximum) }
            if let minimum { value = max(value, minimum) }
            return value
        }
        var arranged = content
        let size = Size(width: extent(frame.width, frame.minWidth, frame.maxWidth, proposal.width, arranged.size.width),
                        height: extent(frame.height, frame.minHeight, frame.maxHeight, proposal.height, arranged.size.height))
        let dx = LayoutEngine.offset(arranged.size.width, in: size.width, frame.alignment.horizontal)
        let dy = LayoutEngine.offset(arranged.size.height, in: size.height, frame.alignment.vertical)
        arranged.drawables = placed(arranged.drawables, dx, dy)
        arranged.size = size
        return arranged
    }

    // MARK: Content

    private func arrangeContent(_ node: ViewNode, proposal: Proposal, style: Style) -> Arranged {
        var arranged = arrangeBareContent(node, proposal: proposal, style: style)
        // What the modifiers above said, on everything drawn here that has not said otherwise.
        if style.opacity < 1 || style.redacted != nil || style.textAlignment != .leading, charge(arranged.drawables.count) {
            arranged.drawables = arranged.drawables.map { drawable in
                var drawable = drawable
                drawable.opacity *= style.opacity
                drawable.redacted = drawable.redacted ?? style.redacted
                if case .text = drawable.kind, node.children.isEmpty { drawable.textAlignment = style.textAlignment }
                return drawable
            }
        }
        return arranged
    }

    private func arrangeBareContent(_ node: ViewNode, proposal: Proposal, style: Style) -> Arranged {
        // Opacity and redaction are applied once, by arrangeContent, on the way up.
        var style = style
        style.opacity = 1
        style.redacted = nil
        switch node.content {
        case .text(let string):
            return arrangeText(string, proposal: proposal, style: style)
        case .image:
            // Leaves, each in a function of its own: a deep tree holds
            // hundreds of this frame, and every local here widens it.
            return arrangeImage(node, proposal: proposal, style: style)
        case .shape(let shape):
            return arrangeShape(shape, proposal: proposal, style: style)
        case .chart:
            // The chart is taken out in a function of its own: bound here, it
            // would widen this frame, which a deep tree holds hundreds of.
            return arrangeChart(node, proposal: proposal, style: style)
        case .spacer(let minimum):
            return Arranged(size: Size(width: minimum ?? 0, height: minimum ?? 0))
        case .vstack(let alignment, let spacing):
            return arrangeStack(node.children, vertical: true, spacing: spacing ?? LayoutEngine.defaultSpacing, proposal: proposal, style: style) {
                LayoutEngine.offset($0, in: $1, alignment)
            }
        case .group:
            return arrangeStack(node.children, vertical: true, spacing: LayoutEngine.defaultSpacing, proposal: proposal, style: style) {
                LayoutEngine.offset($0, in: $1, HorizontalAlignment.center)
            }
        case .hstack(let alignment, let spacing):
            return arrangeStack(node.children, vertical: false, spacing: spacing ?? LayoutEngine.defaultSpacing, proposal: proposal, style: style,
                                baseline: alignment == .firstTextBaseline ? .first : alignment == .lastTextBaseline ? .last : nil) {
                LayoutEngine.offset($0, in: $1, alignment)
            }
        case .label:
            return arrangeStack(node.children, vertical: false, spacing: Label.spacing, proposal: proposal, style: style) {
                LayoutEngine.offset($0, in: $1, VerticalAlignment.center)
            }
        case .viewThatFits(let horizontal, let vertical):
            return arrangeFirstThatFits(node.children, horizontal: horizontal, vertical: vertical, proposal: proposal, style: style)
        case .lazyGrid(let tracks, let vertical, let spacing):
            return arrangeLazyGrid(node.children, tracks: tracks, vertical: vertical, spacing: spacing ?? LayoutEngine.defaultSpacing,
                                   proposal: proposal, style: style)
        case .layered(let alignment, let behind):
            return arrangeLayered(node.children, alignment: alignment, behind: behind, proposal: proposal, style: style)
        case .variants:
            // Chosen before layout by the drawing (`ViewNode.variant`); where none was, the standard view.
            guard let standard = node.children.first else { return Arranged(size: Size(width: 0, height: 0)) }
            return arrange(standard, proposal: proposal, style: style)
        case .containerBackground(let alignment):
            return arrangeContainerBackground(node.children, alignment: alignment, proposal: proposal, style: style)
        case .divider:
            return arrangeDivider(proposal: proposal, style: style)
        case .zstack(let alignment):
            let children = node.children.map { arrange($0, proposal: proposal, style: style) }
            let size = Size(width: children.map(\.size.width).max() ?? 0, height: children.map(\.size.height).max() ?? 0)
            return Arranged(size: size, drawables: children.flatMap { child in
                placed(child.drawables, LayoutEngine.offset(child.size.width, in: size.width, alignment.horizontal),
                       LayoutEngine.offset(child.size.height, in: size.height, alignment.vertical))
            }, background: children.compactMap(\.background).first)
        case .grid(let columns, let spacing):
            return arrangeGrid(node.children, columns: columns, spacing: spacing ?? LayoutEngine.defaultSpacing, proposal: proposal, style: style)
        case .date(let date, style: let dateStyle):
            return arrangeText(written(date, dateStyle), proposal: proposal, style: style)
        case .progress(let value, let total):
            return arrangeBar(fraction: value / total, knob: false, proposal: proposal, style: style)
        case .gauge(let value, let minimum, let maximum):
            return arrangeGauge(fraction: maximum > minimum ? (value - minimum) / (maximum - minimum) : 0, labels: node.children, proposal: proposal, style: style)
        case .control(let control):
            return arrangeTappable(buttonLabel(node.children, control: control, style: style), action: .control(control), proposal: proposal, style: style)
        case .link(let url):
            return arrangeTappable(node.children, action: .link(url), proposal: proposal, style: style)
        }
    }

    private func arrangeImage(_ node: ViewNode, proposal: Proposal, style: Style) -> Arranged {
        guard case .image(let source) = node.content else { return Arranged(size: Size(width: 0, height: 0)) }
        let side: Double = if case .symbol = source { style.font.size * 1.2 } else { 20 }
        let size = Size(width: proposal.width ?? side, height: proposal.height ?? side)
        var drawable = Drawable(frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                kind: .image(source, clip: style.clip, mode: style.imageMode), color: style.color, accentable: style.accentable)
        drawable.isTemplate = style.imageTemplate
        return Arranged(size: size, drawables: [drawable])
    }

    /// A thin line across its stack (down it, in a row).
    private func arrangeDivider(proposal: Proposal, style: Style) -> Arranged {
        let thickness = 1.0
        let size = style.inRow ? Size(width: thickness, height: proposal.height ?? 0) : Size(width: proposal.width ?? 0, height: thickness)
        var line = Drawable(frame: Rect(x: 0, y: 0, width: size.width, height: size.height), kind: .fill(.rectangle, .secondary),
                            color: .secondary, accentable: false)
        line.opacity = 0.5
        return Arranged(size: size, drawables: [line])
    }

    /// The first child whose ideal size fits what is offered on the axes
    /// given, laid out at what is offered; the last when none fits.
    private func arrangeFirstThatFits(_ children: [ViewNode], horizontal: Bool, vertical: Bool, proposal: Proposal, style: Style) -> Arranged {
        guard let last = children.last else { return Arranged(size: Size(width: 0, height: 0)) }
        for child in children.dropLast() {
            let ideal = arrange(child, proposal: Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), style: style)
            let fitsAcross = !horizontal || proposal.width.map { ideal.size.width <= $0 + 0.01 } ?? true
            let fitsDown = !vertical || proposal.height.map { ideal.size.height <= $0 + 0.01 } ?? true
            if fitsAcross && fitsDown { return arrange(child, proposal: proposal, style: style) }
        }
        return arrange(last, proposal: proposal, style: style)
    }

    /// The sizes of a lazy grid's tracks across `length`, adaptive ones
    /// expanded into as many as fit, and the space after each.
    private static func trackSizes(_ tracks: [GridTrack], across length: Double) -> [(size: Double, gap: Double)] {
        let gaps = tracks.map { $0.spacing ?? LayoutEngine.defaultSpacing }
        let fixed = zip(tracks, gaps).reduce(0.0) { total, pair in total + (pair.0.kind == .fixed ? pair.0.minimum : 0) }
        let sharing = tracks.filter { $0.kind != .fixed }.count
        let free = max(0, length - fixed - gaps.dropLast().reduce(0, +))
        let share = sharing > 0 ? free / Double(sharing) : 0
        var sizes: [(Double, Double)] = []
        for (track, gap) in zip(tracks, gaps) {
            switch track.kind {
            case .fixed:
                sizes.append((track.minimum, gap))
            case .flexible:
                // A maximum below the minimum (the validator allows any finite one) is the minimum.
                sizes.append((max(0, min(max(share, track.minimum), max(track.minimum, track.maximum))), gap))
            case .adaptive:
                // As many as fit in the share at their minimum, at most 100.
                let count = max(1, min(100, Int((share + gap) / max(1, track.minimum + gap))))
                let each = min(track.maximum, (share - gap * Double(count - 1)) / Double(count))
                sizes += Array(repeating: (max(0, track.minimum, each), gap), count: count)
            }
        }
        return sizes
    }

    /// A `LazyVGrid` (children in rows across its columns) or a `LazyHGrid`
    /// (children in columns down its rows), every cell centred in its track.
    private func arrangeLazyGrid(_ children: [ViewNode], tracks: [GridTrack], vertical: Bool, spacing: Double,
                                 proposal: Proposal, style: Style) -> Arranged {
        let across = (vertical ? proposal.width : proposal.height) ?? 300
        let sizes = Self.trackSizes(tracks, across: across)
        // Adaptive tracks expand: up to 100 tracks of 100 each, counted as work.
        guard !sizes.isEmpty, charge(sizes.count) else { return Arranged(size: Size(width: 0, height: 0)) }
        var result = Arranged(size: Size(width: 0, height: 0))
        var along = 0.0
        for start in stride(from: 0, to: children.count, by: sizes.count) {
            let cells = children[start..<min(start + sizes.count, children.count)].enumerated().map { offset, child in
                arrange(child, proposal: vertical ? Proposal(width: sizes[offset].size, height: nil) : Proposal(width: nil, height: sizes[offset].size), style: style)
            }
            let depth = cells.map { vertical ? $0.size.height : $0.size.width }.max() ?? 0
            var position = 0.0
            for (offset, cell) in cells.enumerated() {
                let track = sizes[offset]
                let cellAcross = vertical ? cell.size.width : cell.size.height
                let cellAlong = vertical ? cell.size.height : cell.size.width
                let a = position + (track.size - cellAcross) / 2, b = along + (depth - cellAlong) / 2
                result.drawables += vertical ? placed(cell.drawables, a, b) : placed(cell.drawables, b, a)
                position += track.size + track.gap
            }
            along += depth + spacing
        }
        let acrossUsed = sizes.reduce(0.0) { $0 + $1.size + $1.gap } - (sizes.last?.gap ?? 0)
        let alongUsed = max(0, along - spacing)
        result.size = vertical ? Size(width: acrossUsed, height: alongUsed) : Size(width: alongUsed, height: acrossUsed)
        return result
    }

    // The cases of `arrangeBareContent` with locals of their own are
    // functions apart: it is on the stack once a level of the tree.

    private func arrangeShape(_ shape: ShapeKind, proposal: Proposal, style: Style) -> Arranged {
        let size = Size(width: proposal.width ?? 0, height: proposal.height ?? 0)
        let color = style.color ?? .primary
        let kind: Drawable.Kind = style.stroke.map { .stroke(shape, lineWidth: $0) } ?? .fill(shape, color)
        var drawable = Drawable(frame: Rect(x: 0, y: 0, width: size.width, height: size.height), kind: kind, color: color, accentable: style.accentable)
        if style.stroke != nil { drawable.line = style.line }
        return Arranged(size: size, drawables: [drawable])
    }

    /// `.containerBackground(for:) { view }`: the content as it is, and the
    /// view laid out as the card's own background, at its whole size.
    private func arrangeContainerBackground(_ children: [ViewNode], alignment: Alignment, proposal: Proposal, style: Style) -> Arranged {
        guard let content = children.first else { return Arranged(size: Size(width: 0, height: 0)) }
        var arranged = arrange(content, proposal: proposal, style: style)
        guard children.count > 1 else { return arranged }
        let layer = arrange(children[1], proposal: Proposal(width: card.width, height: card.height), style: Style())
        let dx = LayoutEngine.offset(layer.size.width, in: card.width, alignment.horizontal)
        let dy = LayoutEngine.offset(layer.size.height, in: card.height, alignment.vertical)
        arranged.background = .view(effected(placed(layer.drawables, dx, dy)) { drawable in
            drawable.isContainerBackground = true
            drawable.isDecoration = true
        })
        return arranged
    }

    /// A view with others laid out at its size, behind or in front of it
    /// (`.background` and `.overlay` with a view), placed by `alignment`.
    private func arrangeLayered(_ children: [ViewNode], alignment: Alignment, behind: Bool, proposal: Proposal, style: Style) -> Arranged {
        guard let first = children.first else { return Arranged(size: Size(width: 0, height: 0)) }
        var base = arrange(first, proposal: proposal, style: style)
        let layerProposal = Proposal(width: base.size.width, height: base.size.height)
        var layers: [Drawable] = []
        for child in children.dropFirst() {
            let layer = arrange(child, proposal: layerProposal, style: style)
            layers += placed(layer.drawables, LayoutEngine.offset(layer.size.width, in: base.size.width, alignment.horizontal),
                             LayoutEngine.offset(layer.size.height, in: base.size.height, alignment.vertical))
            base.background = base.background ?? layer.background
        }
        base.drawables = behind ? layers + base.drawables : base.drawables + layers
        return base
    }

    /// A control's or link's label, with the region a tap on it hits. One
    /// view is laid out as it would be alone; several side by side, as a
    /// toggle's mark and text are.
    private func arrangeTappable(_ children: [ViewNode], action: WidgetAction, proposal: Proposal, style: Style) -> Arranged {
        var arranged = children.count == 1
            ? arrange(children[0], proposal: proposal, style: style)
            : arrangeStack(children, vertical: false, spacing: 6, proposal: proposal, style: style) { LayoutEngine.offset($0, in: $1, VerticalAlignment.center) }
        let frame = Rect(x: 0, y: 0, width: arranged.size.width, height: arranged.size.height)
        arranged.drawables.append(Drawable(frame: frame, kind: .region(action), color: nil, accentable: false))
        return arranged
    }

    /// A button's label as its style draws it: a bordered one on a capsule
    /// of the tint (faint, or solid under white text), as iOS draws them.
    private func buttonLabel(_ children: [ViewNode], control: Control, style: Style) -> [ViewNode] {
        guard control.kind == .button else { return children }
        let tint = style.controlColor
        let fill: Color, text: Color
        switch style.buttonStyle {
        case .automatic, .plain, .borderless: return children
        case .bordered: (fill, text) = (tint.opacity(0.15), tint)
        case .borderedProminent: (fill, text) = (tint, .white)
        }
        let label = ViewNode(.hstack(alignment: .center, spacing: 6), children: children,
                             modifiers: [.foregroundStyle(text), .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))])
        let capsule = ViewNode(.shape(.capsule), modifiers: [.foregroundStyle(fill)])
        return [ViewNode(.layered(alignment: .center, behind: true), children: [label, capsule])]
    }

    /// A gauge in its style: a bar with its labels around it, or a ring
    /// with its value inside, as iOS draws them. `labels` are the label,
    /// the current value, the minimum and the maximum; an empty group is
    /// one the gauge was not given.
    private func arrangeGauge(fraction: Double, labels: [ViewNode], proposal: Proposal, style: Style) -> Arranged {
        let fraction = min(1, max(0, fraction.isFinite ? fraction : 0))
        func label(_ index: Int) -> ViewNode? {
            guard index < labels.count else { return nil }
            if case .group = labels[index].content, labels[index].children.isEmpty { return nil }
            return labels[index]
        }
        switch style.gaugeStyle {
        case .accessoryCircular, .accessoryCircularCapacity:
            return arrangeRing(fraction: fraction, open: style.gaugeStyle == .accessoryCircular,
                               center: label(1) ?? label(0), below: label(1) == nil ? nil : label(0),
                               bounds: (label(2), label(3)), proposal: proposal, style: style)
        case .automatic, .linearCapacity, .accessoryLinear, .accessoryLinearCapacity:
            let knob = style.gaugeStyle == .automatic || style.gaugeStyle == .accessoryLinear
            return arrangeLinearGauge(fraction: fraction, knob: knob, title: label(0), value: label(1),
                                      bounds: (label(2), label(3)), proposal: proposal, style: style)
        }
    }

    /// A bar, with the label and value above it (leading and trailing) and
    /// the bounds at its ends, in caption type.
    private func arrangeLinearGauge(fraction: Double, knob: Bool, title: ViewNode?, value: ViewNode?,
                                    bounds: (ViewNode?, ViewNode?), proposal: Proposal, style: Style) -> Arranged {
        guard title != nil || value != nil || bounds.0 != nil || bounds.1 != nil else {
            return arrangeBar(fraction: fraction, knob: knob, proposal: proposal, style: style)
        }
        var small = style
        small.font = .caption
        small.weight = nil
        small.lineLimit = 1
        let width = proposal.width ?? 100
        var drawables: [Drawable] = []
        var y = 0.0
        if title != nil || value != nil {
            let row = ViewNode(.hstack(alignment: .center, spacing: 4),
                               children: [title ?? ViewNode(.group), ViewNode(.spacer(minLength: 0)), value ?? ViewNode(.group)])
            let arranged = arrange(row, proposal: Proposal(width: width, height: nil), style: small)
            drawables += arranged.drawables
            y = arranged.size.height + 4
        }
        small.font = .caption2
        let minimum = bounds.0.map { arrange($0, proposal: Proposal(width: width / 3, height: nil), style: small) }
        let maximum = bounds.1.map { arrange($0, proposal: Proposal(width: width / 3, height: nil), style: small) }
        let leading = minimum.map { $0.size.width + 4 } ?? 0, trailing = maximum.map { $0.size.width + 4 } ?? 0
        let bar = arrangeBar(fraction: fraction, knob: knob, proposal: Proposal(width: max(0, width - leading - trailing), height: nil), style: style)
        let rowHeight = max(bar.size.height, minimum?.size.height ?? 0, maximum?.size.height ?? 0)
        if let minimum { drawables += placed(minimum.drawables, 0, y + (rowHeight - minimum.size.height) / 2) }
        drawables += placed(bar.drawables, leading, y + (rowHeight - bar.size.height) / 2)
        if let maximum { drawables += placed(maximum.drawables, width - maximum.size.width, y + (rowHeight - maximum.size.height) / 2) }
        return Arranged(size: Size(width: width, height: y + rowHeight), drawables: drawables)
    }

    /// A ring the size of the space offered, at most the Lock Screen's
    /// circle (76 points): open at the bottom with a marker at the value, or closed and
    /// filled clockwise from the top; the value inside, the bounds at the
    /// open ends, the label below the value where there is room.
    private func arrangeRing(fraction: Double, open: Bool, center: ViewNode?, below: ViewNode?,
                             bounds: (ViewNode?, ViewNode?), proposal: Proposal, style: Style) -> Arranged {
        let side = max(0, min(76, proposal.width ?? 76, proposal.height ?? 76))
        let lineWidth = max(2, (side * 0.08).rounded())
        let ring = Rect(x: 0, y: 0, width: side, height: side)
        let fill = style.controlColor
        let (start, end) = open ? (0.625, 1.375) : (0.0, 1.0)
        var track = Drawable(frame: ring, kind: .arc(start: start, end: end, lineWidth: lineWidth), color: fill, accentable: style.accentable)
        track.opacity = 0.3 * style.opacity
        var drawables = [track]
        if open {
            let turn = start + (end - start) * fraction, radius = side / 2 - lineWidth / 2, dot = lineWidth + 2
            let x = side / 2 + radius * sin(2 * .pi * turn) - dot / 2, y = side / 2 - radius * cos(2 * .pi * turn) - dot / 2
            drawables.append(Drawable(frame: Rect(x: x, y: y, width: dot, height: dot), kind: .fill(.circle, fill), color: fill, accentable: style.accentable))
        } else if fraction > 0 {
            drawables.append(Drawable(frame: ring, kind: .arc(start: 0, end: fraction, lineWidth: lineWidth), color: fill, accentable: style.accentable))
        }
        let inner = max(0, side - 2 * lineWidth - 6)
        var text = style
        text.weight = nil
        text.lineLimit = 1
        text.minimumScaleFactor = 0.5
        text.font = .system(size: max(6, (side * 0.26).rounded()), weight: .medium)
        if let center {
            let value = arrange(center, proposal: Proposal(width: inner, height: nil), style: text)
            let dy = below == nil ? 0 : -side * 0.08
            drawables += placed(value.drawables, (side - value.size.width) / 2, (side - value.size.height) / 2 + dy)
        }
        text.font = .system(size: max(6, (side * 0.14).rounded()))
        if let below, bounds.0 == nil, bounds.1 == nil {
            let label = arrange(below, proposal: Proposal(width: inner * 0.8, height: nil), style: text)
            drawables += placed(label.drawables, (side - label.size.width) / 2, side * 0.64)
        }
        if open {
            for (index, bound) in [bounds.0, bounds.1].enumerated() {
                guard let bound else { continue }
                let label = arrange(bound, proposal: Proposal(width: side * 0.3, height: nil), style: text)
                let x = index == 0 ? side * 0.2 - label.size.width / 2 : side * 0.8 - label.size.width / 2
                drawables += placed(label.drawables, x, side - label.size.height)
            }
        }
        return Arranged(size: Size(width: side, height: side), drawables: drawables)
    }

    /// A linear progress bar or gauge: a faint capsule track, the filled part
    /// in the foreground style (the accent by default), and for a gauge a knob.
    private func arrangeBar(fraction: Double, knob: Bool, proposal: Proposal, style: Style) -> Arranged {
        let fraction = min(1, max(0, fraction.isFinite ? fraction : 0))
        let height = knob ? 10.0 : 6.0, thickness = 6.0
        let size = Size(width: proposal.width ?? 100, height: height)
        let top = (height - thickness) / 2
        let fill = style.controlColor
        var track = Drawable(frame: Rect(x: 0, y: top, width: size.width, height: thickness), kind: .fill(.capsule, .secondary),
                             color: .secondary, accentable: false)
        track.opacity = 0.3
        var drawables = [track]
        if fraction > 0 {
            drawables.append(Drawable(frame: Rect(x: 0, y: top, width: max(thickness, size.width * fraction), height: thickness),
                                      kind: .fill(.capsule, fill), color: fill, accentable: style.accentable))
        }
        if knob {
            let x = min(size.width - height, max(0, size.width * fraction - height / 2))
            drawables.append(Drawable(frame: Rect(x: x, y: 0, width: height, height: height), kind: .fill(.circle, .primary),
                                      color: .primary, accentable: false))
        }
        return Arranged(size: size, drawables: drawables)
    }

    /// A stack: fixed children first, each given a fair share of what is
    /// left; spacers take the rest. `cross` places a child across the axis.
    /// Which line of text a row's children line up on.
    enum Baseline { case first, last }

    /// Where a laid-out view's first or last line of text sits on its
    /// baseline (as the SVG draws it); a view without text, its bottom.
    private func baseline(of arranged: Arranged, _ which: Baseline) -> Double {
        let lines = arranged.drawables.compactMap { drawable -> (top: Double, last: Double)? in
            guard case .text(let lines, let font) = drawable.kind, !lines.isEmpty else { return nil }
            let first = drawable.frame.y + font.size * (0.1 + 0.93)
            return (first, first + Double(lines.count - 1) * drawable.lineAdvance(font))
        }
        switch which {
        case .first: return lines.map(\.top).min() ?? arranged.size.height
        case .last: return lines.map(\.last).max() ?? arranged.size.height
        }
    }

    private func arrangeStack(_ children: [ViewNode], vertical: Bool, spacing: Double, proposal: Proposal, style: Style,
                              baseline: Baseline? = nil, cross: (Double, Double) -> Double) -> Arranged {
        guard !children.isEmpty else { return Arranged(size: Size(width: 0, height: 0)) }
        let along: (Size) -> Double = { vertical ? $0.height : $0.width }
        let across: (Size) -> Double = { vertical ? $0.width : $0.height }
        let available = vertical ? proposal.height : proposal.width
        let spacers = children.indices.filter { if case .spacer = children[$0].content { true } else { false } }
        let others = children.indices.filter { !spacers.contains($0) }
        let gaps = spacing * Double(children.count - 1)
        let spacerMinimum = spacers.reduce(0.0) { total, index in
            if case .spacer(let minimum) = children[index].content { return total + (minimum ?? 0) }
            return total
        }

        func propose(_ length: Double?) -> Proposal {
            vertical ? Proposal(width: proposal.width, height: length) : Proposal(width: length, height: proposal.height)
        }
        var style = style
        style.inRow = !vertical
        // Views that grow to what they are offered (shapes, a GeometryReader,
        // `.frame(maxWidth: .infinity)`) share what the others leave with
        // the spacers, as SwiftUI lays out its most flexible children last.
        // Each is laid out once, at its share: never at an ideal size first.
        let grows = others.map { available != nil && Self.expands(children[$0], vertical: vertical) }
        let expanding = zip(others, grows).filter { $0.1 }.map(\.0)
        let fixed = zip(others, grows).filter { !$0.1 }.map(\.0)
        // Ideal sizes, then fair shares in order of increasing ideal length.
        var arranged = [Int: Arranged]()
        for index in fixed { arranged[index] = arrange(children[index], proposal: propose(nil), style: style) }
        if let available {
            var remaining = available - gaps - spacerMinimum
            // Higher `layoutPriority` first, each group sharing what the ones before left.
            let priorities = children.map(Self.priority(of:))
            let priority = { (index: Int) -> Double in priorities[index] }
            var pending = fixed.sorted { (priority($0), -along(arranged[$0]!.size)) > (priority($1), -along(arranged[$1]!.size)) }
            while !pending.isEmpty {
                let index = pending.removeFirst()
                let peers = pending.prefix { priority($0) == priority(index) }.count
                let share = max(0, remaining / Double(peers + 1))
                let ideal = along(arranged[index]!.size)
                if ideal > share {
                    arranged[index] = arrange(children[index], proposal: propose(share), style: style)
                }
                remaining -= along(arranged[index]!.size)
            }
            var sharers = expanding.count + spacers.count
            for index in expanding {
                let share = max(0, remaining / Double(sharers))
                arranged[index] = arrange(children[index], proposal: propose(share), style: style)
                remaining -= along(arranged[index]!.size)
                sharers -= 1
            }
        }
        let used = others.reduce(0.0) { $0 + along(arranged[$1]!.size) } + gaps
        let free = max(0, (available ?? used + spacerMinimum) - used)
        for index in spacers {
            guard case .spacer(let minimum) = children[index].content else { continue }
            let length = spacers.count > 0 && available != nil ? max(minimum ?? 0, free / Double(spacers.count)) : (minimum ?? 0)
            arranged[index] = Arranged(size: vertical ? Size(width: 0, height: length) : Size(width: length, height: 0))
        }

        let crossLength = arranged.values.map { across($0.size) }.max() ?? 0
        // A divider runs across the whole stack: as wide as a column, as tall as a row.
        for index in others where children[index].content == .divider {
            arranged[index] = arrange(children[index], proposal: vertical ? Proposal(width: crossLength, height: nil)
                                                                          : Proposal(width: nil, height: crossLength), style: style)
        }
        let totalLength = children.indices.reduce(0.0) { $0 + along(arranged[$1]!.size) } + gaps
        // A row on a baseline: each child moves down by how far its
        // baseline is above the lowest one, and the row is as tall as that makes it.
        var baselineOffsets: [Int: Double] = [:]
        var rowLength = crossLength
        if let baseline, !vertical {
            let baselines = children.indices.map { self.baseline(of: arranged[$0]!, baseline) }
            let lowest = baselines.max() ?? 0
            for index in children.indices { baselineOffsets[index] = lowest - baselines[index] }
            rowLength = children.indices.map { baselineOffsets[$0]! + arranged[$0]!.size.height }.max() ?? 0
        }
        var result = Arranged(size: vertical ? Size(width: crossLength, height: totalLength) : Size(width: totalLength, height: rowLength))
        var position = 0.0
        for index in children.indices {
            let child = arranged[index]!
            let offset = baselineOffsets[index] ?? cross(across(child.size), crossLength)
            result.drawables += vertical ? placed(child.drawables, offset, position) : placed(child.drawables, position, offset)
            result.background = result.background ?? child.background
            position += along(child.size) + spacing
        }
        return result
    }

    /// Whether `node` grows along the axis to what it is offered: a shape,
    /// a stack holding one (or, along its own axis, a spacer), a frame
    /// with an infinite maximum. A fixed frame or `.fixedSize` stops it.
    /// Looks `depth` levels down at most: a deeper tree is taken as fixed.
    static func expands(_ node: ViewNode, vertical: Bool, depth: Int = 12) -> Bool {
        guard depth > 0 else { return false }
        for modifier in node.modifiers.reversed() {
            switch modifier {
            case .frame(let frame):
                if (vertical ? frame.height : frame.width) != nil { return false }
                if let maximum = vertical ? frame.maxHeight : frame.maxWidth, maximum >= Frame.unbounded { return true }
            case .fixedSize(let horizontal, let verticalFixed):
                if vertical ? verticalFixed : horizontal { return false }
            case .aspectRatio:
                return false
            default:
                continue
            }
        }
        switch node.content {
        case .shape, .chart:
            return true
        case .progress:
            return !vertical
        case .vstack, .hstack, .group, .zstack, .label:
            let ownAxisIsVertical: Bool = switch node.content {
            case .hstack, .label: false
            case .vstack, .group: true
            default: !vertical
            }
            return node.children.contains { child in
                if case .spacer = child.content { return ownAxisIsVertical == vertical }
                return expands(child, vertical: vertical, depth: depth - 1)
            }
        case .layered, .containerBackground, .control, .link:
            return node.children.first.map { expands($0, vertical: vertical, depth: depth - 1) } ?? false
        default:
            return false
        }
    }

    /// A stack child's `.layoutPriority`, the outermost one; 0 when it has none.
    private static func priority(of node: ViewNode) -> Double {
        for case .layoutPriority(let priority) in node.modifiers.reversed() { return priority }
        return 0
    }

    private func arrangeGrid(_ children: [ViewNode], columns: Int, spacing: Double, proposal: Proposal, style: Style) -> Arranged {
        let width = proposal.width ?? 300
        let columnWidth = max(0, (width - spacing * Double(columns - 1)) / Double(columns))
        var result = Arranged(size: Size(width: width, height: 0))
        var y = 0.0
        for row in stride(from: 0, to: children.count, by: columns) {
            let cells = children[row..<min(row + columns, children.count)].map {
                arrange($0, proposal: Proposal(width: columnWidth, height: nil), style: style)
            }
            let height = cells.map(\.size.height).max() ?? 0
            for (column, cell) in cells.enumerated() {
                let x = Double(column) * (columnWidth + spacing)
                result.drawables += placed(cell.drawables, x, y + (height - cell.size.height) / 2)
            }
            y += height + spacing
        }
        result.size.height = max(0, y - spacing)
        return result
    }

    // MARK: Text

    /// What a date reads at `now`, written once a pass.
    private func written(_ date: Date, _ style: Text.DateStyle) -> String {
        let key = DateText.Key(date: date, style: style)
        if let text = dates[key] { return text }
        let text = DateText.string(date, style: style, now: now, locale: locale)
        dates[key] = text
        return text
    }

    func arrangeText(_ written: String, proposal: Proposal, style: Style) -> Arranged {
        // Measuring, scaling and wrapping read the text a few times over.
        guard charge(written.utf8.count / Self.bytesPerUnit) else { return Arranged(size: Size(width: 0, height: 0)) }
        let string = switch style.textCase {
        case .uppercase?: written.uppercased()
        case .lowercase?: written.lowercased()
        case nil: written
        }
        var style = style
        if let weight = style.weight { style.font = style.font.weight(weight) }
        if let design = style.design { style.font.design = design }
        let settings = style.text?.settings ?? TextStyle.Settings()
        let measure = TextMeasure(font: style.font, kerning: settings.kerning, truncation: settings.truncation)
        let available = proposal.width ?? .greatestFiniteMagnitude
        var font = style.font
        var lines = [string]
        let natural = measure.width(string)
        // Never less than the font's own, as UIKit's paragraph spacing is never negative.
        let lineSpacing = max(0, settings.lineSpacing)
        if natural > available {
            // Scale down within the minimum factor first, as SwiftUI does.
            let scale = max(style.minimumScaleFactor, available / natural)
            if scale < 1 { font = Font.system(size: style.font.size * scale, weight: style.font.weight, design: style.font.design) }
            let scaled = TextMeasure(font: font, kerning: settings.kerning, truncation: settings.truncation)
            if scaled.width(string) > available {
                let lineAdvance = font.size * LayoutEngine.lineHeight + lineSpacing
                // A font scaled to nothing has lines of no height: fits any number, so no limit from it.
                let maximumLines = style.lineLimit ?? proposal.height.map { height in
                    let fitting = (height + lineSpacing) / lineAdvance
                    return fitting.isFinite ? max(1, Int(min(fitting, 1e6))) : .max
                } ?? .max
                lines = scaled.wrap(string, width: available, maximumLines: maximumLines)
            }
        }
        let measured = TextMeasure(font: font, kerning: settings.kerning)
        let width = min(available, lines.map(measured.width).max() ?? 0)
        let height = Double(lines.count) * font.size * LayoutEngine.lineHeight + Double(max(0, lines.count - 1)) * lineSpacing
        let size = Size(width: width, height: height)
        var text = Drawable(frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                            kind: .text(lines: lines, font: font), color: style.color, accentable: style.accentable)
        text.kerning = settings.kerning
        text.lineSpacing = lineSpacing
        text.italic = style.italic
        text.underline = settings.underline
        text.strikethrough = settings.strikethrough
        return Arranged(size: size, drawables: [text])
    }
}

/// How the text within a view is drawn, beyond its font and colour, as
/// the layout carries it down the tree: each modifier makes a copy with
/// its own setting changed.
/// `.tint(_:)`'s colour, held by reference in a `Style`.
final class ControlTint: Sendable {
    let color: Color

    init(_ color: Color) {
        self.color = color
    }
}

final class TextStyle: Sendable {
    struct Settings: Sendable {
        var underline: TextLine?
        var strikethrough: TextLine?
        /// Points more after each letter.
        var kerning = 0.0
        /// Points more between lines.
        var lineSpacing = 0.0
        var truncation = Text.TruncationMode.tail
    }

    let settings: Settings

    init(_ other: TextStyle?, changing change: (inout Settings) -> Void) {
        var settings = other?.settings ?? Settings()
        change(&settings)
        self.settings = settings
    }
}
