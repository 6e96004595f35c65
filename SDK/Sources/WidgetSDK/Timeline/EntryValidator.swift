import Foundation

/// What an archived entry may hold. The host checks every entry a kind's
/// extension sends, as it arrives and before anything stores, draws or offers
/// it; the SDK checks the same when it archives, so an author sees the
/// problem in `preview` and `dev` rather than in a user's `status`.
///
/// Numbers must be finite and within bounds, trees and texts bounded, images
/// small and of a known format, links http or https, and intents' names and
/// parameters bounded. (An intent runs in its kind's own extension process,
/// where only that module and its dependencies resolve, so the names need no
/// further check here.) A text longer than its share is cut with "…" (as a
/// widget would truncate it); anything else out of bounds refuses the entry
/// with an `EntryRefused` that names the value and where it is.
///
/// One type of about 550 lines: its limits are read together (each is a
/// constant at the top, where a reviewer of the sandbox looks for them), and
/// one walk checks the tree, its modifiers and their values.
public struct EntryValidator: Sendable {
    /// Entries a timeline may have (WidgetKit has no stated limit; a day of
    /// one entry a minute is 1,440).
    public static let maximumEntries = 2_000
    /// Views in one entry, counting every node of the tree.
    public static let maximumNodes = 10_000
    /// Deepest nesting of views.
    public static let maximumDepth = 256
    /// Modifiers on one view (padding, frame, font and the rest).
    public static let maximumModifiers = 64
    /// Bytes of one entry as archived: its images, texts and views together.
    public static let maximumEntryBytes = 8 << 20
    /// Characters of one `Text` (more are cut, with "…").
    public static let maximumTextLength = 4_096
    /// Characters of all an entry's texts together.
    public static let maximumEntryTextLength = 32_768
    /// Bytes of one image.
    public static let maximumImageBytes = 1 << 20
    /// Bytes of all an entry's images together.
    public static let maximumEntryImageBytes = 4 << 20
    /// Pixels of an entry's images together, decoded: what a renderer holds
    /// in memory for them (4 bytes each). A megabyte of PNG can say 4,096 by
    /// 4,096 of one colour, 64 MiB decoded; this bounds the whole entry.
    public static let maximumEntryImagePixels = 2 * 4_096 * 4_096
    /// Frames of an animated GIF: a still picture shows the first, but a
    /// decoder may read them all.
    public static let maximumImageFrames = 64
    /// Pixels on either side of an image.
    public static let maximumImageSide = 4_096
    /// The largest length: `Frame.unbounded`, what `.infinity` archives as.
    public static let maximumLength = Frame.unbounded
    /// The largest font size, in points.
    public static let maximumFontSize = 1_000.0
    /// Columns of a grid.
    public static let maximumGridColumns = 100
    /// Characters of a URL, a symbol name, an intent's names or a parameter.
    public static let maximumNameLength = 2_048
    /// Elements of one path (a `Path`, or a custom shape's).
    public static let maximumPathElements = 4_096
    /// Elements of all the paths of an entry.
    public static let maximumEntryPathElements = 20_000
    /// Marks in one chart (Swift Charts draws a few thousand well; a widget's are a few dozen).
    public static let maximumChartMarks = ChartArchive.maximumMarks
    /// Marked values on one axis, and entries in a legend.
    public static let maximumChartTicks = ChartArchive.maximumTicks
    /// Dash lengths of one stroke.
    public static let maximumDashes = 64
    /// Stops of one gradient.
    public static let maximumGradientStops = 64
    /// How far outside a view (in multiples of its size) a gradient's points and an effect's anchor may be.
    public static let maximumUnitPoint = 1_000.0
    /// Dates within about ±3,000 years of 2001.
    public static let maximumTimeInterval = 1e11

    /// A validator with the limits above; it keeps no state between entries.
    public init() {}

    /// Whether `data` is an image an entry may carry (PNG, JPEG, GIF or SVG, within
    /// the size limits): a kind that fetches images checks before it shows one,
    /// as an iOS widget checks that `UIImage(data:)` is not nil.
    public static func accepts(image data: Data) -> Bool {
        guard data.count <= maximumImageBytes, let (width, height) = ImageHeader.size(of: data) else { return false }
        if let frames = ImageHeader.gifFrameSizes(in: data, limit: maximumImageFrames),
           frames.count > maximumImageFrames || frames.contains(where: { $0.width > maximumImageSide || $0.height > maximumImageSide }) {
            return false
        }
        return (1...maximumImageSide).contains(width) && (1...maximumImageSide).contains(height)
    }

