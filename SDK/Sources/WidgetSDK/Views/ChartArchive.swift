import Foundation

/// A chart as archived: its marks, its two axes resolved (scale, ticks
/// and their labels), its legend, and the settings its modifiers gave,
/// so that a modifier applied further out can resolve it again.
public struct ChartArchive: Codable, Sendable, Hashable {
    /// The marks, in the order they are drawn.
    public var marks: [ChartMarkArchive]
    /// The horizontal axis.
    public var x: ChartAxisArchive
    /// The vertical axis.
    public var y: ChartAxisArchive
    /// The legend, when the chart shows one.
    public var legend: ChartLegendArchive?
    /// What the chart's modifiers said.
    public var settings: ChartSettings

    /// Marks in one chart the entry checks allow.
    public static let maximumMarks = 2_000
    /// Marked values on one axis, and entries in a legend, the entry checks
    /// allow; the extension thins an axis's marks to as many.
    public static let maximumTicks = 200
}

/// One axis: its scale, where it is drawn and its ticks.
public struct ChartAxisArchive: Codable, Sendable, Hashable {
    /// How values map along the axis.
    public enum Scale: Codable, Sendable, Hashable {
        /// Numbers, or dates in seconds since 1970, from `lower` to `upper`.
        case linear(lower: Double, upper: Double)
        /// A band for each name, in order.
        case categories([String])

        enum CategoriesCodingKeys: String, CodingKey { case _0 = "names" }
    }

    /// Which side of the plot the axis's labels are on.
    public enum Edge: String, Codable, Sendable, Hashable {
        /// Left, for a vertical axis.
        case leading
        /// Right, for a vertical axis (Swift Charts' default).
        case trailing
        /// Above, for a horizontal axis.
        case top
        /// Below, for a horizontal axis (the default).
        case bottom
    }

    /// How values map along the axis.
    public var scale: Scale
    /// Whether the values are dates.
    public var temporal: Bool
    /// Whether the axis runs backwards (`chartYScale(domain: .automatic(reversed: true))`).
    public var reversed: Bool
    /// Whether the axis's lines and labels are drawn (`chartXAxis(.hidden)`).
    public var visible: Bool
    /// Where its labels go.
    public var edge: Edge
    /// Its grid lines, ticks and labels.
    public var ticks: [ChartTick]

    /// Where `value` falls along the axis, from 0 (its start) to 1 (its
    /// end); a category at the middle of its band. Nil for a value of
    /// another kind, or a category the axis does not have.
    public func fraction(of value: PlotValue) -> Double? {
        let fraction: Double
        switch (scale, value) {
        case (.categories(let names), .category(let name)):
            guard let index = names.firstIndex(of: name) else { return nil }
            fraction = (Double(index) + 0.5) / Double(names.count)
        case (.linear(let lower, let upper), _):
            guard let quantity = value.quantity, upper > lower else { return nil }
            fraction = (quantity - lower) / (upper - lower)
        default:
            return nil
        }
        return reversed ? 1 - fraction : fraction
    }

    /// A category's band as a share of the axis; a linear axis has none.
    public var band: Double? {
        guard case .categories(let names) = scale, !names.isEmpty else { return nil }
        return 1 / Double(names.count)
    }

    /// How far `seconds` (or units of a number) reach along a linear axis, as a share of it.
    public func span(_ amount: Double) -> Double? {
        guard case .linear(let lower, let upper) = scale, upper > lower else { return nil }
        return amount / (upper - lower)
    }
}

/// A value marked on an axis: a grid line across the plot, a tick at its
/// edge and a label, each where the chart's `AxisMarks` asked for it.
public struct ChartTick: Codable, Sendable, Hashable {
    /// Where.
    public var value: PlotValue
    /// Its label, written as the axis's format says; nil for none.
    public var label: String?
    /// Whether a line crosses the plot here.
    public var gridLine: Bool
    /// Whether a short tick marks the edge here.
    public var tick: Bool
    /// Where the label goes when not at the value: the middle of the step
    /// to the next (`AxisValueLabel(centered: true)`).
    public var labelAt: PlotValue?

    /// A tick as archived.
    public init(value: PlotValue, label: String?, gridLine: Bool, tick: Bool, labelAt: PlotValue? = nil) {
        self.value = value
        self.label = label
        self.gridLine = gridLine
        self.tick = tick
        self.labelAt = labelAt
    }
}

