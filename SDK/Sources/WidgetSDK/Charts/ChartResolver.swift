import Foundation

/// Resolves a chart's marks against its options, as Swift Charts does
/// before it draws: stacks bars and areas, gives each series its colour,
/// finds each axis's domain and marks its values. What is left for the
/// host is to place all of it at the size the widget gives.
enum ChartResolver {
    /// Swift Charts' palette for values told apart by colour, in turn.
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo]
    /// The symbols values told apart by symbol take, in turn.
    static let symbols: [ChartSymbol] = [.circle, .square, .triangle, .diamond, .pentagon, .cross, .plus, .asterisk]
    /// About how many values an axis marks when it is not told.
    static let desiredTicks = (x: 5, y: 4)

    static func resolve(_ marks: [ChartMarkArchive], options: ChartOptions) -> ChartArchive {
        resolve(marks, settings: options.settings, xMarks: options.xMarks, yMarks: options.yMarks, keeping: nil)
    }

    /// `chart` resolved again with its own settings over `options`' (see `ChartOptionsView`).
    static func resolve(again chart: ChartArchive, under options: ChartOptions) -> ChartArchive {
        let settings = chart.settings.over(options.settings)
        let newX = !chart.settings.xMarks && options.xMarks != nil, newY = !chart.settings.yMarks && options.yMarks != nil
        guard settings != chart.settings || newX || newY else { return chart }
        return resolve(chart.marks, settings: settings, xMarks: newX ? options.xMarks : nil, yMarks: newY ? options.yMarks : nil, keeping: chart)
    }

    /// `keeping`: a chart resolved before, whose axes' own marks (from an
    /// `AxisMarks` closure, run once) stay where no new ones are given.
    static func resolve(_ raw: [ChartMarkArchive], settings: ChartSettings, xMarks: [AxisMarks]?, yMarks: [AxisMarks]?,
                        keeping: ChartArchive?) -> ChartArchive {
        var marks = stacked(raw)
        let (colors, legend) = styles(marks, settings: settings)
        let symbolOf = symbolMap(marks, settings: settings)
        for index in marks.indices {
            marks[index].fill = marks[index].color ?? marks[index].styleKey.flatMap { colors[$0] } ?? .accent
            marks[index].drawnSymbol = marks[index].symbolKey.flatMap { symbolOf[$0] } ?? marks[index].symbol
        }
        positions(&marks)

        var x = axis(marks, horizontal: true, setting: settings.xScale, visibility: settings.xAxis)
        var y = axis(marks, horizontal: false, setting: settings.yScale, visibility: settings.yAxis)
        mark(&x, with: xMarks, given: settings.xMarks, kept: keeping?.x, horizontal: true)
        mark(&y, with: yMarks, given: settings.yMarks, kept: keeping?.y, horizontal: false)

        let shownLegend = settings.legend == .hidden || legend.isEmpty ? nil
            : ChartLegendArchive(entries: legend.prefix(ChartArchive.maximumTicks).map { entry in
                ChartLegendArchive.Entry(name: entry, color: colors[entry] ?? .accent, symbol: symbolOf.isEmpty ? nil : symbolOf[entry])
            }, position: settings.legendPosition ?? .automatic)
        return ChartArchive(marks: marks, x: x, y: y, legend: shownLegend, settings: settings)
    }

    /// An axis's ticks: from its own `AxisMarks` when given now; kept from
    /// `kept` when they were given before (their closure ran then); else the
    /// chart's own.
    static func mark(_ axis: inout ChartAxisArchive, with own: [AxisMarks]?, given: Bool, kept: ChartAxisArchive?, horizontal: Bool) {
        if let own {
            axis.ticks = ticks(on: axis, marks: own, horizontal: horizontal, edge: &axis.edge)
        } else if given, let kept {
            (axis.ticks, axis.edge) = (kept.ticks, kept.edge)
        } else {
            axis.ticks = ticks(on: axis, marks: [AxisMarks()], horizontal: horizontal, edge: &axis.edge, automatic: true)
        }
    }

    /// Bars and areas at one place, one on another: each stacked mark's
    /// `stackedFrom` and `stackedTo` on its value axis, positives up from
    /// zero and negatives down, in the order the marks come.
    static func stacked(_ raw: [ChartMarkArchive]) -> [ChartMarkArchive] {
        var marks = raw
        var tops: [String: (up: Double, down: Double)] = [:]
        for index in marks.indices {
            let mark = marks[index]
            guard mark.kind == .bar || mark.kind == .area, mark.stacked else { continue }
            let horizontal = mark.kind == .bar && mark.isHorizontal
            let (place, value) = horizontal ? (mark.y, mark.x) : (mark.x, mark.y)
            // A range (`yStart`, `xStart`) is not stacked: it says where it is.
            guard mark.x2 == nil, mark.y2 == nil, case .number(let amount)? = value else { continue }
            // Bars side by side (`position(by:)`) stack within their own group.
            let key = "\(mark.kind.rawValue)|\(horizontal)|\(place?.description ?? "")|\(mark.positionKey ?? "")"
            var top = tops[key] ?? (0, 0)
            let from = amount >= 0 ? top.up : top.down
            if amount >= 0 { top.up += amount } else { top.down += amount }
            tops[key] = top
            marks[index].stackedFrom = from
            marks[index].stackedTo = from + amount
        }
        return marks
    }

    /// Each colour key's colour, and the keys in the legend's order: the
    /// scale's domain first, then the data's in the order it comes.
    static func styles(_ marks: [ChartMarkArchive], settings: ChartSettings) -> ([String: Color], [String]) {
        let keys = marks.compactMap(\.styleKey)
        let palette = settings.palette.flatMap { $0.isEmpty ? nil : $0 } ?? Self.palette
        let colors = assigned(keys, given: settings.styles?.map { ($0.name, $0.color) } ?? [], turns: palette)
        let used = Set(keys)
        let order = (settings.styles?.map(\.name) ?? []) + keys
        var legend: [String] = []
        for key in order where used.contains(key) && !legend.contains(key) { legend.append(key) }
        return (colors, legend)
    }

    static func symbolMap(_ marks: [ChartMarkArchive], settings: ChartSettings) -> [String: ChartSymbol] {
        let keys = marks.compactMap(\.symbolKey)
        guard !keys.isEmpty else { return [:] }
        return assigned(keys, given: settings.symbols?.map { ($0.name, $0.symbol) } ?? [], turns: symbols)
    }

    /// A scale's values: each key the one its scale gives, else the next of
    /// `turns` in order (the scale's domain first, then the data's keys as they come).
    static func assigned<Value>(_ keys: [String], given: [(String, Value)], turns: [Value]) -> [String: Value] {
        var order = given.map(\.0)
        for key in keys where !order.contains(key) { order.append(key) }
        let mapping = Dictionary(given, uniquingKeysWith: { first, _ in first })
        var values: [String: Value] = [:]
        for (index, key) in order.enumerated() { values[key] = mapping[key] ?? turns[index % turns.count] }
        return values
    }

    /// `.position(by:)`: each bar's place among the keys sharing its band.
    static func positions(_ marks: inout [ChartMarkArchive]) {
        var keys: [String] = []
        for key in marks.compactMap(\.positionKey) where !keys.contains(key) { keys.append(key) }
        guard !keys.isEmpty else { return }
        for index in marks.indices {
            guard let key = marks[index].positionKey else { continue }
            marks[index].positionIndex = keys.firstIndex(of: key)
            marks[index].positionCount = keys.count
        }
    }

    /// An axis's scale from the values the marks put on it, or the domain the chart gave.
    static func axis(_ marks: [ChartMarkArchive], horizontal: Bool, setting: ChartScaleSetting?, visibility: Visibility?) -> ChartAxisArchive {
        var values: [PlotValue] = []
        var stackedEnds: [Double] = []
        var units: [Double] = []
        for mark in marks {
            let (value, other) = horizontal ? (mark.x, mark.x2) : (mark.y, mark.y2)
            values += [value, other].compactMap { $0 }
            let onValueAxis = (mark.kind == .bar && mark.isHorizontal) == horizontal
            if mark.kind == .bar || mark.kind == .area, onValueAxis {
                if let from = mark.stackedFrom, let to = mark.stackedTo { stackedEnds += [from, to] }
            } else if let unit = mark.unit, case .date(let date)? = value {
                // A bar on a date with a unit covers the unit: the axis reaches its end.
                values.append(.date(date.addingTimeInterval(unit)))
                units.append(unit)
            }
        }
        let edge: ChartAxisArchive.Edge = horizontal ? .bottom : .trailing
        let visible = visibility != .hidden
        let reversed = setting?.reversed ?? false
        if let domain = setting?.domain, domain.contains(where: { if case .category = $0 { true } else { false } }) {
            return ChartAxisArchive(scale: .categories(domain.map(\.description)), temporal: false, reversed: reversed, visible: visible, edge: edge, ticks: [])
        }
        if values.contains(where: { if case .category = $0 { true } else { false } }) {
            var names: [String] = []
            for case .category(let name) in values where !names.contains(name) { names.append(name) }
            return ChartAxisArchive(scale: .categories(names), temporal: false, reversed: reversed, visible: visible, edge: edge, ticks: [])
        }
        let temporal = values.contains { if case .date = $0 { true } else { false } }
            || (setting?.domain?.contains { if case .date = $0 { true } else { false } } ?? false)
        var lower: Double, upper: Double
        if let domain = setting?.domain, domain.count >= 2, let low = domain[0].quantity, let high = domain[domain.count - 1].quantity, high > low {
            (lower, upper) = (low, high)
        } else {
            let quantities = values.compactMap(\.quantity) + stackedEnds
            lower = quantities.min() ?? 0
            upper = quantities.max() ?? 1
            // Swift Charts' automatic numeric domain reaches zero unless told not to.
            if !temporal, setting?.includesZero ?? true {
                lower = min(lower, 0)
                upper = max(upper, 0)
            }
            if upper <= lower {
                let pad = temporal ? (units.max() ?? 3_600) / 2 : max(1, abs(lower) * 0.1)
                (lower, upper) = (lower - pad, upper + pad)
                if !temporal, lower < 0, values.compactMap(\.quantity).allSatisfy({ $0 >= 0 }) { lower = 0 }
            }
            // Widened to round numbers a little finer than the marked values, so the top mark is not far above the data.
            if !temporal { (lower, upper) = ChartTicks.rounded(lower, upper, count: (horizontal ? desiredTicks.x : desiredTicks.y) + 1) }
        }
        return ChartAxisArchive(scale: .linear(lower: lower, upper: upper), temporal: temporal, reversed: reversed, visible: visible,
                                edge: edge, ticks: [])
    }

    /// The values `marks` mark on `axis`, each with what its content asks
    /// for. `automatic`: the chart's own marks, which on a category axis
    /// are labels only, as Swift Charts draws them.
    static func ticks(on axis: ChartAxisArchive, marks: [AxisMarks], horizontal: Bool, edge: inout ChartAxisArchive.Edge,
                      automatic: Bool = false) -> [ChartTick] {
        var ticks: [ChartTick] = []
        for mark in marks {
            switch mark.position {
            case .leading where !horizontal: edge = .leading
            case .trailing where !horizontal: edge = .trailing
            case .top where horizontal: edge = .top
            case .bottom where horizontal: edge = .bottom
            default: break
            }
            let (values, writer) = markedValues(on: axis, mark.values, horizontal: horizontal)
            for (index, value) in values.enumerated() {
                let parts: [AxisPart]
                if let content = mark.content {
                    let axisValue = AxisValue(index: index, count: values.count, value: value)
                    parts = AxisValue.$current.withValue(axisValue) { content(axisValue) }
                } else if automatic, case .categories = axis.scale {
                    parts = [.label(nil, centered: false)]
                } else {
                    parts = [.gridLine, .tick, .label(nil, centered: false)]
                }
                var label: String?
                var labelAt: PlotValue?
                for part in parts {
                    guard case .label(let text, let centered) = part else { continue }
                    label = text ?? mark.format?(value) ?? writer(value)
                    if centered { labelAt = middle(value, next: index + 1 < values.count ? values[index + 1] : nil, previous: index > 0 ? values[index - 1] : nil) }
                }
                ticks.append(ChartTick(value: value, label: label, gridLine: parts.contains { if case .gridLine = $0 { true } else { false } },
                                       tick: parts.contains { if case .tick = $0 { true } else { false } }, labelAt: labelAt))
            }
        }
        // As many as the entry checks allow: a stride by the hour over a year
        // marks every so many hours rather than refusing the entry.
        guard ticks.count > ChartArchive.maximumTicks else { return ticks }
        let step = (ticks.count + ChartArchive.maximumTicks - 1) / ChartArchive.maximumTicks
        return ticks.enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }

    /// Halfway from `value` to the next marked value (or as far past it as the previous was before it).
    static func middle(_ value: PlotValue, next: PlotValue?, previous: PlotValue?) -> PlotValue? {
        guard let here = value.quantity else { return nil }
        let step: Double
        if let there = next?.quantity { step = there - here } else if let before = previous?.quantity { step = here - before } else { return nil }
        switch value {
        case .date: return .date(Date(timeIntervalSince1970: here + step / 2))
        default: return .number(here + step / 2)
        }
    }

    /// The values `choice` marks on `axis`, and how the axis writes one by default.
    static func markedValues(on axis: ChartAxisArchive, _ choice: AxisMarkValues, horizontal: Bool) -> ([PlotValue], (PlotValue) -> String) {
        switch axis.scale {
        case .categories(let names):
            let all = names.map(PlotValue.category)
            if case .values(let values) = choice.choice { return (values, \.description) }
            return (all, \.description)
        case .linear(let lower, let upper):
            let count = horizontal ? desiredTicks.x : desiredTicks.y
            if axis.temporal {
                let calendar = Calendar.current
                switch choice.choice {
                case .calendar(let component, let step, let calendar):
                    let dates = ChartTicks.stride(from: Date(timeIntervalSince1970: lower), to: Date(timeIntervalSince1970: upper),
                                                  by: component, count: step, calendar: calendar)
                    return (dates.map(PlotValue.date), ChartTicks.dateWriter(component, calendar))
                case .values(let values):
                    return (values, ChartTicks.dateWriter(.day, calendar))
                case .automatic(let desired):
                    let (dates, component) = ChartTicks.dates(lower, upper, count: desired ?? count, unit: nil, calendar: calendar)
                    return (dates.map(PlotValue.date), ChartTicks.dateWriter(component, calendar))
                case .stride(let seconds):
                    let values = Swift.stride(from: lower, through: upper, by: max(seconds, (upper - lower) / 1_000)).map { PlotValue.date(Date(timeIntervalSince1970: $0)) }
                    return (values, ChartTicks.dateWriter(.minute, calendar))
                }
            }
            switch choice.choice {
            case .values(let values):
                let step = zip(values.compactMap(\.quantity), values.compactMap(\.quantity).dropFirst()).map { abs($1 - $0) }.min()
                return (values, { ChartTicks.numberLabel($0.quantity ?? 0, step: step) })
            case .stride(let step):
                let step = max(step, (upper - lower) / 1_000)
                let start = (lower / step).rounded(.up) * step
                let values = Swift.stride(from: start, through: upper + step * 1e-9, by: step).map(PlotValue.number)
                return (values, { ChartTicks.numberLabel($0.quantity ?? 0, step: step) })
            case .automatic(let desired):
                let (values, step) = ChartTicks.numbers(lower, upper, count: desired ?? count)
                return (values.map(PlotValue.number), { ChartTicks.numberLabel($0.quantity ?? 0, step: step) })
            case .calendar:
                let (values, step) = ChartTicks.numbers(lower, upper, count: count)
                return (values.map(PlotValue.number), { ChartTicks.numberLabel($0.quantity ?? 0, step: step) })
            }
        }
    }
}
