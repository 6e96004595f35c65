import Foundation

/// What the host reads of a Live Activity: the name of its attributes' type,
/// and its Lock Screen presentation, drawn from attributes and state that
/// arrive as JSON.
public struct ActivityDescriptor: Sendable {
    /// The attributes' type name (`DeliveryAttributes`): the activity's kind.
    public let attributesType: String
    /// What `supplementalActivityFamilies` recorded.
    public var supplementalFamilies: [ActivityFamily] = []
    private let drawing: any ActivityDrawing

    init<Attributes: ActivityAttributes, Content: View>(_ type: Attributes.Type,
                                                        content: @escaping @Sendable (ActivityViewContext<Attributes>) -> Content) {
        attributesType = String(describing: type)
        drawing = LockScreenDrawing(content: content)
    }

    /// The Lock Screen presentation of `state` (JSON of the type's
    /// `ContentState`) for an activity of `attributes` (JSON of the type).
    /// Throws `ActivityDataRefused` when either does not decode, and
    /// `EntryRefused` for a view the host would not draw.
    public func draw(attributes: Data, state: Data, in context: ActivityDrawingContext) throws -> ArchivedEntry {
        try drawing.draw(attributes: attributes, state: state, in: context)
    }
}

private protocol ActivityDrawing: Sendable {
    func draw(attributes: Data, state: Data, in drawing: ActivityDrawingContext) throws -> ArchivedEntry
}

/// The activity's content closure with its types: a value rather than a
/// closure, so that no metatype is captured across concurrency domains.
private struct LockScreenDrawing<Attributes: ActivityAttributes, Content: View>: ActivityDrawing {
    let content: @Sendable (ActivityViewContext<Attributes>) -> Content

    func draw(attributes: Data, state: Data, in drawing: ActivityDrawingContext) throws -> ArchivedEntry {
        let name = String(describing: Attributes.self)
        let decoder = JSONDecoder()
        let attributes = try ActivityDataRefused.decoding("the attributes are not", name) { try decoder.decode(Attributes.self, from: attributes) }
        let state = try ActivityDataRefused.decoding("the state is not", "\(name).ContentState") {
            try decoder.decode(Attributes.ContentState.self, from: state)
        }
        let context = ActivityViewContext(attributes: attributes, state: state, activityID: drawing.activityID, isStale: drawing.isStale)
        var environment = EnvironmentValues()
        // A Lock Screen's activity is as wide as a medium widget and at most as tall.
        environment.widgetFamily = .systemMedium
        environment.activityFamily = drawing.family
        let entry = ArchivedEntry.drawn(date: drawing.date, relevance: nil, in: environment) { environment in
            EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: content(context)) }
        }
        return try EntryValidator().validate(entry)
    }
}

/// How one drawing of an activity is made.
public struct ActivityDrawingContext: Codable, Sendable, Hashable {
    /// The activity's id, as `ActivityViewContext.activityID` gives it.
    public var activityID: String
    /// Whether the content's `staleDate` has passed.
    public var isStale: Bool
    /// The entry's date: the update's.
    public var date: Date
    /// The size it is drawn at.
    public var family: ActivityFamily

    /// How to draw one activity at `date`.
    public init(activityID: String, isStale: Bool, date: Date, family: ActivityFamily = .medium) {
        self.activityID = activityID
        self.isStale = isStale
        self.date = date
        self.family = family
    }
}

/// Attributes or a state that are not the activity's types, and where.
public struct ActivityDataRefused: Error, Sendable, Equatable, CustomStringConvertible {
    /// "the state is not a DeliveryAttributes.ContentState: no value for 'minutesLeft'".
    public let description: String

    /// A refusal that says what is wrong.
    public init(description: String) {
        self.description = description
    }

    static func decoding<T>(_ what: String, _ typeName: String, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw ActivityDataRefused(description: "\(what) a \(typeName): \(reason(error))")
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
        }
        switch error {
        case .keyNotFound(let key, let context): return "no value for '\(key.stringValue)'\(at(context.codingPath))"
        case .typeMismatch(let type, let context): return "expected \(type)\(at(context.codingPath))"
        case .valueNotFound(let type, let context): return "expected \(type), found null\(at(context.codingPath))"
        case .dataCorrupted(let context): return (context.underlyingError.map { _ in "not JSON" } ?? context.debugDescription) + at(context.codingPath)
        @unknown default: return "\(error)"
        }
    }
}
