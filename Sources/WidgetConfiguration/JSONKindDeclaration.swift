import Foundation
import HostText
import JSONWidgetSpec
import WidgetSDK
import YAML

/// `widgets[].json`: a kind declared in the manifest, without Swift. It
/// runs in widgethost's JSON module, in an extension process and its
/// sandbox as any kind does, and fetches through the host. Every mistake is
/// reported at its line and column when the manifest is read.
///
/// ```yaml
/// - kind: Bitcoin
///   json:
///     url: https://api.coinbase.com/v2/prices/BTC-USD/spot
///     refresh: 10m
///     number: {value: $.data.amount, format: currency, currency: USD}
/// ```
package struct JSONKindDeclaration: Decodable, Sendable {
    package let spec: JSONWidgetSpec
    /// What the host adds to requests to `url`, read when each is sent.
    package let headers: [DeclaredHeader]
    package let url: Located<String>
    package let mark: Mark?

    enum CodingKeys: String, CodingKey {
        case url, headers, refresh, title, number, list, table, gauge
    }

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(Located<String>.self, forKey: .url)
        guard let declared = DeclaredURL(url.value) else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container,
                                                   debugDescription: "expected an http or https URL, found '\(TerminalText.escaped(url.value))'")
        }
        if declared.hasUserInfo {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container,
                                                   debugDescription: "a URL with a user or password would put it in the manifest; send it as a header read from the environment or a file (headers: {Authorization: {env: NAME}})")
        }
        headers = try container.decodeIfPresent(DeclaredHeaders.self, forKey: .headers)?.headers ?? []
        if !headers.isEmpty, FetchCredentials.Place(url.value) == nil {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container,
                                                   debugDescription: "a URL with headers has no '.', '..', ';' or encoded '/' in its path: the headers could not be kept to it")
        }
        let refresh = try container.decodeIfPresent(Located<DurationValue>.self, forKey: .refresh)
        if let refresh, refresh.value.seconds < JSONWidgetSpec.shortestRefresh {
            throw DecodingError.dataCorruptedError(forKey: .refresh, in: container,
                                                   debugDescription: "at least 1m: an API is somebody's server; found \(refresh.value)")
        }
        let layouts = JSONWidgetSpec.Layout.allCases.filter { container.contains(CodingKeys(stringValue: $0.rawValue)!) }
        guard layouts.count == 1, let layout = layouts.first else {
            let found = layouts.isEmpty ? "none" : layouts.map(\.rawValue).joined(separator: " and ")
            throw YAMLError(mark: mark, message: "a json kind has one layout, 'number', 'list', 'table' or 'gauge', with what it shows; found \(found)")
        }
        var spec = JSONWidgetSpec(url: url.value, title: try container.decodeIfPresent(String.self, forKey: .title),
                                  refresh: refresh?.value.seconds ?? JSONWidgetSpec.defaultRefresh, layout: layout)
        switch layout {
        case .number:
            let number = try container.decode(NumberLayout.self, forKey: .number)
            (spec.value, spec.caption) = (number.value, number.caption)
        case .gauge:
            let gauge = try container.decode(GaugeLayout.self, forKey: .gauge)
            (spec.value, spec.caption, spec.minimum, spec.maximum) = (gauge.value, gauge.label, gauge.minimum, gauge.maximum)
        case .list:
            let list = try container.decode(ListLayout.self, forKey: .list)
            (spec.items, spec.text, spec.detail, spec.link, spec.limit) = (list.items, list.text, list.detail, list.link, list.limit)
        case .table:
            let table = try container.decode(TableLayout.self, forKey: .table)
            (spec.items, spec.columns, spec.limit) = (table.items, table.columns, table.limit)
        }
        self.spec = spec
    }

    /// The credentials the host adds for this kind, with files made absolute.
    package func credentials(relativeTo directory: URL) -> FetchCredentials {
        guard !headers.isEmpty else { return .none }
        return FetchCredentials(FetchCredentials.Grant(url: url.value, reachesBelow: false, headers: headers.map { $0.value.resolved(relativeTo: directory) }).map { [$0] } ?? [])
    }

    /// The host and port `url` names, as `sandbox.fetch` writes them.
    package var fetchHost: String? {
        DeclaredURL(url.value)?.hostAndPort
    }
}

/// A value and how it is written: a path, or `{path, format, decimals, unit, currency}`.
private struct FieldDeclaration: Decodable {
    let field: JSONWidgetSpec.Field

    enum CodingKeys: String, CodingKey {
        case path, format, decimals, unit, currency
    }

