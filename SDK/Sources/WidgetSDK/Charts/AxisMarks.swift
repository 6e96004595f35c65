import Foundation

/// What `chartXAxis { … }` and `AxisMarks { value in … }` hold, as Swift
/// Charts' `AxisContent`: grid lines, ticks, labels, and `AxisMarks`.
public protocol AxisContent {
    /// What this content asks of each marked value.
    var axisParts: [AxisPart] { get }
}

/// One thing an axis content asks for at a value.
public enum AxisPart {
    /// A grid line across the plot.
    case gridLine
    /// A tick at the axis's edge.
    case tick
    /// A label; nil text is the axis's own format. `centered`: in the
    /// middle of the step to the next value (a day's label under its bar).
    case label(String?, centered: Bool)
    /// Marks of their own (a `chartXAxis` closure with several `AxisMarks`).
    case marks(AxisMarks)
}

/// Builds axis content, with `if` and `else`.
@resultBuilder
public enum AxisContentBuilder {
    /// One piece of content.
    public static func buildExpression(_ content: some AxisContent) -> AxisParts { AxisParts(content.axisParts) }
    /// Pieces in order.
    public static func buildBlock(_ parts: AxisParts...) -> AxisParts { AxisParts(parts.flatMap(\.axisParts)) }
    /// `if` without `else`.
    public static func buildOptional(_ part: AxisParts?) -> AxisParts { part ?? AxisParts([]) }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first: AxisParts) -> AxisParts { first }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second: AxisParts) -> AxisParts { second }
    /// `if #available`.
    public static func buildLimitedAvailability(_ part: AxisParts) -> AxisParts { part }
}

/// Axis content already built.
public struct AxisParts: AxisContent {
    /// What it asks for.
    public let axisParts: [AxisPart]

    init(_ parts: [AxisPart]) {
        axisParts = parts
    }
}

/// A value an axis marks, as `AxisMarks`' closure is given it.
public struct AxisValue: Sendable {
    /// Its place among the axis's marked values.
    public let index: Int
    /// How many values the axis marks.
    public let count: Int
    let value: PlotValue

    /// The value as `type`: `value.as(Date.self)`; nil when it is another kind.
    public func `as`<P: Plottable>(_ type: P.Type) -> P? {
        guard let primitive = P.PrimitivePlottable(plotValue: value) else { return nil }
        return P(primitivePlottable: primitive)
    }
}

/// Which values an axis marks, as Swift Charts' `AxisMarkValues`.
public struct AxisMarkValues {
    enum Choice {
        case automatic(desiredCount: Int?)
        case calendar(Calendar.Component, count: Int, calendar: Calendar)
        case stride(Double)
        case values([PlotValue])
    }

    let choice: Choice

    /// As many as read well for the axis's values.
    public static var automatic: AxisMarkValues { AxisMarkValues(choice: .automatic(desiredCount: nil)) }

    /// About `desiredCount` values, at round numbers or calendar units.
    public static func automatic(minimumStride: Double? = nil, desiredCount: Int? = nil, roundLowerBound: Bool? = nil,
                                 roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(choice: .automatic(desiredCount: desiredCount))
    }

    /// Every `count` `component`s of the calendar: `.stride(by: .day)`, `.stride(by: .hour, count: 6)`.
    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil,
                              roundUpperBound: Bool? = nil, calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(choice: .calendar(component, count: max(1, count), calendar: calendar ?? .current))
    }

    /// Every `step` of a number: `.stride(by: 25)`.
    public static func stride(by step: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(choice: .stride(step))
    }

    /// Exactly these values.
    public static func values<P: Plottable>(_ values: [P]) -> AxisMarkValues {
        AxisMarkValues(choice: .values(values.map(\.plotted)))
    }
}

extension AxisMarkValues: ExpressibleByArrayLiteral {
    /// Exactly these values: `AxisMarks(values: [0, 50, 100])`.
    public init(arrayLiteral elements: Double...) {
        choice = .values(elements.map(PlotValue.number))
    }
}

/// Which side of the plot an axis's marks go on, as Swift Charts' `AxisMarkPosition`.
public enum AxisMarkPosition: Sendable, Hashable {
    /// The axis's default: below, and on the trailing side.
    case automatic
    /// Before the plot.
    case leading
    /// After the plot.
    case trailing
    /// Above the plot.
    case top
    /// Below the plot.
    case bottom
}

/// How an axis's marks are laid out, as Swift Charts' `AxisMarkPreset`; all are drawn as `automatic`.
public enum AxisMarkPreset: Sendable, Hashable {
    /// As the chart decides.
    case automatic
    /// Reaching past the plot.
    case extended
    /// Lined up with the plot's edge.
    case aligned
    /// Inside the plot.
    case inset
}

/// The grid lines, ticks and labels of an axis: `AxisMarks(values: .stride(by: .day)) { value in AxisValueLabel(format: .dateTime.weekday()) }`.
public struct AxisMarks: AxisContent {
    let values: AxisMarkValues
    let position: AxisMarkPosition
    let format: ((PlotValue) -> String?)?
    let content: ((AxisValue) -> [AxisPart])?

