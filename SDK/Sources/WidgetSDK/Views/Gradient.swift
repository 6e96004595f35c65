/// Colours along a line, as SwiftUI's `Gradient`: `Gradient(colors: [.blue, .purple])`.
public struct Gradient: Codable, Sendable, Hashable {
    /// A colour and where it sits, from 0 (the start) to 1 (the end).
    public struct Stop: Codable, Sendable, Hashable {
        /// The colour at this stop.
        public var color: Color
        /// Where it sits, from 0 to 1.
        public var location: Double

        /// A stop: `Gradient.Stop(color: .blue, location: 0.2)`.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in order of location.
    public var stops: [Stop]

    /// Stops as given.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Colours spread evenly from start to end.
    public init(colors: [Color]) {
        let last = Double(max(1, colors.count - 1))
        stops = colors.enumerated().map { Stop(color: $0.element, location: colors.count == 1 ? 0 : Double($0.offset) / last) }
    }
}

/// A gradient as archived: where a colour goes (`foregroundStyle`, `fill`,
/// `background`, `containerBackground`), a `Color.gradient(_:)` holds one.
public struct GradientFill: Codable, Sendable, Hashable {
    /// How the colours run.
    public enum Kind: Codable, Sendable, Hashable {
        /// Along the line from `start` to `end`, points of the shape's unit square.
        case linear(start: UnitPoint, end: UnitPoint)
        /// Outwards from `center`, from `startRadius` to `endRadius` points.
        case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
        /// Around `center`, clockwise from `startAngle` to `endAngle` (radians,
        /// 0 pointing trailing); equal angles go the whole way round.
        case angular(center: UnitPoint, startAngle: Double, endAngle: Double)
    }

    /// The colours.
    public var gradient: Gradient
    /// How they run.
    public var kind: Kind

    /// A gradient fill.
    public init(gradient: Gradient, kind: Kind) {
        self.gradient = gradient
        self.kind = kind
    }
}

/// Something that fills a shape or colours text, as SwiftUI's `ShapeStyle`:
/// a `Color` or a gradient.
public protocol ShapeStyle: Sendable {
    /// The style as archived.
    var archivedColor: Color { get }
}

extension Color: ShapeStyle {
    /// The colour itself.
    public var archivedColor: Color { self }
}

/// A gradient is a view that fills its space, as in SwiftUI.
protocol GradientView: ShapeStyle, PrimitiveView {}

extension GradientView {
    var node: ViewNode { ViewNode(.shape(.rectangle), modifiers: [.foregroundStyle(archivedColor)]) }
}

/// Colours along a line: `LinearGradient(colors: [.blue, .indigo], startPoint: .top, endPoint: .bottom)`.
public struct LinearGradient: GradientView {
    /// The colours.
    public var gradient: Gradient
    /// Where the first colour is, in the shape's unit square.
    public var startPoint: UnitPoint
    /// Where the last colour is.
    public var endPoint: UnitPoint

    /// A gradient from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Colours spread evenly from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// Stops from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    /// `.gradient(…)` with a linear fill.
    public var archivedColor: Color { .gradient(GradientFill(gradient: gradient, kind: .linear(start: startPoint, end: endPoint))) }
}

/// Colours in rings around a point: `RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 80)`.
public struct RadialGradient: GradientView {
    /// The colours.
    public var gradient: Gradient
    /// The rings' centre, in the shape's unit square.
    public var center: UnitPoint
    /// The radius of the first colour, in points.
    public var startRadius: Double
    /// The radius of the last colour, in points.
    public var endRadius: Double

    /// A gradient from `startRadius` to `endRadius` around `center`.
    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    /// Colours spread evenly from `startRadius` to `endRadius`.
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// Stops from `startRadius` to `endRadius`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// `.gradient(…)` with a radial fill.
    public var archivedColor: Color {
        .gradient(GradientFill(gradient: gradient, kind: .radial(center: center, startRadius: startRadius, endRadius: endRadius)))
    }
}

/// Colours around a point, as a colour wheel: `AngularGradient(colors: [.red, .yellow, .red], center: .center)`.
public struct AngularGradient: GradientView {
    /// The colours.
    public var gradient: Gradient
    /// The point they turn around, in the shape's unit square.
    public var center: UnitPoint
    /// Where the first colour is (0 points trailing; angles turn clockwise).
    public var startAngle: Angle
    /// Where the last colour is; the same as `startAngle` for a whole turn.
    public var endAngle: Angle

    /// A gradient from `startAngle` to `endAngle` around `center`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// Colours spread evenly from `startAngle` to `endAngle`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// Stops from `startAngle` to `endAngle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A whole turn starting at `angle`: a conic gradient.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    /// A whole turn of colours starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    /// `.gradient(…)` with an angular fill.
    public var archivedColor: Color {
        .gradient(GradientFill(gradient: gradient, kind: .angular(center: center, startAngle: startAngle.radians, endAngle: endAngle.radians)))
    }
}

// SwiftUI's gradient styles by their short names, where a colour goes:
// `.fill(.linearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))`.
extension Color {
    /// The colour as a gentle gradient, lighter at the top, as SwiftUI's `Color.gradient`:
    /// `.containerBackground(.blue.gradient, for: .widget)`.
    public var gradient: Color {
        if case .gradient = self { return self }
        return .gradient(GradientFill(gradient: Gradient(colors: [lightened(by: 0.12), self]),
                                      kind: .linear(start: .top, end: .bottom)))
    }

    /// A linear gradient.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> Color {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint).archivedColor
    }

    /// A linear gradient of colours spread evenly.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> Color {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint).archivedColor
    }

    /// A linear gradient of stops.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> Color {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint).archivedColor
    }

    /// A radial gradient.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) -> Color {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius).archivedColor
    }

    /// A radial gradient of colours spread evenly.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) -> Color {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius).archivedColor
    }

    /// An angular gradient.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> Color {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle).archivedColor
    }

    /// An angular gradient of colours spread evenly.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> Color {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle).archivedColor
    }

    /// A whole turn of a gradient starting at `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> Color {
        AngularGradient(gradient: gradient, center: center, angle: angle).archivedColor
    }

    /// A whole turn of colours starting at `angle`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> Color {
        AngularGradient(colors: colors, center: center, angle: angle).archivedColor
    }

    /// The colour mixed with white by `amount` (0 to 1); semantic colours as a light card draws them.
    func lightened(by amount: Double) -> Color {
        guard case .rgb(let red, let green, let blue, let opacity) = lightValue else { return self }
        func mix(_ value: Double) -> Double { value + (1 - value) * amount }
        return .rgb(red: mix(red), green: mix(green), blue: mix(blue), opacity: opacity)
    }
}

extension ViewNode {
    /// The colour a view is when it is nothing but one (`Color.blue`,
    /// `LinearGradient(…)`), even inside a builder's group.
    var paint: Color? {
        if content == .group, modifiers.isEmpty, children.count == 1 { return children[0].paint }
        guard content == .shape(.rectangle), children.isEmpty, modifiers.count == 1,
              case .foregroundStyle(let color) = modifiers[0] else { return nil }
        return color
    }
}
