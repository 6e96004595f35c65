import Foundation

/// A chart, as Swift Charts' `Chart`: marks on two axes, drawn at the
/// size the widget gives it.
///
/// ```swift
/// Chart(days) { day in
///     BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
/// }
/// .chartYAxis(.hidden)
/// ```
public struct Chart: View, PrimitiveView {
    let marks: [ChartMarkArchive]

    /// A chart of the marks `content` builds.
    public init(@ChartContentBuilder content: () -> some ChartContent) {
        marks = content().archivedMarks
    }

    /// A chart of the marks `content` builds for each element of `data`.
    public init<Data: RandomAccessCollection>(_ data: Data, @ChartContentBuilder content: (Data.Element) -> some ChartContent) {
        marks = data.flatMap { content($0).archivedMarks }
    }

    /// Swift Charts' form with identities; a chart keeps none between entries, so `id` is not used.
    public init<Data: RandomAccessCollection, ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                           @ChartContentBuilder content: (Data.Element) -> some ChartContent) {
        self.init(data, content: content)
    }

    var node: ViewNode {
        let options = ChartOptions.current ?? ChartOptions()
        return ViewNode(.chart(ChartResolver.resolve(marks, options: options)))
    }
}

/// What the chart modifiers around a chart said: the archived settings,
/// and the axes' `AxisMarks`, which are resolved against the chart's data.
struct ChartOptions: @unchecked Sendable {
    // @unchecked: `AxisMarks` holds the author's closures; options live in
    // a task-local for the one synchronous archiving of an entry.
    var settings = ChartSettings()
    var xMarks: [AxisMarks]?
    var yMarks: [AxisMarks]?

    /// These options where they say something, else `outer`'s: the nearest modifier wins.
    func over(_ outer: ChartOptions) -> ChartOptions {
        ChartOptions(settings: settings.over(outer.settings), xMarks: xMarks ?? outer.xMarks, yMarks: yMarks ?? outer.yMarks)
    }

    @TaskLocal static var current: ChartOptions?
}

/// A view whose charts take `options`: what every chart modifier returns.
struct ChartOptionsView<Base: View>: View, PrimitiveView {
    let base: Base
    let options: ChartOptions

    var node: ViewNode {
        let outer = ChartOptions.current
        let merged = outer.map { options.over($0) } ?? options
        let node = ChartOptions.$current.withValue(merged) { ViewNode(archiving: base) }
        // A chart archived before these options reached it (a modifier
        // between, as in `Chart { … }.padding().chartLegend(.hidden)`)
        // is resolved again with them under its own.
        return node.rechartingCharts(with: merged)
    }
}

extension ViewNode {
    /// This tree with every chart resolved again, its own settings over `options`.
    func rechartingCharts(with options: ChartOptions) -> ViewNode {
        var copy = self
        if case .chart = content { copy.content = Self.recharted(content, with: options) }
        copy.children = children.map { $0.rechartingCharts(with: options) }
        return copy
    }

    /// Apart from the walk, so that a deep tree's frames do not each hold a chart.
    private static func recharted(_ content: Content, with options: ChartOptions) -> Content {
        guard case .chart(let chart) = content else { return content }
        return .chart(ChartResolver.resolve(again: chart, under: options))
    }
}

extension View {
    func charted(_ change: (inout ChartOptions) -> Void) -> ChartOptionsView<Self> {
        var options = ChartOptions()
        change(&options)
        return ChartOptionsView(base: self, options: options)
    }

    /// Shows or hides the horizontal axis: `.chartXAxis(.hidden)`.
    public func chartXAxis(_ visibility: Visibility) -> some View { charted { $0.settings.xAxis = visibility } }

    /// Shows or hides the vertical axis.
    public func chartYAxis(_ visibility: Visibility) -> some View { charted { $0.settings.yAxis = visibility } }