    init(from decoder: any Decoder) throws {
        if let path = try? decoder.singleValueContainer().decode(String.self) {
            field = JSONWidgetSpec.Field(path: try Self.path(path, decoder: decoder))
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try Self.field(path: container.decode(JSONPath.self, forKey: .path), in: container)
    }

    static func path(_ text: String, decoder: any Decoder) throws -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw YAMLError(mark: decoder.yamlMark, message: "'\(TerminalText.escaped(text))' is not a path: \(error)")
        }
    }

    /// Reads the format keys of a field beside `path`: shared with the
    /// `number` and `gauge` layouts, which write them beside `value`.
    static func field<Key: CodingKey>(path: JSONPath, in container: KeyedDecodingContainer<Key>) throws -> JSONWidgetSpec.Field {
        let key = { (name: String) in Key(stringValue: name)! }
        var field = JSONWidgetSpec.Field(path: path)
        if let format = try container.decodeIfPresent(String.self, forKey: key("format")) {
            guard let known = ValueFormat(rawValue: format) else {
                let names = ValueFormat.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: format, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw DecodingError.dataCorruptedError(forKey: key("format"), in: container,
                                                       debugDescription: "'\(TerminalText.escaped(format))' is not a format\(hint); the formats: \(names.joined(separator: ", "))")
            }
            field.format = known
        }
        if let decimals = try container.decodeIfPresent(Int.self, forKey: key("decimals")) {
            guard (0...6).contains(decimals) else {
                throw DecodingError.dataCorruptedError(forKey: key("decimals"), in: container, debugDescription: "from 0 to 6 digits, found \(decimals)")
            }
            field.decimals = decimals
        }
        if let unit = try container.decodeIfPresent(String.self, forKey: key("unit")) {
            guard unit.count <= 16, !unit.unicodeScalars.contains(where: TerminalText.isUnsafe) else {
                throw DecodingError.dataCorruptedError(forKey: key("unit"), in: container, debugDescription: "a unit is at most 16 characters that show")
            }
            field.unit = unit
        }
        if let currency = try container.decodeIfPresent(String.self, forKey: key("currency")) {
            guard currency.wholeMatch(of: /[A-Z]{3}/) != nil else {
                throw DecodingError.dataCorruptedError(forKey: key("currency"), in: container,
                                                       debugDescription: "a currency is its ISO 4217 code (USD, EUR, JPY), found '\(TerminalText.escaped(currency))'")
            }
            field.currency = currency
        }
        if field.format == .currency, field.currency == nil {
            throw DecodingError.dataCorruptedError(forKey: key("format"), in: container, debugDescription: "format: currency needs 'currency' (USD, EUR, …)")
        }
        return field
    }
}

private struct NumberLayout: Decodable {
    let value: JSONWidgetSpec.Field
    let caption: JSONWidgetSpec.Field?

    enum CodingKeys: String, CodingKey {
        case value, caption, format, decimals, unit, currency
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try FieldDeclaration.field(path: container.decode(JSONPath.self, forKey: .value), in: container)
        caption = try container.decodeIfPresent(FieldDeclaration.self, forKey: .caption)?.field
    }
}

private struct GaugeLayout: Decodable {
    let value: JSONWidgetSpec.Field
    let label: JSONWidgetSpec.Field?
    let minimum: Double
    let maximum: Double

    enum CodingKeys: String, CodingKey {
        case value, label, min, max, format, decimals, unit, currency
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try FieldDeclaration.field(path: container.decode(JSONPath.self, forKey: .value), in: container)
        label = try container.decodeIfPresent(FieldDeclaration.self, forKey: .label)?.field
        minimum = try container.decodeIfPresent(Double.self, forKey: .min) ?? 0
        maximum = try container.decode(Double.self, forKey: .max)
        guard minimum.isFinite, maximum.isFinite, minimum < maximum else {
            throw DecodingError.dataCorruptedError(forKey: .max, in: container, debugDescription: "a gauge's max is above its min (\(minimum)); found \(maximum)")
        }
    }
}

private struct ListLayout: Decodable {
    let items: JSONPath
    let text: JSONWidgetSpec.Field
    let detail: JSONWidgetSpec.Field?
    let link: JSONPath?
    let limit: Int?

    enum CodingKeys: String, CodingKey {
        case items, text, detail, link, limit
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode(JSONPath.self, forKey: .items)
        text = try container.decode(FieldDeclaration.self, forKey: .text).field
        detail = try container.decodeIfPresent(FieldDeclaration.self, forKey: .detail)?.field
        link = try container.decodeIfPresent(JSONPath.self, forKey: .link)
        limit = try checkedLimit(container, .limit)
    }
}

private struct TableLayout: Decodable {
    let items: JSONPath
    let columns: [JSONWidgetSpec.Column]
    let limit: Int?

    enum CodingKeys: String, CodingKey {
        case items, columns, limit
    }

    struct ColumnDeclaration: Decodable {
        let column: JSONWidgetSpec.Column

        enum CodingKeys: String, CodingKey {
            case title, path, format, decimals, unit, currency
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let title = try container.decode(String.self, forKey: .title)
            guard title.count <= 24, !title.unicodeScalars.contains(where: TerminalText.isUnsafe) else {
                throw DecodingError.dataCorruptedError(forKey: .title, in: container, debugDescription: "a column's title is at most 24 characters that show")
            }
            column = JSONWidgetSpec.Column(title: title, field: try FieldDeclaration.field(path: container.decode(JSONPath.self, forKey: .path), in: container))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode(JSONPath.self, forKey: .items)
        columns = try container.decode([ColumnDeclaration].self, forKey: .columns).map(\.column)
        guard (1...6).contains(columns.count) else {
            throw DecodingError.dataCorruptedError(forKey: .columns, in: container, debugDescription: "a table has 1 to 6 columns, found \(columns.count)")
        }
        limit = try checkedLimit(container, .limit)
    }
}

private func checkedLimit<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int? {
    guard let limit = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
    guard (1...JSONWidgetSpec.mostItems).contains(limit) else {
        throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "from 1 to \(JSONWidgetSpec.mostItems) items, found \(limit)")
    }
    return limit
}
