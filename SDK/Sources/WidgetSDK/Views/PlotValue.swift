import Foundation

/// A plotted value as archived: a number, a date or a category.
public enum PlotValue: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A quantity, placed on a linear scale.
    case number(Double)
    /// A moment, placed on a time scale.
    case date(Date)
    /// A name, given a band of its own on a categorical scale.
    case category(String)

    enum NumberCodingKeys: String, CodingKey { case _0 = "value" }
    enum DateCodingKeys: String, CodingKey { case _0 = "value" }
    enum CategoryCodingKeys: String, CodingKey { case _0 = "value" }

    /// The value as a chart's label writes it by default.
    public var description: String {
        switch self {
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .date(let date): date.formatted(.iso8601)
        case .category(let name): name
        }
    }

    /// A number or a date's seconds since 1970; nil for a category.
    public var quantity: Double? {
        switch self {
        case .number(let value): value
        case .date(let date): date.timeIntervalSince1970
        case .category: nil
        }
    }
}
