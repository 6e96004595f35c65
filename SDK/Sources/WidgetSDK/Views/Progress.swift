/// A bar filled to `value` of `total`: `ProgressView(value: 0.4)`.
public struct ProgressView: View, PrimitiveView {
    let node: ViewNode

    /// A bar filled to `value` of `total`: `ProgressView(value: 0.4)`.
    public init(value: Double, total: Double = 1) {
        node = ViewNode(.progress(value: value.isFinite ? value : 0, total: total.isFinite && total > 0 ? total : 1))
    }
}

/// A value within a range: `Gauge(value: 72, in: 0...100) { Text("Level") }
/// currentValueLabel: { Text("72") }`, drawn as its `.gaugeStyle(_:)` says
/// (a bar with a marker by default; `.accessoryCircular` an open ring).
/// Its labels are its children, in this order: label, current value,
/// minimum, maximum; an absent one is an empty group.
public struct Gauge: View, PrimitiveView {
    let node: ViewNode

    /// A gauge showing `value` within `range`: `Gauge(value: 72, in: 0...100)`.
    public init<Value: BinaryFloatingPoint>(value: Value, in range: ClosedRange<Value> = 0...1) {
        node = Self.node(Double(value), Double(range.lowerBound) ... Double(range.upperBound), labels: [])
    }

    /// A gauge with a label saying what it measures.
    public init<Value: BinaryFloatingPoint>(value: Value, in range: ClosedRange<Value> = 0...1, @ViewBuilder label: () -> ViewGroup) {
        node = Self.node(Double(value), Double(range.lowerBound) ... Double(range.upperBound), labels: [label()])
    }

    /// A gauge with a label and the value as text: `currentValueLabel: { Text("72%") }`.
    public init<Value: BinaryFloatingPoint>(value: Value, in range: ClosedRange<Value> = 0...1, @ViewBuilder label: () -> ViewGroup,
                                            @ViewBuilder currentValueLabel: () -> ViewGroup) {
        node = Self.node(Double(value), Double(range.lowerBound) ... Double(range.upperBound), labels: [label(), currentValueLabel()])
    }

    /// A gauge with every label: what it measures, its value and its bounds.
    public init<Value: BinaryFloatingPoint>(value: Value, in range: ClosedRange<Value> = 0...1, @ViewBuilder label: () -> ViewGroup,
                                            @ViewBuilder currentValueLabel: () -> ViewGroup,
                                            @ViewBuilder minimumValueLabel: () -> ViewGroup, @ViewBuilder maximumValueLabel: () -> ViewGroup) {
        node = Self.node(Double(value), Double(range.lowerBound) ... Double(range.upperBound),
                         labels: [label(), currentValueLabel(), minimumValueLabel(), maximumValueLabel()])
    }

    private static func node(_ value: Double, _ range: ClosedRange<Double>, labels: [ViewGroup]) -> ViewNode {
        let children = labels.isEmpty ? [] : (0..<4).map { index in
            index < labels.count ? labels[index].node : ViewNode(.group)
        }
        return ViewNode(.gauge(value: value.isFinite ? value : range.lowerBound, minimum: range.lowerBound, maximum: range.upperBound),
                        children: children)
    }
}

/// How a `Gauge` is drawn, as archived.
public enum GaugeStyleKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// A bar with a marker, its labels around it.
    case automatic
    /// A bar filled to the value, its labels around it.
    case linearCapacity
    /// A thin bar with a marker, the bounds at its ends: the Lock Screen's.
    case accessoryLinear
    /// A thin bar filled to the value, the label above: the Lock Screen's.
    case accessoryLinearCapacity
    /// An open ring with a marker, the value inside and the bounds at its ends.
    case accessoryCircular
    /// A closed ring filled to the value, the value inside.
    case accessoryCircularCapacity
}

/// How gauges are drawn: one of the system's (`.gaugeStyle(.accessoryCircular)`,
/// drawn by the host) or a style of one's own, whose `makeBody` is the
/// gauge's view.
public protocol GaugeStyle {
    /// The view a gauge is drawn as.
    associatedtype Body: View
    /// The gauge drawn from its value and labels.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a gauge gives its style.
    typealias Configuration = GaugeStyleConfiguration
}

/// One of the system's gauge styles, drawn by the host.
public struct SystemGaugeStyle: GaugeStyle {
    /// What the host draws.
    public let archivedKind: GaugeStyleKind
    /// The host draws a system style: never called.
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

extension GaugeStyle where Self == SystemGaugeStyle {
    /// The default: a bar with a marker.
    public static var automatic: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .automatic) }
    /// A bar filled to the value.
    public static var linearCapacity: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .linearCapacity) }
    /// A thin bar with a marker, as on the Lock Screen.
    public static var accessoryLinear: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .accessoryLinear) }
    /// A thin bar filled to the value, as on the Lock Screen.
    public static var accessoryLinearCapacity: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .accessoryLinearCapacity) }
    /// An open ring with a marker, as on the Lock Screen.
    public static var accessoryCircular: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .accessoryCircular) }
    /// A closed ring filled to the value, as on the Lock Screen.
    public static var accessoryCircularCapacity: SystemGaugeStyle { SystemGaugeStyle(archivedKind: .accessoryCircularCapacity) }
}

extension View {
    /// How the gauges within are drawn: `.gaugeStyle(.accessoryCircularCapacity)`.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        if let system = style as? SystemGaugeStyle {
            return ArchivedView(ViewNode(archiving: self).modified(.gaugeStyle(system.archivedKind)))
        }
        return ArchivedView(ViewNode(archiving: self).replacing { node in
            guard case .gauge(let value, let minimum, let maximum) = node.content else { return nil }
            let labels = node.children.count == 4 ? node.children : Array(repeating: ViewNode(.group), count: 4)
            func label(_ index: Int) -> GaugeStyleConfiguration.Label? {
                labels[index].content == .group && labels[index].children.isEmpty ? nil : .init(node: labels[index])
            }
            let configuration = GaugeStyleConfiguration(
                value: maximum > minimum ? min(1, max(0, (value - minimum) / (maximum - minimum))) : 0,
                label: label(0) ?? .init(node: ViewNode(.group)), currentValueLabel: label(1),
                minimumValueLabel: label(2), maximumValueLabel: label(3))
            return ViewNode(archiving: style.makeBody(configuration: configuration)).modified(node.modifiers)
        })
    }
}

/// A colour fills its space, as in SwiftUI: `Color.blue.frame(height: 4)`.
extension Color: View, PrimitiveView {
    var node: ViewNode { ViewNode(.shape(.rectangle), modifiers: [.foregroundStyle(self)]) }
}

/// What a gauge gives a `GaugeStyle` of one's own.
public struct GaugeStyleConfiguration {
    /// One of the gauge's labels, as a view.
    public struct Label: View, PrimitiveView {
        let node: ViewNode
    }
    /// SwiftUI's names for the value's and the bounds' labels.
    public typealias CurrentValueLabel = Label
    /// SwiftUI's name for a bound's label.
    public typealias MarkedValueLabel = Label

    /// Where the value is within the gauge's range, from 0 to 1.
    public let value: Double
    /// What the gauge measures.
    public let label: Label
    /// The value as text, if the gauge has it.
    public let currentValueLabel: CurrentValueLabel?
    /// The lower bound's label, if any.
    public let minimumValueLabel: MarkedValueLabel?
    /// The upper bound's label, if any.
    public let maximumValueLabel: MarkedValueLabel?
}
