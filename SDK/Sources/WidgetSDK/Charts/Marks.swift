import Foundation

/// Whether bars and areas at one place stack, as Swift Charts' `MarkStackingMethod`.
public enum MarkStackingMethod: Sendable, Hashable {
    /// One on another (the default).
    case standard
    /// Each from zero, overlapping.
    case unstacked
    /// One on another, scaled to fill the axis; drawn here as `standard`.
    case normalized
    /// One on another around a centre line; drawn here as `standard`.
    case center
}

extension PlottableValue {
    /// The unit a date spans, in seconds (a calendar day, an hour…); nil when none was given.
    var unitSeconds: Double? {
        guard let unit, case .date(let date) = value, let interval = calendar.dateInterval(of: unit, for: date) else { return nil }
        return interval.duration > 0 ? interval.duration : nil
    }

    /// For a date with a unit: the middle of the unit it falls in, where a
    /// point or a line's vertex sits beside the unit's bar.
    var centred: PlotValue {
        guard let unitSeconds, case .date(let start) = placed else { return value }
        return .date(start.addingTimeInterval(unitSeconds / 2))
    }

    /// For a date with a unit: the start of the unit it falls in, where a bar begins.
    var placed: PlotValue {
        guard let unit, case .date(let date) = value, let start = calendar.dateInterval(of: unit, for: date)?.start else { return value }
        return .date(start)
    }
}

/// A point of a line: `LineMark(x: .value("Hour", hour), y: .value("°C", temperature))`.
public struct LineMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A point of the chart's line.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.line, x: x.centred, y: y.centred, labels: [x.label, y.label])]
    }

    /// A point of the line for `series`: one line for each of its values.
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        marks = [ChartMarkArchive(.line, x: x.centred, y: y.centred, series: series.value.description, labels: [x.label, y.label])]
    }
}

/// A point of a filled area: `AreaMark(x: .value("Hour", hour), y: .value("mm", rain))`.
public struct AreaMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A point of an area from zero, stacked on the series before it at the same place.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        marks = [ChartMarkArchive(.area, x: x.centred, y: y.centred, stacked: stacking != .unstacked, labels: [x.label, y.label])]
    }

    /// A point of the area for `series`.
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>,
                                                         stacking: MarkStackingMethod = .standard) {
        marks = [ChartMarkArchive(.area, x: x.value, y: y.value, stacked: stacking != .unstacked, series: series.value.description,
                                  labels: [x.label, y.label])]
    }

    /// A point of a band from `yStart` to `yEnd` (a day's low and high).
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.area, x: x.value, y: yEnd.value, y2: yStart.value, labels: [x.label, yEnd.label])]
    }

    /// A point of a band from `xStart` to `xEnd`, along a vertical axis.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.area, x: xEnd.value, x2: xStart.value, y: y.value, labels: [xEnd.label, y.label])]
    }
}

/// A bar: `BarMark(x: .value("Day", day, unit: .day), y: .value("Steps", steps))`.
/// Bars at one place stack; a category on `y` lays them across.
public struct BarMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A bar from zero to its value, stacked on those before it at the same place.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                             height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        let unit = x.unitSeconds ?? y.unitSeconds
        marks = [ChartMarkArchive(.bar, x: x.placed, y: y.placed, unit: unit, width: width == .automatic ? nil : width,
                                  height: height == .automatic ? nil : height, stacked: stacking != .unstacked, labels: [x.label, y.label])]
    }

    /// A bar from `yStart` to `yEnd` (a day's range).
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                             width: MarkDimension = .automatic) {
        marks = [ChartMarkArchive(.bar, x: x.placed, y: yEnd.value, y2: yStart.value, unit: x.unitSeconds,
                                  width: width == .automatic ? nil : width, labels: [x.label, yEnd.label])]
    }

    /// A bar across, from `xStart` to `xEnd` (a task's time on a timeline).
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                             height: MarkDimension = .automatic) {
        marks = [ChartMarkArchive(.bar, x: xEnd.value, x2: xStart.value, y: y.placed, unit: y.unitSeconds,
                                  height: height == .automatic ? nil : height, labels: [xEnd.label, y.label])]
    }

    /// A bar across the plot from zero to `x`, one high.
    public init<X: Plottable>(x: PlottableValue<X>, height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        marks = [ChartMarkArchive(.bar, x: x.value, height: height == .automatic ? nil : height, stacked: stacking != .unstacked, labels: [x.label])]
    }

    /// A bar up the plot from zero to `y`, one wide.
    public init<Y: Plottable>(y: PlottableValue<Y>, width: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        marks = [ChartMarkArchive(.bar, y: y.value, width: width == .automatic ? nil : width, stacked: stacking != .unstacked, labels: [y.label])]
    }
}

/// A symbol at a point: `PointMark(x: .value("Hour", hour), y: .value("°C", temperature))`.
public struct PointMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A symbol at (`x`, `y`).
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        var mark = ChartMarkArchive(.point, x: x.centred, y: y.centred, labels: [x.label, y.label])
        mark.symbol = .circle
        marks = [mark]
    }
}

/// A line across the plot at a value (`RuleMark(y: .value("Goal", 10_000))`), or along a range.
public struct RuleMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A horizontal line across the plot at `y`.
    public init<Y: Plottable>(y: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.rule, y: y.value, labels: [y.label])]
    }

    /// A vertical line down the plot at `x` (now, on a timeline).
    public init<X: Plottable>(x: PlottableValue<X>) {
        marks = [ChartMarkArchive(.rule, x: x.value, labels: [x.label])]
    }

    /// A vertical line at `x` from `yStart` to `yEnd`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.rule, x: x.value, y: yEnd.value, y2: yStart.value, labels: [x.label, yEnd.label])]
    }

    /// A horizontal line at `y` from `xStart` to `xEnd`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.rule, x: xEnd.value, x2: xStart.value, y: y.value, labels: [xEnd.label, y.label])]
    }
}

/// A rectangle: around a point (a heat map's cell) or between two ranges.
public struct RectangleMark: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    /// A rectangle centred on (`x`, `y`); on a category it fills the band.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
                                             height: MarkDimension = .automatic) {
        marks = [ChartMarkArchive(.rectangle, x: x.placed, y: y.placed, unit: x.unitSeconds ?? y.unitSeconds,
                                  width: width == .automatic ? nil : width, height: height == .automatic ? nil : height, labels: [x.label, y.label])]
    }

    /// The rectangle from `xStart` to `xEnd` and from `yStart` to `yEnd`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        marks = [ChartMarkArchive(.rectangle, x: xEnd.value, x2: xStart.value, y: yEnd.value, y2: yStart.value, labels: [xEnd.label, yEnd.label])]
    }

    /// A band at `x`, from `yStart` to `yEnd`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                             width: MarkDimension = .automatic) {
        marks = [ChartMarkArchive(.rectangle, x: x.placed, y: yEnd.value, y2: yStart.value, unit: x.unitSeconds,
                                  width: width == .automatic ? nil : width, labels: [x.label, yEnd.label])]
    }

    /// A band at `y`, from `xStart` to `xEnd`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>,
                                             height: MarkDimension = .automatic) {
        marks = [ChartMarkArchive(.rectangle, x: xEnd.value, x2: xStart.value, y: y.placed, unit: y.unitSeconds,
                                  height: height == .automatic ? nil : height, labels: [xEnd.label, y.label])]
    }
}
