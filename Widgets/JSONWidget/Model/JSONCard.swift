import Foundation
import JSONWidgetSpec

/// What a card shows, read from a document as its declaration says. Values
/// stay values with their field's format: the views write them in the
/// locale of their environment, as a widget's views on iOS do.
enum JSONCard: Equatable {
    /// A selected value and how to write it.
    struct Value: Equatable {
        let json: JSONValue
        let field: JSONWidgetSpec.Field

        func text(_ writer: ValueWriter) -> String { writer.write(json, as: field) }
    }

    struct Row: Equatable {
        let text: Value?
        let detail: Value?
        let link: URL?
    }

    case number(value: Value, caption: Value?)
    /// `fraction` is where the value stands between the gauge's ends, 0 to 1.
    case gauge(fraction: Double, value: Value, label: Value?, minimum: Value, maximum: Value)
    case list(rows: [Row])
    case table(titles: [String], rows: [[Value?]])

    init(spec: JSONWidgetSpec, document: JSONValue) throws {
        func one(_ field: JSONWidgetSpec.Field, in value: JSONValue) throws -> Value {
            guard let selected = field.path.first(in: value) else {
                throw JSONKindError.noValue(path: field.path.description, found: value.kindDescription)
            }
            switch selected {
            case .array, .object: throw JSONKindError.notAValue(path: field.path.description, found: selected.kindDescription)
            default: return Value(json: selected, field: field)
            }
        }
        /// An item's field: nothing there is a blank, not a failure; APIs leave members out.
        func optional(_ field: JSONWidgetSpec.Field?, in item: JSONValue) -> Value? {
            guard let field, let selected = field.path.first(in: item) else { return nil }
            return Value(json: selected, field: field)
        }
        func items(_ path: JSONPath?) throws -> [JSONValue] {
            guard let path else { return [] }
            let selected = path.select(in: document)
            if !path.selectsMany, selected.count == 1, case .array(let elements) = selected[0] { return elements }
            if selected.isEmpty { throw JSONKindError.noValue(path: path.description, found: document.kindDescription) }
            return selected
        }
        let limit = spec.limit ?? JSONWidgetSpec.mostItems
        switch spec.layout {
        case .number:
            guard let field = spec.value else { throw JSONKindError.undeclared }
            let value = try one(field, in: document)
            self = .number(value: value, caption: try spec.caption.map { try one($0, in: document) })
        case .gauge:
            guard let field = spec.value, let minimum = spec.minimum, let maximum = spec.maximum else { throw JSONKindError.undeclared }
            let value = try one(field, in: document)
            guard let number = value.json.number else { throw JSONKindError.notANumber(path: field.path.description, found: value.json.kindDescription) }
            self = .gauge(fraction: min(max((number - minimum) / (maximum - minimum), 0), 1), value: value,
                          label: try spec.caption.map { try one($0, in: document) },
                          minimum: Value(json: .number(minimum), field: field), maximum: Value(json: .number(maximum), field: field))
        case .list:
            guard let text = spec.text else { throw JSONKindError.undeclared }
            self = .list(rows: try items(spec.items).prefix(limit).map { item in
                let link = spec.link.flatMap { $0.first(in: item) }.flatMap { value -> URL? in
                    guard case .string(let text) = value, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
                    return url
                }
                return Row(text: optional(text, in: item), detail: optional(spec.detail, in: item), link: link)
            })
        case .table:
            let columns = spec.columns ?? []
            self = .table(titles: columns.map(\.title), rows: try items(spec.items).prefix(limit).map { item in
                columns.map { optional($0.field, in: item) }
            })
        }
    }

    /// What the gallery and a placeholder show for a layout.
    static func sample(_ layout: JSONWidgetSpec.Layout, at date: Date) -> JSONCard {
        let root = try! JSONPath(parsing: "$")
        func value(_ json: JSONValue, _ format: ValueFormat = .automatic, unit: String? = nil, currency: String? = nil) -> Value {
            Value(json: json, field: JSONWidgetSpec.Field(path: root, format: format, unit: unit, currency: currency))
        }
        func ago(_ days: Double) -> Value { value(.number(date.timeIntervalSince1970 - days * 86_400), .relative) }
        switch layout {
        case .number:
            return .number(value: value(.number(97_012.55), .currency, currency: "USD"), caption: value(.string("Bitcoin, in US dollars")))
        case .gauge:
            return .gauge(fraction: 0.64, value: value(.number(320), unit: "GB"), label: value(.string("/srv")),
                          minimum: value(.number(0), unit: "GB"), maximum: value(.number(500), unit: "GB"))
        case .list:
            return .list(rows: [Row(text: value(.string("swift-6.3.1-RELEASE")), detail: ago(2), link: nil),
                                Row(text: value(.string("swift-6.3-RELEASE")), detail: ago(23), link: nil),
                                Row(text: value(.string("swift-6.2.4-RELEASE")), detail: ago(64), link: nil)])
        case .table:
            return .table(titles: ["Host", "CPU", "Memory"], rows: [
                [value(.string("web-1")), value(.number(0.12), .percent), value(.number(1.2e9), .bytes)],
                [value(.string("web-2")), value(.number(0.48), .percent), value(.number(2.9e9), .bytes)],
                [value(.string("db")), value(.number(0.07), .percent), value(.number(11.8e9), .bytes)],
            ])
        }
    }
}