    /// The timeline with its texts cut to their limits; throws for anything else out of bounds.
    public func validate(_ timeline: ArchivedTimeline) throws -> ArchivedTimeline {
        guard timeline.entries.count <= Self.maximumEntries else {
            throw EntryRefused(reason: "the timeline has \(timeline.entries.count) entries; at most \(Self.maximumEntries) are allowed")
        }
        if case .after(let date) = timeline.policy {
            try checkDate(date, "the reload policy's date", at: [])
        }
        guard timeline.relevantIntervals.count <= RelevantInterval.maximumCount else {
            throw EntryRefused(reason: "the timeline has \(timeline.relevantIntervals.count) relevant intervals; at most \(RelevantInterval.maximumCount) are allowed")
        }
        for interval in timeline.relevantIntervals {
            try checkDate(interval.start, "a relevant interval's start", at: [])
            try checkDate(interval.end, "a relevant interval's end", at: [])
            guard interval.start <= interval.end, (RelevantInterval.informational...RelevantInterval.scheduled).contains(interval.priority) else {
                throw EntryRefused(reason: "a relevant interval ends before it starts, or has a priority other than 1, 2 or 3")
            }
        }
        var checked = timeline
        for index in checked.entries.indices {
            do {
                checked.entries[index] = try validate(checked.entries[index])
            } catch var refused as EntryRefused {
                if timeline.entries.count > 1 { refused.entry = index + 1 }
                throw refused
            }
        }
        return checked
    }

    /// What a timeline keeps of a provider's relevance: the first
    /// `RelevantInterval.maximumCount` spans whose dates an entry could
    /// have. A hint out of range is left out rather than cost the timeline.
    static func kept(_ intervals: [RelevantInterval]) -> [RelevantInterval] {
        Array(intervals.filter { isInRange($0.start) && isInRange($0.end) }.prefix(RelevantInterval.maximumCount))
    }

    /// Whether an entry could have `date`: finite, and within `maximumTimeInterval` of 2001.
    private static func isInRange(_ date: Date) -> Bool {
        abs(date.timeIntervalSinceReferenceDate) <= maximumTimeInterval
    }

    /// The entry with its texts cut to their limits; throws for anything else out of bounds.
    public func validate(_ entry: ArchivedEntry) throws -> ArchivedEntry {
        try checkDate(entry.date, "the entry's date", at: [])
        if let relevance = entry.relevance {
            try checkFinite(Double(relevance.score), "the relevance score", at: [])
            try checkFinite(relevance.duration, "the relevance duration", at: [])
            guard abs(relevance.duration) <= Self.maximumTimeInterval else {
                throw EntryRefused(reason: "the relevance duration is \(Self.describe(relevance.duration)) s; at most \(Self.describe(Self.maximumTimeInterval)) are allowed")
            }
        }
        var budget = Budget()
        var path: [String] = []
        var checked = entry
        if let changed = try validate(entry.view, path: &path, budget: &budget) { checked.view = changed }
        return checked
    }

    /// The view with its texts cut to their limits; throws for anything else
    /// out of bounds. Renderers check each view they are given, so that no
    /// tree, whichever way it came, can make them trap or run away.
    public func validate(_ view: ViewNode) throws -> ViewNode {
        var budget = Budget()
        var path: [String] = []
        return try validate(view, path: &path, budget: &budget) ?? view
    }

    /// What an entry has used of its limits so far.
    struct Budget {
        var nodes = 0
        var text = 0
        var imageBytes = 0
        var imagePixels = 0
        var pathElements = 0
    }

