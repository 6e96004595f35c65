import Foundation
import WidgetSDK

/// A `Chart` at the size it is given: the legend, the axes' labels, then
/// the plot with its grid and marks, as Swift Charts lays one out (values
/// up the trailing edge, along the bottom, the legend below). Its
/// drawables are ordinary fills, strokes and text, so every renderer
/// draws it; the board draws the marks in braille (`Drawable.plot`).
extension LayoutPass {
    /// A chart's labels and legend: caption-sized, grey, on one line.
    private static let labelFont = Font.caption2
    /// Swift Charts' default symbol area, in square points.
    private static let defaultSymbolSize = 30.0

    func arrangeChart(_ node: ViewNode, proposal: Proposal, style: Style) -> Arranged {
        let size = Size(width: proposal.width ?? 160, height: proposal.height ?? 100)
        guard case .chart(let chart) = node.content else { return Arranged(size: size) }
        guard charge(chart.marks.count + chart.x.ticks.count + chart.y.ticks.count) else { return Arranged(size: size) }
        var small = style
        small.font = Self.labelFont
        small.weight = nil
        small.lineLimit = 1
        small.color = .secondary
        var drawables: [Drawable] = []

        // The legend, below the plot unless the chart says above.
        let lineHeight = Self.labelFont.size * LayoutEngine.lineHeight
        var legendTop: Double?
        if let legend = chart.legend {
            let above = [.top, .topLeading, .topTrailing].contains(legend.position)
            let y = above ? 0 : size.height - lineHeight
            var x = 0.0
            for entry in legend.entries {
                let text = arrangeText(entry.name, proposal: Proposal(width: nil, height: nil), style: small)
                guard x + 9 + text.size.width <= size.width else { break }
                drawables.append(Drawable(frame: Rect(x: x, y: y + (lineHeight - 6) / 2, width: 6, height: 6),
                                          kind: .fill(entry.symbol == .square ? .rectangle : .circle, entry.color), color: entry.color, accentable: style.accentable))
                drawables += placed(text.drawables, x + 9, y)
                x += 9 + text.size.width + 10
            }
            legendTop = above ? 0 : y
        }
        let legendAbove = legendTop == 0 && chart.legend != nil
        let legendSpace = chart.legend == nil ? 0 : lineHeight + 4

        // Room for the axes' labels: the widest of the vertical axis's, one line for the horizontal's.
        let xLabels = chart.x.visible && chart.x.ticks.contains { $0.label != nil }
        let yLabels = chart.y.visible ? chart.y.ticks.compactMap { tick in
            tick.label.map { (tick, arrangeText($0, proposal: Proposal(width: size.width / 3, height: nil), style: small)) }
        } : []
        let yLabelWidth = (yLabels.map(\.1.size.width).max() ?? 0) + (yLabels.isEmpty ? 0 : 4)
        let xLabelHeight = xLabels ? lineHeight + 2 : 0
        let plot = Rect(x: chart.y.edge == .leading ? yLabelWidth : 0,
                        y: (legendAbove ? legendSpace : 0) + (chart.x.edge == .top ? xLabelHeight : 0),
                        width: max(0, size.width - yLabelWidth),
                        height: max(0, size.height - xLabelHeight - legendSpace))
        let place = ChartPlacement(chart: chart, plot: plot)

        // The grid, behind the marks.
        if chart.x.visible { drawables += axisLines(chart.x, along: true, in: plot, place: place) }
        if chart.y.visible { drawables += axisLines(chart.y, along: false, in: plot, place: place) }

        // Marks are placed in the plot's own points, then moved onto it. One
        // reaching past the plot (a value outside the domain the chart gave)
        // is cut just past its edge, where a line's round end still shows.
        let bounds = Rect(x: -3, y: -3, width: plot.width + 6, height: plot.height + 6)
        for mark in markDrawables(chart, place: place, style: style) {
            var drawable = mark
            drawable.plot = .mark
            let extent = Self.extent(of: drawable)
            if extent.x < bounds.x || extent.y < bounds.y || extent.x + extent.width > bounds.x + bounds.width
                || extent.y + extent.height > bounds.y + bounds.height { drawable.clip = bounds }
            drawables.append(drawable.offset(by: plot.x, plot.y))
        }

        // The labels, each where its value is, leaving out one that would overlap the one before.
        if xLabels {
            var right = -Double.infinity
            let y = chart.x.edge == .top ? plot.y - xLabelHeight : plot.y + plot.height + 2
            for tick in chart.x.ticks {
                guard let label = tick.label, let fraction = place.x(tick.labelAt ?? tick.value), (-0.001...1.001).contains(fraction) else { continue }
                let text = arrangeText(label, proposal: Proposal(width: nil, height: nil), style: small)
                let centre = plot.x + fraction * plot.width
                let left = min(max(0, centre - text.size.width / 2), size.width - text.size.width)
                guard left >= right + 3 else { continue }
                drawables += placed(text.drawables, left, y)
                right = left + text.size.width
            }
        }
        // From the bottom up: each label above the one before it.
        var bottom = Double.infinity
        for (tick, text) in yLabels.sorted(by: { (place.y($0.0.labelAt ?? $0.0.value) ?? 0) < (place.y($1.0.labelAt ?? $1.0.value) ?? 0) }) {
            guard let fraction = place.y(tick.labelAt ?? tick.value), (-0.001...1.001).contains(fraction) else { continue }
            let centre = plot.y + (1 - fraction) * plot.height
            let top = min(max(plot.y - 2, centre - text.size.height / 2), plot.y + plot.height - text.size.height + 2)
            guard top + text.size.height <= bottom + 1 else { continue }
            let x = chart.y.edge == .leading ? yLabelWidth - 4 - text.size.width : plot.x + plot.width + 4
            drawables += placed(text.drawables, x, top)
            bottom = top
        }
        return Arranged(size: size, drawables: drawables)
    }

