import Foundation

/// A value a chart can place on an axis, as Swift Charts' `Plottable`:
/// numbers, strings and dates are, and so is an enum whose raw value is.
public protocol Plottable {
    /// The number, string or date the value is plotted as.
    associatedtype PrimitivePlottable: PrimitivePlottableProtocol
    /// The value as the chart reads it.
    var primitivePlottable: PrimitivePlottable { get }
    /// The value a chart read, back again (an axis value's `as(_:)`).
    init?(primitivePlottable: PrimitivePlottable)
}

/// The kinds of value a chart plots: numbers, strings and dates.
public protocol PrimitivePlottableProtocol: Plottable {
    /// The value as archived.
    var plotValue: PlotValue { get }
    /// The value from an archived one of its kind; nil for another kind.
    init?(plotValue: PlotValue)
}

extension PrimitivePlottableProtocol {
    /// A number, string or date is plotted as itself.
    public var primitivePlottable: Self { self }
    /// A number, string or date is plotted as itself.
    public init?(primitivePlottable: Self) { self = primitivePlottable }
}

extension Plottable {
    var plotted: PlotValue { primitivePlottable.plotValue }
}

extension Plottable where Self: RawRepresentable, RawValue: PrimitivePlottableProtocol {
    /// An enum is plotted as its raw value: `enum Day: String, Plottable`.
    public var primitivePlottable: RawValue { rawValue }
    /// The case whose raw value was plotted.
    public init?(primitivePlottable: RawValue) { self.init(rawValue: primitivePlottable) }
}

extension Double: PrimitivePlottableProtocol {
    /// The number.
    public var plotValue: PlotValue { .number(self) }
    /// A number plotted.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = value
    }
}

extension Float: PrimitivePlottableProtocol {
    /// The number.
    public var plotValue: PlotValue { .number(Double(self)) }
    /// A number plotted.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = Float(value)
    }
}

extension CGFloat: PrimitivePlottableProtocol {
    /// The number.
    public var plotValue: PlotValue { .number(Double(self)) }
    /// A number plotted.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = CGFloat(value)
    }
}

extension Int: PrimitivePlottableProtocol {
    /// The number.
    public var plotValue: PlotValue { .number(Double(self)) }
    /// A whole number plotted; nil for a fraction or one too large.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue, let whole = Int(exactly: value.rounded()) else { return nil }
        self = whole
    }
}

extension Decimal: PrimitivePlottableProtocol {
    /// The number.
    public var plotValue: PlotValue { .number(NSDecimalNumber(decimal: self).doubleValue) }
    /// A number plotted.
    public init?(plotValue: PlotValue) {
        guard case .number(let value) = plotValue else { return nil }
        self = Decimal(value)
    }
}

extension String: PrimitivePlottableProtocol {
    /// A category of that name.
    public var plotValue: PlotValue { .category(self) }
    /// A category's name.
    public init?(plotValue: PlotValue) {
        guard case .category(let name) = plotValue else { return nil }
        self = name
    }
}

extension Date: PrimitivePlottableProtocol {
    /// The moment.
    public var plotValue: PlotValue { .date(self) }
    /// A moment plotted.
    public init?(plotValue: PlotValue) {
        guard case .date(let date) = plotValue else { return nil }
        self = date
    }
}

/// A value with the name of what it measures: `.value("Steps", 8_214)`.
public struct PlottableValue<Value: Plottable> {
    /// What the value measures: an axis's and the legend's title.
    public let label: String
    let value: PlotValue
    /// For a date: the calendar unit a bar spans (`unit: .day`).
    let unit: Calendar.Component?
    let calendar: Calendar

    init(label: String, value: PlotValue, unit: Calendar.Component? = nil, calendar: Calendar = .current) {
        self.label = label
        self.value = value
        self.unit = unit
        self.calendar = calendar
    }

    /// `value` measuring `label`.
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label.plain, value: value.plotted)
    }

    /// `value` measuring `label`, a string written out.
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), value: value.plotted)
    }

    /// `value` measuring `label`, given as a `Text`.
    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label.node.plainText, value: value.plotted)
    }
}

extension PlottableValue where Value == Date {
    /// A date spanning one `unit` of the calendar: a bar covers its day,
    /// hour or month.
    public static func value(_ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component,
                             calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: label.plain, value: .date(value), unit: unit, calendar: calendar)
    }

    /// A date spanning one `unit` of the calendar, its label a string written out.
    public static func value<S: StringProtocol>(_ label: S, _ value: Date, unit: Calendar.Component,
                                                calendar: Calendar = .current) -> PlottableValue<Date> {
        PlottableValue(label: String(label), value: .date(value), unit: unit, calendar: calendar)
    }
}

extension LocalizedStringKey {
    /// The literal as written, values in place, translated where the module has a translation.
    var plain: String {
        resolved(table: nil).map { part in
            switch part {
            case .text(let string): string
            case .node(let node): node.plainText
            }
        }.joined()
    }
}

extension ViewNode {
    /// The text within, in order, without its styling.
    var plainText: String {
        if case .text(let string) = content { return string }
        return children.map(\.plainText).joined()
    }
}