    /// The horizontal axis's marks: `.chartXAxis { AxisMarks(values: .stride(by: .day)) }`.
    public func chartXAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let marks = AxisMarks.gathered(content().axisParts)
        return charted {
            $0.xMarks = marks
            $0.settings.xMarks = true
        }
    }

    /// The vertical axis's marks: `.chartYAxis { AxisMarks(position: .leading) }`.
    public func chartYAxis<Content: AxisContent>(@AxisContentBuilder content: () -> Content) -> some View {
        let marks = AxisMarks.gathered(content().axisParts)
        return charted {
            $0.yMarks = marks
            $0.settings.yMarks = true
        }
    }

    /// The horizontal axis's domain: `.chartXScale(domain: 0...100)`, an array of categories, or `.automatic(includesZero: false)`.
    public func chartXScale(domain: some ScaleDomain, type: ScaleType? = nil) -> some View {
        let setting = domain.scaleSetting
        return charted { $0.settings.xScale = setting }
    }

    /// The vertical axis's domain: `.chartYScale(domain: 0...100)`.
    public func chartYScale(domain: some ScaleDomain, type: ScaleType? = nil) -> some View {
        let setting = domain.scaleSetting
        return charted { $0.settings.yScale = setting }
    }

    /// The horizontal axis's domain and the plot's padding; the padding is the chart's own here.
    public func chartXScale(domain: some ScaleDomain, range: PlotDimensionScaleRange, type: ScaleType? = nil) -> some View {
        chartXScale(domain: domain, type: type)
    }

    /// The vertical axis's domain and the plot's padding; the padding is the chart's own here.
    public func chartYScale(domain: some ScaleDomain, range: PlotDimensionScaleRange, type: ScaleType? = nil) -> some View {
        chartYScale(domain: domain, type: type)
    }

    /// The plot's padding along the horizontal axis. Accepted: the chart's own padding is used.
    public func chartXScale(range: PlotDimensionScaleRange, type: ScaleType? = nil) -> some View { self }

    /// The plot's padding along the vertical axis. Accepted: the chart's own padding is used.
    public func chartYScale(range: PlotDimensionScaleRange, type: ScaleType? = nil) -> some View { self }

    /// Shows or hides the legend: `.chartLegend(.hidden)`.
    public func chartLegend(_ visibility: Visibility) -> some View { charted { $0.settings.legend = visibility } }

    /// Where the legend goes: `.chartLegend(position: .top)`.
    public func chartLegend(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        charted { $0.settings.legendPosition = position }
    }

    /// A legend of one's own. Accepted: the chart's legend is drawn, where `position` says.
    public func chartLegend<Content: View>(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil,
                                           @ViewBuilder content: () -> Content) -> some View {
        charted { $0.settings.legendPosition = position }
    }

    /// Each value's colour: `.chartForegroundStyleScale(["Rain": .blue, "Snow": .cyan])`.
    public func chartForegroundStyleScale<Value: Plottable, Style: ShapeStyle>(_ mapping: KeyValuePairs<Value, Style>) -> some View {
        let styles = mapping.map { ChartStyleEntry(name: $0.key.plotted.description, color: $0.value.archivedColor) }
        return charted { $0.settings.styles = styles }
    }

    /// Each value's colour, from a domain and a range in the same order.
    public func chartForegroundStyleScale<Value: Plottable, Style: ShapeStyle>(domain: [Value], range: [Style], type: ScaleType? = nil) -> some View {
        let styles = zip(domain, range).map { ChartStyleEntry(name: $0.plotted.description, color: $1.archivedColor) }
        return charted { $0.settings.styles = styles }
    }

    /// The colours values are given in turn, in the order they come.
    public func chartForegroundStyleScale<Style: ShapeStyle>(range: [Style], type: ScaleType? = nil) -> some View {
        let palette = range.map(\.archivedColor)
        return charted { $0.settings.palette = palette }
    }

    /// Each value's symbol: `.chartSymbolScale(["Paris": .circle, "Rome": .square])`.
    public func chartSymbolScale<Value: Plottable>(_ mapping: KeyValuePairs<Value, ChartSymbol>) -> some View {
        let symbols = mapping.map { ChartSymbolEntry(name: $0.key.plotted.description, symbol: $0.value) }
        return charted { $0.settings.symbols = symbols }
    }

    /// The plot area's own style. Accepted and not drawn: the plot keeps the card's background.
    public func chartPlotStyle<Content: View>(content: @escaping (ChartPlotContent) -> Content) -> some View { self }

    /// A title for the horizontal axis. Accepted and not drawn: a widget's own text says what it shows.
    public func chartXAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View { self }

    /// A title for the vertical axis. Accepted and not drawn, as `chartXAxisLabel` is.
    public func chartYAxisLabel(_ label: LocalizedStringKey, position: AnnotationPosition = .automatic, alignment: Alignment? = nil,
                                spacing: CGFloat? = nil) -> some View { self }
}