    // Recursion is bounded by `maximumDepth`, checked before going deeper.
    // Returns nil for a node left as it was, so that checking a tree that
    // needs no cut copies nothing.
    private func validate(_ node: ViewNode, path: inout [String], budget: inout Budget) throws -> ViewNode? {
        path.append(node.content.viewName)
        defer { path.removeLast() }
        guard path.count <= Self.maximumDepth else {
            throw EntryRefused(reason: "views are nested more than \(Self.maximumDepth) deep", path: path)
        }
        budget.nodes += 1
        guard budget.nodes <= Self.maximumNodes else {
            throw EntryRefused(reason: "the entry has more than \(Self.maximumNodes) views", path: path)
        }
        var checked: ViewNode?
        if let content = try validate(node.content, path: path, budget: &budget) {
            checked = node
            checked!.content = content
        }
        guard node.modifiers.count <= Self.maximumModifiers else {
            throw EntryRefused(reason: "a view has \(node.modifiers.count) modifiers; at most \(Self.maximumModifiers) are allowed", path: path)
        }
        for index in node.modifiers.indices {
            guard let modifier = try validate(node.modifiers[index], path: path, budget: &budget) else { continue }
            if checked == nil { checked = node }
            checked!.modifiers[index] = modifier
        }
        for index in node.children.indices {
            guard let child = try validate(node.children[index], path: &path, budget: &budget) else { continue }
            if checked == nil { checked = node }
            checked!.children[index] = child
        }
        return checked
    }

    /// The content with its text cut, or nil when it stays as it is.
    private func validate(_ content: ViewNode.Content, path: [String], budget: inout Budget) throws -> ViewNode.Content? {
        switch content {
        case .group, .zstack, .layered, .divider, .label, .viewThatFits, .containerBackground:
            return nil
        case .variants(let variants):
            guard variants.count <= 3 else {
                throw EntryRefused(reason: "the entry has \(variants.count) variants; at most 3 are allowed", path: path)
            }
            for variant in variants where !["fullColor", "accented", "vibrant"].contains(variant.renderingMode) {
                try checkName(variant.renderingMode, "a variant's rendering mode", at: path)
                throw EntryRefused(reason: "a variant's rendering mode is \(EntryRefused.quoted(variant.renderingMode)); fullColor, accented or vibrant are allowed", path: path)
            }
            return nil
        case .lazyGrid(let tracks, _, let spacing):
            guard (1...Self.maximumGridColumns).contains(tracks.count) else {
                throw EntryRefused(reason: "the grid has \(tracks.count) tracks; 1 to \(Self.maximumGridColumns) are allowed", path: path)
            }
            if let spacing { try checkLength(spacing, "the spacing", signed: true, at: path) }
            for track in tracks {
                try checkLength(track.minimum, "a grid track's size", at: path)
                try checkLength(track.maximum, "a grid track's maximum", at: path)
                guard track.maximum >= track.minimum else {
                    throw EntryRefused(reason: "a grid track's maximum \(Self.describe(track.maximum)) is below its minimum \(Self.describe(track.minimum))", path: path)
                }
                if let spacing = track.spacing { try checkLength(spacing, "a grid track's spacing", signed: true, at: path) }
            }
            return nil
        case .text(let string):
            return cut(string, budget: &budget).map { .text($0) }
        case .image(.data(let data)):
            budget.imageBytes += data.count
            guard data.count <= Self.maximumImageBytes else {
                throw EntryRefused(reason: "an image of \(data.count) bytes is larger than the limit of \(Self.maximumImageBytes)", path: path)
            }
            guard budget.imageBytes <= Self.maximumEntryImageBytes else {
                throw EntryRefused(reason: "the entry's images are larger than the limit of \(Self.maximumEntryImageBytes) bytes together", path: path)
            }
            budget.imagePixels += try checkImage(data, at: path)
            guard budget.imagePixels <= Self.maximumEntryImagePixels else {
                throw EntryRefused(reason: "the entry's images hold more than \(Self.maximumEntryImagePixels) pixels together", path: path)
            }
            return nil
        case .image(.symbol(let name)):
            try checkName(name, "the symbol name", at: path)
            return nil
        case .spacer(let minLength):
            if let minLength { try checkLength(minLength, "the spacer's minimum length", at: path) }
            return nil
        case .vstack(_, let spacing), .hstack(_, let spacing):
            if let spacing { try checkLength(spacing, "the spacing", signed: true, at: path) }
            return nil
        case .grid(let columns, let spacing):
            guard (1...Self.maximumGridColumns).contains(columns) else {
                throw EntryRefused(reason: "the grid has \(columns) columns; 1 to \(Self.maximumGridColumns) are allowed", path: path)
            }
            if let spacing { try checkLength(spacing, "the spacing", signed: true, at: path) }
            return nil
        case .shape(let shape):
            try checkShape(shape, at: path, budget: &budget)
            return nil
        case .date(let date, _):
            try checkDate(date, "the date", at: path)
            return nil
        case .progress(let value, let total):
            try checkFinite(value, "the progress value", at: path)
            try checkFinite(total, "the progress total", at: path)
            return nil
        case .gauge(let value, let minimum, let maximum):
            try checkFinite(value, "the gauge's value", at: path)
            try checkFinite(minimum, "the gauge's minimum", at: path)
            try checkFinite(maximum, "the gauge's maximum", at: path)
            return nil
        case .control(let control):
            try checkIntent(control.intent, at: path)
            return nil
        case .link(let url):
            try checkURL(url, at: path)
            return nil
        case .chart:
            try checkChart(content, at: path, budget: &budget)
            return nil
        }
    }

