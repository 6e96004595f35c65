import Foundation

/// What a `Chart` holds, as Swift Charts' `ChartContent`: marks, a
/// `ForEach` of marks, or content of one's own with a `body`.
public protocol ChartContent {
    /// The type of the content's body.
    associatedtype Body: ChartContent
    /// The content, built from marks.
    @ChartContentBuilder var body: Body { get }
}

extension Never: ChartContent {}

/// Content that archives itself into marks instead of through a body.
protocol PrimitiveChartContent: ChartContent where Body == Never {
    var marks: [ChartMarkArchive] { get }
}

extension ChartContent where Body == Never {
    /// Marks have no body: the SDK archives them directly.
    public var body: Never { return fatalError("\(Self.self) is a mark and has no body") }
}

extension ChartContent {
    /// The marks this content archives to, in order.
    var archivedMarks: [ChartMarkArchive] {
        if let primitive = self as? any PrimitiveChartContent { return primitive.marks }
        return body.archivedMarks
    }
}

/// Content already archived; what every builder step and modifier returns.
public struct ArchivedChartContent: PrimitiveChartContent {
    let marks: [ChartMarkArchive]

    init(_ marks: [ChartMarkArchive]) {
        self.marks = marks
    }
}

/// Builds a chart's content from marks, `if`, `for` and `ForEach`, as
/// Swift Charts' builder does.
@resultBuilder
public enum ChartContentBuilder {
    /// One mark or content.
    public static func buildExpression<Content: ChartContent>(_ content: Content) -> ArchivedChartContent {
        ArchivedChartContent(content.archivedMarks)
    }

    /// Marks in order.
    public static func buildBlock(_ parts: ArchivedChartContent...) -> ArchivedChartContent {
        ArchivedChartContent(parts.flatMap(\.marks))
    }

    /// `if` without `else`.
    public static func buildOptional(_ part: ArchivedChartContent?) -> ArchivedChartContent {
        part ?? ArchivedChartContent([])
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: ArchivedChartContent) -> ArchivedChartContent { first }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: ArchivedChartContent) -> ArchivedChartContent { second }

    /// A `for` loop.
    public static func buildArray(_ parts: [ArchivedChartContent]) -> ArchivedChartContent {
        ArchivedChartContent(parts.flatMap(\.marks))
    }

    /// `if #available`.
    public static func buildLimitedAvailability(_ part: ArchivedChartContent) -> ArchivedChartContent { part }
}

extension ForEach: ChartContent, PrimitiveChartContent {
    /// Marks for each element of `data`: `ForEach(days) { BarMark(…) }`.
    /// Disfavoured: where a ForEach of marks is inside another, both forms
    /// fit, and the view form keeps the marks as well.
    @_disfavoredOverload
    public init(_ data: Data, @ChartContentBuilder content: (Data.Element) -> some ChartContent) {
        self.init(nodes: [], marks: data.flatMap { content($0).archivedMarks })
    }

    /// Swift Charts' form with identities; a chart keeps none between entries, so `id` is not used.
    @_disfavoredOverload
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: (Data.Element) -> some ChartContent) {
        self.init(data, content: content)
    }

    /// A `ForEach` has no body, as a view or as chart content.
    public var body: Never { return fatalError("ForEach is archived directly and has no body") }
}
