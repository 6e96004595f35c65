import WidgetSDK

/// A kind declared in the manifest with `json:`: where its document is, how
/// often to look, and what of it to show in which layout. The host reads
/// it from the manifest and checks it there; the JSON module's extension
/// gets it with every call (as the kind's `settings["json"]`) and draws it.
public struct JSONWidgetSpec: Codable, Sendable, Equatable {
    /// How a card shows what it selected.
    public enum Layout: String, Codable, Sendable, CaseIterable {
        /// One value, large, with a caption.
        case number
        /// A line of text for each item, with a detail beside it.
        case list
        /// Items as rows, fields as columns.
        case table
        /// One value between a minimum and a maximum.
        case gauge

        /// Where each layout reads well.
        public var families: [WidgetFamily] {
            switch self {
            case .number: [.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline, .accessoryCircular]
            case .list: [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular]
            case .table: [.systemMedium, .systemLarge, .systemExtraLarge]
            case .gauge: [.systemSmall, .accessoryCircular, .accessoryRectangular]
            }
        }
    }

    /// A value to show: where it is, and how to write it.
    public struct Field: Codable, Sendable, Equatable {
        public var path: JSONPath
        public var format: ValueFormat
        /// Digits after the decimal point; nil: the format's own.
        public var decimals: Int?
        /// Written after a number: "°C", "req/s", "%".
        public var unit: String?
        /// ISO 4217 code for `currency`.
        public var currency: String?

        public init(path: JSONPath, format: ValueFormat = .automatic, decimals: Int? = nil, unit: String? = nil, currency: String? = nil) {
            self.path = path
            self.format = format
            self.decimals = decimals
            self.unit = unit
            self.currency = currency
        }
    }

    /// A table's column: its heading and the field of each row it shows.
    public struct Column: Codable, Sendable, Equatable {
        public var title: String
        public var field: Field

        public init(title: String, field: Field) {
            self.title = title
            self.field = field
        }
    }

    public var url: String
    /// The card's heading; nil: the kind's name.
    public var title: String?
    /// How long an entry stands before the document is fetched again.
    public var refresh: Double
    public var layout: Layout
    /// `number` and `gauge`: the value shown.
    public var value: Field?
    /// `number`: a line under the value; `gauge`: its label.
    public var caption: Field?
    /// `list` and `table`: the path to the items (a list, or `[*]` of one).
    public var items: JSONPath?
    /// `list`: each item's line; `$` is the item.
    public var text: Field?
    /// `list`: what stands beside each line.
    public var detail: Field?
    /// `list`: where a tap on an item goes.
    public var link: JSONPath?
    /// `table`: its columns.
    public var columns: [Column]?
    /// `gauge`: its ends.
    public var minimum: Double?
    public var maximum: Double?
    /// `list` and `table`: at most this many items.
    public var limit: Int?

    public init(url: String, title: String? = nil, refresh: Double = Self.defaultRefresh, layout: Layout) {
        self.url = url
        self.title = title
        self.refresh = refresh
        self.layout = layout
    }

    /// Glance's custom-api looks every hour; a card on a wall wants fresher.
    public static let defaultRefresh: Double = 15 * 60
    /// The shortest: an API is somebody's server.
    public static let shortestRefresh: Double = 60
    /// More rows than a large card shows.
    public static let mostItems = 20
    /// The key of `settings` the spec travels under, as JSON.
    public static let settingsKey = "json"
    /// The module that draws declared kinds, and the kind it exports.
    public static let module = "JSONWidget"
    public static let moduleKind = "JSON"
}

/// How a selected value is written on the card.
public enum ValueFormat: String, Codable, Sendable, CaseIterable {
    /// A number as a number, anything else as text.
    case automatic = "auto"
    case text
    /// With the locale's grouping: 12,345.6
    case number
    /// A fraction as a share: 0.42 is 42 %.
    case percent
    /// A count of bytes: 1.2 GB.
    case bytes
    /// `currency` (USD, EUR, …) in the locale's way: $97,012.55
    case currency
    /// A time (ISO 8601, or seconds or milliseconds since 1970) as the locale writes a date.
    case date
    case time
    case datetime
    /// How long ago or until: "3 hours ago".
    case relative
}