    /// A chart's marks, ticks and legend: counted, finite, named within the
    /// limits; its marks count against the entry's paths, which they become.
    private func checkChart(_ content: ViewNode.Content, at path: [String], budget: inout Budget) throws {
        guard case .chart(let chart) = content else { return }
        guard chart.marks.count <= Self.maximumChartMarks else {
            throw EntryRefused(reason: "the chart has \(chart.marks.count) marks; at most \(Self.maximumChartMarks) are allowed", path: path)
        }
        budget.pathElements += chart.marks.count
        guard budget.pathElements <= Self.maximumEntryPathElements else {
            throw EntryRefused(reason: "the entry's paths and chart marks have more than \(Self.maximumEntryPathElements) elements together", path: path)
        }
        for mark in chart.marks {
            try checkPlotValue(mark.x, "a mark's x", at: path)
            try checkPlotValue(mark.x2, "a mark's x end", at: path)
            try checkPlotValue(mark.y, "a mark's y", at: path)
            try checkPlotValue(mark.y2, "a mark's y end", at: path)
            if let unit = mark.unit { try checkFinite(unit, "a mark's unit", at: path) }
            if let size = mark.symbolSize { try checkFinite(size, "a mark's symbol size", at: path) }
            if let opacity = mark.opacity { try checkFinite(opacity, "a mark's opacity", at: path) }
            if let radius = mark.cornerRadius { try checkFinite(radius, "a mark's corner radius", at: path) }
            if let from = mark.stackedFrom { try checkFinite(from, "a mark's stack", at: path) }
            if let to = mark.stackedTo { try checkFinite(to, "a mark's stack", at: path) }
            if let width = mark.lineStyle?.lineWidth { try checkLength(width, "a mark's line width", at: path) }
            try checkDimension(mark.width, "a mark's width", at: path)
            try checkDimension(mark.height, "a mark's height", at: path)
            if let color = mark.color { try checkColor(color, at: path) }
            if let fill = mark.fill { try checkColor(fill, at: path) }
            for name in [mark.series, mark.styleKey, mark.symbolKey, mark.positionKey].compactMap({ $0 }) + mark.labels {
                try checkName(name, "a mark's series or label", at: path)
            }
        }
        for axis in [chart.x, chart.y] {
            switch axis.scale {
            case .linear(let lower, let upper):
                try checkFinite(lower, "an axis's lower bound", at: path)
                try checkFinite(upper, "an axis's upper bound", at: path)
            case .categories(let names):
                guard names.count <= Self.maximumChartMarks else {
                    throw EntryRefused(reason: "an axis has \(names.count) categories; at most \(Self.maximumChartMarks) are allowed", path: path)
                }
                for name in names { try checkName(name, "a category", at: path) }
            }
            guard axis.ticks.count <= Self.maximumChartTicks else {
                throw EntryRefused(reason: "an axis has \(axis.ticks.count) marked values; at most \(Self.maximumChartTicks) are allowed", path: path)
            }
            for tick in axis.ticks {
                try checkPlotValue(tick.value, "an axis's marked value", at: path)
                if let label = tick.label { try checkName(label, "an axis's label", at: path) }
            }
        }
        if let legend = chart.legend {
            guard legend.entries.count <= Self.maximumChartTicks else {
                throw EntryRefused(reason: "the legend has \(legend.entries.count) entries; at most \(Self.maximumChartTicks) are allowed", path: path)
            }
            for entry in legend.entries {
                try checkName(entry.name, "a legend's entry", at: path)
                try checkColor(entry.color, at: path)
            }
        }
    }

