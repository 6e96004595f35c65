/// A bar filled to `value` of `total`: `ProgressView(value: 0.4)`.
public struct ProgressView: View, PrimitiveView {
    let node: ViewNode

    /// A bar filled to `value` of `total`: `ProgressView(value: 0.4)`.
    public init(value: Double, total: Double = 1) {
        node = ViewNode(.progress(value: value.isFinite ? value : 0, total: total.isFinite && total > 0 ? total : 1))
    }
}

/// A value within a range, drawn as a bar with a marker: `Gauge(value: 72, in: 0...100)`.
public struct Gauge: View, PrimitiveView {
    let node: ViewNode

    /// A gauge showing `value` within `range`: `Gauge(value: 72, in: 0...100)`.
    public init(value: Double, in range: ClosedRange<Double> = 0...1) {
        node = ViewNode(.gauge(value: value.isFinite ? value : range.lowerBound, minimum: range.lowerBound, maximum: range.upperBound))
    }
}

/// A colour fills its space, as in SwiftUI: `Color.blue.frame(height: 4)`.
extension Color: View, PrimitiveView {
    var node: ViewNode { ViewNode(.shape(.rectangle), modifiers: [.foregroundStyle(self)]) }
}