    /// Where a mark draws: its frame, or for a path the box around its points.
    private static func extent(of drawable: Drawable) -> Rect {
        switch drawable.kind {
        case .fill(let shape, _) where shape.isPath, .stroke(let shape, _) where shape.isPath:
            let points = shape.polylines(in: CGRect(x: drawable.frame.x, y: drawable.frame.y, width: drawable.frame.width, height: drawable.frame.height))
                .flatMap { $0 }
            guard let first = points.first else { return drawable.frame }
            var (left, top, right, bottom) = (first.x, first.y, first.x, first.y)
            for point in points {
                (left, top, right, bottom) = (min(left, point.x), min(top, point.y), max(right, point.x), max(bottom, point.y))
            }
            return Rect(x: left, y: top, width: right - left, height: bottom - top)
        default:
            return drawable.frame
        }
    }

    /// An axis's grid lines across the plot and ticks at its edge.
    private func axisLines(_ axis: ChartAxisArchive, along horizontal: Bool, in plot: Rect, place: ChartPlacement) -> [Drawable] {
        var lines: [Drawable] = []
        for tick in axis.ticks where tick.gridLine || tick.tick {
            guard let fraction = horizontal ? place.x(tick.value) : place.y(tick.value), (-0.001...1.001).contains(fraction) else { continue }
            var frames: [Rect] = []
            if horizontal {
                let x = plot.x + fraction * plot.width
                if tick.gridLine { frames.append(Rect(x: x - 0.25, y: plot.y, width: 0.5, height: plot.height)) }
                if tick.tick { frames.append(Rect(x: x - 0.25, y: axis.edge == .top ? plot.y - 4 : plot.y + plot.height, width: 0.5, height: 4)) }
            } else {
                let y = plot.y + (1 - fraction) * plot.height
                if tick.gridLine { frames.append(Rect(x: plot.x, y: y - 0.25, width: plot.width, height: 0.5)) }
                if tick.tick { frames.append(Rect(x: axis.edge == .leading ? plot.x - 4 : plot.x + plot.width, y: y - 0.25, width: 4, height: 0.5)) }
            }
            for frame in frames {
                var line = Drawable(frame: frame, kind: .fill(.rectangle, .secondary), color: .secondary, accentable: false)
                line.opacity = 0.5
                line.plot = .grid
                lines.append(line)
            }
        }
        return lines
    }

    /// The marks, in order: lines and areas as one path for each series, the rest one by one.
    private func markDrawables(_ chart: ChartArchive, place: ChartPlacement, style: Style) -> [Drawable] {
        var drawables: [Drawable] = []
        var done: Set<Int> = []
        for (index, mark) in chart.marks.enumerated() where !done.contains(index) {
            switch mark.kind {
            case .line, .area:
                // Every mark of this kind and series, in order, makes one line or area.
                let members = chart.marks.indices.filter { chart.marks[$0].kind == mark.kind && chart.marks[$0].series == mark.series }
                done.formUnion(members)
                let series = members.map { chart.marks[$0] }
                if mark.kind == .line {
                    drawables += lineDrawables(series, place: place, style: style)
                } else if let area = areaDrawable(series, place: place, style: style) {
                    drawables.append(area)
                }
            case .bar, .rectangle:
                if let frame = place.rectangle(mark) {
                    let shape: ShapeKind = (mark.cornerRadius ?? 0) > 0 ? .roundedRectangle(cornerRadius: mark.cornerRadius!) : .rectangle
                    drawables.append(markDrawable(mark, frame: frame, kind: .fill(shape, mark.fill ?? .accent), style: style))
                }
            case .point:
                if let point = place.point(mark) { drawables += symbolDrawables(mark, at: point, card: place.local, style: style) }
            case .rule:
                if let (from, to) = place.rule(mark) {
                    let path = ArchivedPath(elements: [.move(to: CGPoint(x: from.x, y: from.y)), .line(to: CGPoint(x: to.x, y: to.y))], reference: nil)
                    let width = mark.lineStyle?.lineWidth ?? 1
                    var rule = markDrawable(mark, frame: place.local, kind: .stroke(.path(path), lineWidth: width), style: style)
                    rule.line = mark.lineStyle ?? StrokeStyle(lineWidth: width)
                    drawables.append(rule)
                }
            }
        }
        return drawables
    }