extension AxisMarks {
    /// The `AxisMarks` a `chartXAxis` closure holds; anything else in it
    /// (a bare `AxisGridLine`) is the one default `AxisMarks` with those parts.
    static func gathered(_ parts: [AxisPart]) -> [AxisMarks] {
        var marks: [AxisMarks] = []
        var loose: [AxisPart] = []
        for part in parts {
            if case .marks(let inner) = part { marks.append(inner) } else { loose.append(part) }
        }
        if !loose.isEmpty { marks.append(AxisMarks(content: { _ in AxisParts(loose) })) }
        return marks
    }
}

/// The plot area, as `chartPlotStyle`'s closure is given it.
public struct ChartPlotContent: View, PrimitiveView {
    var node: ViewNode { ViewNode(.group) }
}

/// A domain `chartXScale` and `chartYScale` take: a range, an array, or `.automatic(…)`.
public protocol ScaleDomain {
    /// The domain as archived.
    var scaleSetting: ChartScaleSetting { get }
}

extension ClosedRange: ScaleDomain where Bound: Plottable {
    /// From the lower bound to the upper.
    public var scaleSetting: ChartScaleSetting { ChartScaleSetting(domain: [lowerBound.plotted, upperBound.plotted]) }
}

extension Range: ScaleDomain where Bound: Plottable {
    /// From the lower bound to the upper.
    public var scaleSetting: ChartScaleSetting { ChartScaleSetting(domain: [lowerBound.plotted, upperBound.plotted]) }
}

extension Array: ScaleDomain where Element: Plottable {
    /// Categories, in this order; for numbers or dates, from the least to the greatest.
    public var scaleSetting: ChartScaleSetting {
        let values = map(\.plotted)
        if values.contains(where: { if case .category = $0 { true } else { false } }) { return ChartScaleSetting(domain: values) }
        let quantities = values.compactMap(\.quantity)
        guard let low = quantities.indices.min(by: { quantities[$0] < quantities[$1] }),
              let high = quantities.indices.max(by: { quantities[$0] < quantities[$1] }) else { return ChartScaleSetting() }
        return ChartScaleSetting(domain: [values[low], values[high]])
    }
}

/// The data's own domain, as Swift Charts' `AutomaticScaleDomain`: `.automatic(includesZero: false)`.
public struct AutomaticScaleDomain: ScaleDomain {
    /// The domain as archived.
    public let scaleSetting: ChartScaleSetting
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    /// The data's own domain, reaching zero or not, backwards or not.
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain(scaleSetting: ChartScaleSetting(includesZero: includesZero, reversed: reversed))
    }

    /// The data's own domain.
    public static var automatic: AutomaticScaleDomain { .automatic() }
}

/// A scale's kind, as Swift Charts' `ScaleType`; scales here are linear, or bands for categories.
public enum ScaleType: Sendable, Hashable {
    /// Linear.
    case linear
    /// Logarithmic (drawn linear).
    case log
    /// Square root (drawn linear).
    case squareRoot
    /// A band for each category.
    case category
    /// Dates.
    case date
}

/// The plot's padding along an axis, as Swift Charts' `PlotDimensionScaleRange`; accepted.
public struct PlotDimensionScaleRange: Sendable, Hashable {
    /// Padding at both ends.
    public static func plotDimension(padding: CGFloat = 0) -> PlotDimensionScaleRange { PlotDimensionScaleRange() }
    /// Padding at each end.
    public static func plotDimension(startPadding: CGFloat = 0, endPadding: CGFloat = 0) -> PlotDimensionScaleRange { PlotDimensionScaleRange() }
}