    /// Marks at `values`, each with what `content` asks for.
    public init<Content: AxisContent>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                      values: AxisMarkValues = .automatic, @AxisContentBuilder content: @escaping (AxisValue) -> Content) {
        self.values = values
        self.position = position
        self.format = nil
        self.content = { content($0).axisParts }
    }

    /// Marks at `values` with a grid line, a tick and a label each.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                stroke: StrokeStyle? = nil) {
        self.values = values
        self.position = position
        self.format = nil
        self.content = nil
    }

    /// Marks at exactly these values, with a grid line, a tick and a label each.
    public init<P: Plottable>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [P],
                              stroke: StrokeStyle? = nil) {
        self.init(preset: preset, position: position, values: .values(values), stroke: stroke)
    }

    /// Marks at exactly these values, each with what `content` asks for.
    public init<P: Plottable, Content: AxisContent>(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                                    values: [P], @AxisContentBuilder content: @escaping (AxisValue) -> Content) {
        self.init(preset: preset, position: position, values: .values(values), content: content)
    }

    /// Marks whose labels are written in `format`: `AxisMarks(format: .dateTime.hour())`.
    public init<Format: FormatStyle>(format: Format, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                     values: AxisMarkValues = .automatic, stroke: StrokeStyle? = nil)
    where Format.FormatInput: Plottable, Format.FormatOutput == String {
        self.values = values
        self.position = position
        self.format = { value in
            AxisValue(index: 0, count: 1, value: value).as(Format.FormatInput.self).map(format.format)
        }
        self.content = nil
    }

    /// `AxisMarks` inside `chartXAxis { … }` stands for itself.
    public var axisParts: [AxisPart] { [.marks(self)] }
}

/// A line across the plot at each marked value.
public struct AxisGridLine: AxisContent {
    /// A grid line; its placement and stroke are the chart's.
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) {}
    /// A grid line.
    public var axisParts: [AxisPart] { [.gridLine] }
}

/// A short line at the axis's edge at each marked value.
public struct AxisTick: AxisContent {
    /// How long a tick is, as Swift Charts' `AxisTick.Length`; ticks here are the chart's length.
    public enum Length: Sendable, Hashable {
        /// The chart's length.
        case automatic
        /// As far as the label, and past it.
        case label(extendPastBy: Double = 0)
        /// As far as the longest label.
        case longestLabel
    }

    /// A tick; its length and stroke are the chart's.
    public init(centered: Bool? = nil, length: Length = .automatic, stroke: StrokeStyle? = nil) {}
    /// A tick.
    public init(centered: Bool? = nil, length: CGFloat, stroke: StrokeStyle? = nil) {}
    /// A tick.
    public var axisParts: [AxisPart] { [.tick] }
}

/// How labels that would overlap are resolved, as Swift Charts' `AxisValueLabelCollisionResolution`: here, later ones that overlap are left out.
public enum AxisValueLabelCollisionResolution: Sendable, Hashable {
    /// Leave out those that overlap.
    case automatic
    /// Leave out those that overlap, first come first kept.
    case greedy
    /// Cut those that overlap.
    case truncate
    /// Draw them all.
    case disabled
}

/// Which way labels run, as Swift Charts' `AxisValueLabelOrientation`; here always across.
public enum AxisValueLabelOrientation: Sendable, Hashable {
    /// As the chart decides.
    case automatic
    /// Across.
    case horizontal
    /// Up.
    case vertical
    /// Down.
    case verticalReversed
}

/// The label at each marked value: in the axis's format, a `format:` of
/// its own, or a text of its own.
public struct AxisValueLabel: AxisContent {
    let text: String?
    var centered = false

    /// The value in the axis's format.
    public init(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        text = nil
        self.centered = centered ?? false
    }

    /// A text of its own: `AxisValueLabel { Text("\(value.as(Int.self)!)k") }`; its words are drawn in the axis's style.
    public init<Content: View>(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                               collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                               orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                               verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        text = ViewNode(archiving: content()).plainText
        self.centered = centered ?? false
    }

    /// A text of its own, written out.
    public init<S: StringProtocol>(_ label: S, centered: Bool? = nil, anchor: UnitPoint? = nil) {
        text = String(label)
        self.centered = centered ?? false
    }

    /// A label of its own.
    public init(_ label: LocalizedStringKey, centered: Bool? = nil, anchor: UnitPoint? = nil) {
        text = label.plain
        self.centered = centered ?? false
    }

    /// A label of the value in `format`: `AxisValueLabel(format: .dateTime.weekday(.narrow))`.
    public init<Format: FormatStyle>(format: Format, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                                     collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                     orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil,
                                     verticalSpacing: CGFloat? = nil)
    where Format.FormatInput: Plottable, Format.FormatOutput == String {
        text = AxisValue.current.flatMap { $0.as(Format.FormatInput.self) }.map(format.format)
        self.centered = centered ?? false
    }

    /// The label.
    public var axisParts: [AxisPart] { [.label(text, centered: centered)] }
}

extension AxisValue {
    /// The value whose marks are being built: an `AxisValueLabel(format:)`
    /// inside `AxisMarks`' closure formats it. Archiving is synchronous,
    /// on one thread, within one `withValue`.
    @TaskLocal static var current: AxisValue?
}