    private func markDrawable(_ mark: ChartMarkArchive, frame: Rect, kind: Drawable.Kind, style: Style) -> Drawable {
        var drawable = Drawable(frame: frame, kind: kind, color: mark.fill ?? .accent, accentable: style.accentable)
        drawable.opacity = mark.opacity ?? 1
        return drawable
    }

    private func lineDrawables(_ series: [ChartMarkArchive], place: ChartPlacement, style: Style) -> [Drawable] {
        let points = series.compactMap(place.point)
        guard let first = series.first, !points.isEmpty else { return [] }
        let width = first.lineStyle?.lineWidth ?? 2
        var line = markDrawable(first, frame: place.local, kind: .stroke(.path(ArchivedPath(elements: ChartCurve.elements(points, first.interpolation),
                                                                                            reference: nil)), lineWidth: width), style: style)
        var stroke = first.lineStyle ?? StrokeStyle(lineWidth: width)
        stroke.lineCap = .round
        stroke.lineJoin = .round
        line.line = stroke
        var drawables = points.count > 1 ? [line] : []
        for (mark, point) in zip(series, series.map(place.point)) {
            guard let point, mark.drawnSymbol != nil || points.count == 1 else { continue }
            drawables += symbolDrawables(mark, at: point, card: place.local, style: style)
        }
        return drawables
    }

    private func areaDrawable(_ series: [ChartMarkArchive], place: ChartPlacement, style: Style) -> Drawable? {
        let edges = series.compactMap(place.band)
        guard let first = series.first, edges.count > 1 else { return nil }
        var elements = ChartCurve.elements(edges.map(\.top), first.interpolation)
        for point in edges.map(\.base).reversed() { elements.append(.line(to: point)) }
        elements.append(.closeSubpath)
        return markDrawable(first, frame: place.local, kind: .fill(.path(ArchivedPath(elements: elements, reference: nil)), first.fill ?? .accent), style: style)
    }

    /// A point's symbol, its area `symbolSize` square points.
    private func symbolDrawables(_ mark: ChartMarkArchive, at point: CGPoint, card: Rect, style: Style) -> [Drawable] {
        let side = min(100, max(2, (mark.symbolSize ?? Self.defaultSymbolSize).squareRoot()))
        let frame = Rect(x: point.x - side / 2, y: point.y - side / 2, width: side, height: side)
        let color = mark.fill ?? .accent
        let (x, y, h) = (point.x, point.y, side / 2)
        switch mark.drawnSymbol ?? .circle {
        case .circle:
            return [markDrawable(mark, frame: frame, kind: .fill(.circle, color), style: style)]
        case .square:
            return [markDrawable(mark, frame: frame, kind: .fill(.rectangle, color), style: style)]
        case .triangle:
            let path = ArchivedPath(elements: [.move(to: CGPoint(x: x, y: y - h)), .line(to: CGPoint(x: x + h, y: y + h)),
                                               .line(to: CGPoint(x: x - h, y: y + h)), .closeSubpath], reference: nil)
            return [markDrawable(mark, frame: card, kind: .fill(.path(path), color), style: style)]
        case .diamond, .pentagon:
            let path = ArchivedPath(elements: [.move(to: CGPoint(x: x, y: y - h)), .line(to: CGPoint(x: x + h, y: y)),
                                               .line(to: CGPoint(x: x, y: y + h)), .line(to: CGPoint(x: x - h, y: y)), .closeSubpath], reference: nil)
            return [markDrawable(mark, frame: card, kind: .fill(.path(path), color), style: style)]
        case .plus, .cross, .asterisk:
            let elements: [Path.Element] = mark.drawnSymbol == .plus
                ? [.move(to: CGPoint(x: x - h, y: y)), .line(to: CGPoint(x: x + h, y: y)), .move(to: CGPoint(x: x, y: y - h)), .line(to: CGPoint(x: x, y: y + h))]
                : [.move(to: CGPoint(x: x - h, y: y - h)), .line(to: CGPoint(x: x + h, y: y + h)), .move(to: CGPoint(x: x + h, y: y - h)), .line(to: CGPoint(x: x - h, y: y + h))]
            var cross = markDrawable(mark, frame: card, kind: .stroke(.path(ArchivedPath(elements: elements, reference: nil)), lineWidth: 1.5), style: style)
            cross.line = StrokeStyle(lineWidth: 1.5, lineCap: .round)
            return [cross]
        }
    }
}