/// The legend: a swatch and a name for each value of `foregroundStyle(by:)`.
public struct ChartLegendArchive: Codable, Sendable, Hashable {
    /// One value's swatch and name.
    public struct Entry: Codable, Sendable, Hashable {
        /// The value, as its label writes it.
        public var name: String
        /// Its colour.
        public var color: Color
        /// Its symbol, when marks are told apart by symbol too.
        public var symbol: ChartSymbol?
    }

    /// The entries, in the order of the scale's domain.
    public var entries: [Entry]
    /// Where the legend goes: below the plot unless the chart says.
    public var position: AnnotationPosition
}

/// What a chart's modifiers said, archived so that a modifier applied
/// outside an archived chart (`Chart { … }.padding().chartLegend(.hidden)`)
/// can resolve it again; the nearest to the chart wins, as SwiftUI's environment does.
public struct ChartSettings: Codable, Sendable, Hashable {
    /// `chartXAxis(_:)`; nil when not said.
    public var xAxis: Visibility?
    /// `chartYAxis(_:)`.
    public var yAxis: Visibility?
    /// Whether `chartXAxis { AxisMarks(…) }` gave the horizontal axis's ticks (they are resolved once).
    public var xMarks = false
    /// Whether `chartYAxis { AxisMarks(…) }` gave the vertical axis's ticks.
    public var yMarks = false
    /// `chartXScale(domain:)`.
    public var xScale: ChartScaleSetting?
    /// `chartYScale(domain:)`.
    public var yScale: ChartScaleSetting?
    /// `chartLegend(_:)`.
    public var legend: Visibility?
    /// `chartLegend(position:)`.
    public var legendPosition: AnnotationPosition?
    /// `chartForegroundStyleScale`: each value's colour, in the domain's order.
    public var styles: [ChartStyleEntry]?
    /// `chartForegroundStyleScale(range:)`: the colours given out in turn.
    public var palette: [Color]?
    /// `chartSymbolScale`: each value's symbol.
    public var symbols: [ChartSymbolEntry]?

    /// Nothing said.
    public init() {}

    /// These settings where they say something, else `outer`'s.
    func over(_ outer: ChartSettings) -> ChartSettings {
        var merged = self
        merged.xAxis = xAxis ?? outer.xAxis
        merged.yAxis = yAxis ?? outer.yAxis
        merged.xMarks = xMarks || outer.xMarks
        merged.yMarks = yMarks || outer.yMarks
        merged.xScale = xScale ?? outer.xScale
        merged.yScale = yScale ?? outer.yScale
        merged.legend = legend ?? outer.legend
        merged.legendPosition = legendPosition ?? outer.legendPosition
        merged.styles = styles ?? outer.styles
        merged.palette = palette ?? outer.palette
        merged.symbols = symbols ?? outer.symbols
        return merged
    }
}

/// A scale's domain as `chartXScale(domain:)` or `chartYScale(domain:)` gave it.
public struct ChartScaleSetting: Codable, Sendable, Hashable {
    /// The values the axis shows: two ends for numbers and dates, every name for categories; nil is the data's.
    public var domain: [PlotValue]?
    /// Whether an automatic numeric domain reaches zero (the default).
    public var includesZero: Bool?
    /// Whether the axis runs backwards.
    public var reversed: Bool?
}

/// One value's colour in `chartForegroundStyleScale`.
public struct ChartStyleEntry: Codable, Sendable, Hashable {
    /// The value, as its label writes it.
    public var name: String
    /// Its colour.
    public var color: Color
}

/// One value's symbol in `chartSymbolScale`.
public struct ChartSymbolEntry: Codable, Sendable, Hashable {
    /// The value, as its label writes it.
    public var name: String
    /// Its symbol.
    public var symbol: ChartSymbol
}

/// Where an annotation goes beside its mark, as Swift Charts' `AnnotationPosition`;
/// also where `chartLegend(position:)` puts the legend.
public enum AnnotationPosition: String, Codable, Sendable, Hashable {
    /// Where there is room.
    case automatic
    /// Above.
    case top
    /// Below.
    case bottom
    /// Before.
    case leading
    /// After.
    case trailing
    /// On the mark.
    case overlay
    /// Above and before.
    case topLeading
    /// Above and after.
    case topTrailing
    /// Below and before.
    case bottomLeading
    /// Below and after.
    case bottomTrailing
}