    /// The modifier with its text cut, or nil when it stays as it is.
    private func validate(_ modifier: ArchivedModifier, path: [String], budget: inout Budget) throws -> ArchivedModifier? {
        switch modifier {
        case .font(let font):
            guard font.size.isFinite, font.size > 0, font.size <= Self.maximumFontSize else {
                throw EntryRefused(reason: "the font size is \(Self.describe(font.size)); more than 0 and at most \(Int(Self.maximumFontSize)) points are allowed", path: path)
            }
        case .foregroundStyle(let color), .background(let color), .containerBackground(let color), .tint(let color):
            try checkColor(color, at: path)
        case .padding(let insets):
            for (edge, value) in [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)] {
                try checkLength(value, "the \(edge) padding", signed: true, at: path)
            }
        case .frame(let frame):
            let extents = [("width", frame.width), ("height", frame.height), ("minimum width", frame.minWidth),
                           ("maximum width", frame.maxWidth), ("minimum height", frame.minHeight), ("maximum height", frame.maxHeight)]
            for case let (name, value?) in extents {
                try checkLength(value, "the frame \(name)", at: path)
            }
        case .clipShape(let shape):
            try checkShape(shape, at: path, budget: &budget)
        case .lineLimit(let limit):
            if let limit, limit < 0 {
                throw EntryRefused(reason: "the line limit is \(limit); it must not be negative", path: path)
            }
        case .minimumScaleFactor(let factor):
            guard factor.isFinite, (0...1).contains(factor) else {
                throw EntryRefused(reason: "the minimum scale factor is \(Self.describe(factor)); 0 to 1 is allowed", path: path)
            }
        case .opacity(let opacity):
            try checkFinite(opacity, "the opacity", at: path)
        case .widgetURL(let url):
            try checkURL(url, at: path)
        case .offset(let x, let y):
            try checkLength(x, "the horizontal offset", signed: true, at: path)
            try checkLength(y, "the vertical offset", signed: true, at: path)
        case .border(let color, let width):
            try checkColor(color, at: path)
            try checkLength(width, "the border's width", at: path)
        case .stroke(let width):
            try checkLength(width, "the line width", at: path)
        case .strokeStyle(let style):
            try checkLength(style.lineWidth, "the line width", at: path)
            try checkLength(style.miterLimit, "the miter limit", at: path)
            try checkLength(style.dashPhase, "the dash phase", signed: true, at: path)
            guard style.dash.count <= Self.maximumDashes else {
                throw EntryRefused(reason: "the stroke has \(style.dash.count) dash lengths; at most \(Self.maximumDashes) are allowed", path: path)
            }
            for length in style.dash { try checkLength(length, "a dash length", at: path) }
        case .shadow(let color, let radius, let x, let y):
            try checkColor(color, at: path)
            try checkLength(radius, "the shadow's radius", at: path)
            try checkLength(x, "the shadow's horizontal offset", signed: true, at: path)
            try checkLength(y, "the shadow's vertical offset", signed: true, at: path)
        case .rotation(let radians, let anchor):
            try checkFinite(radians, "the rotation", at: path)
            try checkPoint(anchor, "the rotation's anchor", at: path)
        case .scale(let x, let y, let anchor):
            try checkLength(x, "the horizontal scale", signed: true, at: path)
            try checkLength(y, "the vertical scale", signed: true, at: path)
            try checkPoint(anchor, "the scale's anchor", at: path)
        case .aspectRatio(let ratio, _):
            if let ratio {
                try checkLength(ratio, "the aspect ratio", at: path)
                guard ratio > 0 else { throw EntryRefused(reason: "the aspect ratio is 0; it must be more than 0", path: path) }
            }
        case .layoutPriority(let priority):
            try checkLength(priority, "the layout priority", signed: true, at: path)
        case .kerning(let points):
            try checkLength(points, "the kerning", signed: true, at: path)
        case .lineSpacing(let points):
            try checkLength(points, "the line spacing", signed: true, at: path)
        // What a screen reader says counts as text: a label is never a way round the entry's limits.
        case .accessibilityLabel(let label):
            return cut(label, budget: &budget).map { .accessibilityLabel($0) }
        case .accessibilityValue(let value):
            return cut(value, budget: &budget).map { .accessibilityValue($0) }
        case .accessibilityHint(let hint):
            return cut(hint, budget: &budget).map { .accessibilityHint($0) }
        case .fontWeight, .widgetAccentable, .widgetAccentedRenderingMode, .templateRendering, .multilineTextAlignment, .redacted, .fixedSize, .clipped, .italic, .buttonStyle,
             .gaugeStyle, .textCase, .fontDesign, .truncationMode, .accessibilityHidden:
            break
        case .underline(_, let color), .strikethrough(_, let color):
            if let color { try checkColor(color, at: path) }
        }
        return nil
    }

    // MARK: Values

    /// As much of the string as the limits allow with "…" after it, or nil
    /// when all of it is. Counted in Unicode scalars, so a letter with
    /// thousands of combining marks counts as what it costs to measure and draw.
    private func cut(_ string: String, budget: inout Budget) -> String? {
        let allowed = min(Self.maximumTextLength, max(0, Self.maximumEntryTextLength - budget.text))
        // Most texts: no more bytes than allowed scalars, so no need to walk the characters.
        if string.utf8.count <= allowed {
            budget.text += string.unicodeScalars.count
            return nil
        }
        var scalars = 0
        var end = string.startIndex
        for character in string {
            let size = character.unicodeScalars.count
            guard scalars + size <= allowed else {
                budget.text += scalars + 1
                return String(string[..<end]) + "…"
            }
            scalars += size
            end = string.index(after: end)
        }
        budget.text += scalars
        return nil
    }

    private func checkFinite(_ value: Double, _ name: String, at path: [String]) throws {
        guard value.isFinite else { throw EntryRefused(reason: "\(name) is not finite (\(Self.describe(value)))", path: path) }
    }

    private func checkLength(_ value: Double, _ name: String, signed: Bool = false, at path: [String]) throws {
        try checkFinite(value, name, at: path)
        let range = signed ? -Self.maximumLength...Self.maximumLength : 0...Self.maximumLength
        guard range.contains(value) else {
            throw EntryRefused(reason: "\(name) is \(Self.describe(value)); \(signed ? "±" : "0 to ")\(Self.describe(Self.maximumLength)) points are allowed", path: path)
        }
    }

    private func checkDate(_ date: Date, _ name: String, at path: [String]) throws {
        guard Self.isInRange(date) else {
            throw EntryRefused(reason: "\(name) is out of range (\(Self.describe(date.timeIntervalSinceReferenceDate)) s from 2001)", path: path)
        }
    }

    private func checkColor(_ color: Color, at path: [String]) throws {
        switch color {
        case .primary, .secondary, .accent:
            return
        case .semantic(_, let opacity):
            try checkFinite(opacity, "a colour's opacity", at: path)
        case .rgb(let red, let green, let blue, let opacity):
            for component in [red, green, blue, opacity] { try checkFinite(component, "a colour component", at: path) }
        case .gradient(let fill):
            let stops = fill.gradient.stops
            guard (1...Self.maximumGradientStops).contains(stops.count) else {
                throw EntryRefused(reason: "the gradient has \(stops.count) stops; 1 to \(Self.maximumGradientStops) are allowed", path: path)
            }
            for stop in stops {
                if case .gradient = stop.color {
                    throw EntryRefused(reason: "a gradient's stop is a gradient; stops are colours", path: path)
                }
                try checkColor(stop.color, at: path)
                try checkFinite(stop.location, "a gradient stop's location", at: path)
            }
            switch fill.kind {
            case .linear(let start, let end):
                try checkPoint(start, "the gradient's start", at: path)
                try checkPoint(end, "the gradient's end", at: path)
            case .radial(let center, let startRadius, let endRadius):
                try checkPoint(center, "the gradient's centre", at: path)
                try checkLength(startRadius, "the gradient's start radius", at: path)
                try checkLength(endRadius, "the gradient's end radius", at: path)
            case .angular(let center, let startAngle, let endAngle):
                try checkPoint(center, "the gradient's centre", at: path)
                try checkFinite(startAngle, "the gradient's start angle", at: path)
                try checkFinite(endAngle, "the gradient's end angle", at: path)
            }
        }
    }

    /// A unit point: finite, and within a range no drawing needs more than.
    private func checkPoint(_ point: UnitPoint, _ name: String, at path: [String]) throws {
        for value in [point.x, point.y] {
            try checkFinite(value, name, at: path)
            guard abs(value) <= Self.maximumUnitPoint else {
                throw EntryRefused(reason: "\(name) is \(Self.describe(value)) of the view's size; ±\(Int(Self.maximumUnitPoint)) is allowed", path: path)
            }
        }
    }

    private func checkShape(_ shape: ShapeKind, at path: [String], budget: inout Budget) throws {
        switch shape {
        case .rectangle, .circle, .capsule, .ellipse:
            break
        case .roundedRectangle(let radius):
            try checkLength(radius, "the corner radius", at: path)
        case .path(let archived):
            budget.pathElements += archived.elements.count
            guard archived.elements.count <= Self.maximumPathElements, budget.pathElements <= Self.maximumEntryPathElements else {
                throw EntryRefused(reason: "the path has \(archived.elements.count) elements (\(budget.pathElements) in the entry); at most \(Self.maximumPathElements) a path and \(Self.maximumEntryPathElements) an entry are allowed", path: path)
            }
            if let reference = archived.reference {
                for (name, value) in [("x", reference.minX), ("y", reference.minY)] { try checkLength(value, "the path's reference \(name)", signed: true, at: path) }
                for (name, value) in [("width", reference.width), ("height", reference.height)] { try checkLength(value, "the path's reference \(name)", at: path) }
            }
            for element in archived.elements {
                switch element {
                case .move(let point), .line(let point):
                    try checkPathPoint(point, at: path)
                case .quadCurve(let point, let control):
                    try checkPathPoint(point, at: path)
                    try checkPathPoint(control, at: path)
                case .curve(let point, let control1, let control2):
                    for point in [point, control1, control2] { try checkPathPoint(point, at: path) }
                case .closeSubpath:
                    break
                }
            }
        case .trimmed(let base, let from, let to):
            if case .trimmed = base { throw EntryRefused(reason: "a trimmed shape is trimmed again; the SDK folds trims into one", path: path) }
            for (name, value) in [("start", from), ("end", to)] {
                guard value.isFinite, (0...1).contains(value) else {
                    throw EntryRefused(reason: "the trim's \(name) is \(Self.describe(value)); 0 to 1 is allowed", path: path)
                }
            }
            try checkShape(base, at: path, budget: &budget)
        }
    }

    private func checkPathPoint(_ point: CGPoint, at path: [String]) throws {
        try checkLength(point.x, "a path's x", signed: true, at: path)
        try checkLength(point.y, "a path's y", signed: true, at: path)
    }

    private func checkName(_ name: String, _ what: String, at path: [String]) throws {
        guard name.utf8.count <= Self.maximumNameLength else {
            throw EntryRefused(reason: "\(what) is \(name.utf8.count) bytes long; at most \(Self.maximumNameLength) are allowed", path: path)
        }
    }

    private func checkPlotValue(_ value: PlotValue?, _ what: String, at path: [String]) throws {
        switch value {
        case .number(let number)?: try checkFinite(number, what, at: path)
        case .date(let date)?: try checkDate(date, what, at: path)
        case .category(let name)?: try checkName(name, what, at: path)
        case nil: return
        }
    }

    private func checkDimension(_ dimension: MarkDimension?, _ what: String, at path: [String]) throws {
        switch dimension {
        case .fixed(let points)?, .inset(let points)?: try checkLength(points, what, at: path)
        case .ratio(let ratio)?: try checkFinite(ratio, what, at: path)
        case .automatic?, nil: return
        }
    }

    /// Schemes a browser acts on by itself: a link the dashboard drew with
    /// one would run script or read local files, whoever tapped it.
    static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "filesystem", "about"]

    private func checkURL(_ url: URL, at path: [String]) throws {
        try checkName(url.absoluteString, "the link", at: path)
        let scheme = url.scheme?.lowercased()
        // An app's own scheme (`myapp://today`) is kept, as iOS keeps it for
        // the app to open; the web's schemes must name a host.
        guard let scheme, !Self.refusedSchemes.contains(scheme),
              (scheme != "http" && scheme != "https") || url.host != nil else {
            throw EntryRefused(reason: "it links to \(EntryRefused.quoted(url.absoluteString)); a link is http, https or an app's own scheme", path: path)
        }
    }

    private func checkIntent(_ intent: IntentReference, at path: [String]) throws {
        for (value, what) in [(intent.type, "the intent's type"), (intent.symbol, "the intent's symbol"), (intent.title, "the intent's title")] {
            try checkName(value, what, at: path)
        }
        for (name, value) in intent.parameters {
            try checkName(name, "a parameter's name", at: path)
            try checkParameter(value, "the parameter \(EntryRefused.quoted(name))", at: path)
        }
    }

    private func checkParameter(_ value: ConfigurationValue, _ what: String, at path: [String]) throws {
        switch value {
        case .string(let string): try checkName(string, what, at: path)
        case .double(let double): try checkFinite(double, what, at: path)
        case .int, .bool: break
        case .list(let values):
            for value in values { try checkParameter(value, what, at: path) }
        }
    }

    /// Checks an image's header; returns its pixels.
    private func checkImage(_ data: Data, at path: [String]) throws -> Int {
        guard let (width, height) = ImageHeader.size(of: data) else {
            throw EntryRefused(reason: "an image is not PNG, JPEG, GIF or SVG, or its header is damaged", path: path)
        }
        guard width > 0, height > 0, width <= Self.maximumImageSide, height <= Self.maximumImageSide else {
            throw EntryRefused(reason: "an image is \(width)×\(height) pixels; at most \(Self.maximumImageSide) on each side is allowed", path: path)
        }
        if let frames = ImageHeader.gifFrameSizes(in: data, limit: Self.maximumImageFrames) {
            guard frames.count <= Self.maximumImageFrames else {
                throw EntryRefused(reason: "an animated GIF has more than \(Self.maximumImageFrames) frames; at most \(Self.maximumImageFrames) are allowed", path: path)
            }
            if let large = frames.first(where: { $0.width > Self.maximumImageSide || $0.height > Self.maximumImageSide }) {
                throw EntryRefused(reason: "a frame of a GIF is \(large.width)×\(large.height) pixels; at most \(Self.maximumImageSide) on each side is allowed", path: path)
            }
        }
        return width * height
    }

    static func describe(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension ViewNode.Content {
    /// The SwiftUI name of the view a node was archived from, for messages.
    var viewName: String {
        switch self {
        case .group: "Group"
        case .text: "Text"
        case .image: "Image"
        case .spacer: "Spacer"
        case .vstack: "VStack"
        case .hstack: "HStack"
        case .zstack: "ZStack"
        case .grid: "Grid"
        case .shape(.rectangle): "Rectangle"
        case .shape(.circle): "Circle"
        case .shape(.capsule): "Capsule"
        case .shape(.roundedRectangle): "RoundedRectangle"
        case .shape(.ellipse): "Ellipse"
        case .shape(.path): "Path"
        case .shape(.trimmed): "trimmed shape"
        case .date: "Text(date)"
        case .progress: "ProgressView"
        case .gauge: "Gauge"
        case .control(let control): control.kind == .button ? "Button" : "Toggle"
        case .link: "Link"
        case .layered(_, let behind): behind ? "background" : "overlay"
        case .containerBackground: "containerBackground"
        case .variants: "variants"
        case .divider: "Divider"
        case .label: "Label"
        case .viewThatFits: "ViewThatFits"
        case .lazyGrid(_, let vertical, _): vertical ? "LazyVGrid" : "LazyHGrid"
        case .chart: "Chart"
        }
    }
}
