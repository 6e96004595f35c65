import Foundation

extension ChartContent {
    /// Every mark of this content changed by `change`.
    func remarked(_ change: (inout ChartMarkArchive) -> Void) -> ArchivedChartContent {
        ArchivedChartContent(archivedMarks.map { mark in
            var copy = mark
            change(&copy)
            return copy
        })
    }

    /// A colour of the marks' own: `.foregroundStyle(.orange)`.
    public func foregroundStyle(_ color: Color) -> ArchivedChartContent { remarked { $0.color = color } }

    /// A style of the marks' own: a colour or a gradient.
    public func foregroundStyle(_ style: some ShapeStyle) -> ArchivedChartContent {
        let color = style.archivedColor
        return remarked { $0.color = color }
    }

    /// A colour for each value, from the chart's palette or its
    /// `chartForegroundStyleScale`, with a legend: `.foregroundStyle(by: .value("City", city))`.
    /// Lines and areas also split into a series for each value.
    public func foregroundStyle<P: Plottable>(by value: PlottableValue<P>) -> ArchivedChartContent {
        let key = value.value.description
        return remarked { mark in
            mark.styleKey = key
            if mark.series == nil { mark.series = key }
        }
    }

    /// How a line or area passes through its points: `.interpolationMethod(.catmullRom)`.
    public func interpolationMethod(_ method: InterpolationMethod) -> ArchivedChartContent { remarked { $0.interpolation = method } }

    /// A symbol at each point of a line, or a point's shape: `.symbol(.circle)`.
    public func symbol(_ symbol: ChartSymbol) -> ArchivedChartContent { remarked { $0.symbol = symbol } }

    /// A symbol of any of the basic shapes.
    public func symbol(_ symbol: some ChartSymbolShape) -> ArchivedChartContent {
        let shape = symbol.archivedSymbol
        return remarked { $0.symbol = shape }
    }

    /// A symbol at each point, told apart by value: `.symbol(by: .value("City", city))`.
    public func symbol<P: Plottable>(by value: PlottableValue<P>) -> ArchivedChartContent {
        let key = value.value.description
        return remarked { mark in
            mark.symbolKey = key
            if mark.series == nil { mark.series = key }
        }
    }

    /// The symbols' area in square points (Swift Charts' default is about 30).
    public func symbolSize(_ size: CGFloat) -> ArchivedChartContent { remarked { $0.symbolSize = Double(size) } }

    /// The symbols' size as a width and height; the area is their product.
    public func symbolSize(_ size: CGSize) -> ArchivedChartContent { remarked { $0.symbolSize = Double(size.width * size.height) } }

    /// How a line or rule is stroked: `.lineStyle(StrokeStyle(lineWidth: 3))`.
    public func lineStyle(_ style: StrokeStyle) -> ArchivedChartContent { remarked { $0.lineStyle = style } }

    /// The marks' opacity.
    public func opacity(_ opacity: Double) -> ArchivedChartContent { remarked { $0.opacity = opacity } }

    /// Rounded corners on bars and rectangles.
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .circular) -> ArchivedChartContent {
        remarked { $0.cornerRadius = Double(radius) }
    }

    /// Bars side by side in their band rather than stacked: `.position(by: .value("Year", year))`.
    public func position<P: Plottable>(by value: PlottableValue<P>, axis: Axis? = nil, span: MarkDimension = .automatic) -> ArchivedChartContent {
        let key = value.value.description
        return remarked { $0.positionKey = key }
    }

    /// A view beside each mark. Accepted and not drawn: the widget's own
    /// views around the chart carry what a caption would (docs/charts.md).
    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    @ViewBuilder content: () -> C) -> ArchivedChartContent {
        ArchivedChartContent(archivedMarks)
    }

    /// What VoiceOver says of a mark. Accepted: the card's spoken summary names the chart's series instead.
    public func accessibilityLabel(_ label: Text) -> ArchivedChartContent { ArchivedChartContent(archivedMarks) }

    /// What VoiceOver says of a mark's value. Accepted, as `accessibilityLabel` is.
    public func accessibilityValue(_ value: Text) -> ArchivedChartContent { ArchivedChartContent(archivedMarks) }

    /// Hides marks from VoiceOver. Accepted, as `accessibilityLabel` is.
    public func accessibilityHidden(_ hidden: Bool) -> ArchivedChartContent { ArchivedChartContent(archivedMarks) }

    /// Moves marks by points. Accepted and not drawn: marks stay where their values are.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ArchivedChartContent { ArchivedChartContent(archivedMarks) }

    /// Which marks are drawn on top. Marks are drawn in order here: a later mark is on top.
    public func zIndex(_ value: Double) -> ArchivedChartContent { ArchivedChartContent(archivedMarks) }
}
