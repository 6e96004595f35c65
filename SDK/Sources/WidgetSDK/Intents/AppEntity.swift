import Foundation

/// A parameter whose values a query finds at run time, as in App Intents:
/// current WidgetKit's way of offering dynamic options.
///
/// ```swift
/// struct RepoEntity: AppEntity {
///     let id: String
///     static var typeDisplayRepresentation: TypeDisplayRepresentation { "Repository" }
///     static let defaultQuery = RepoQuery()
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
/// }
///
/// struct RepoQuery: EntityQuery {
///     func entities(for identifiers: [String]) async throws -> [RepoEntity] { identifiers.map(RepoEntity.init) }
///     func suggestedEntities() async throws -> [RepoEntity] { … }
///     func defaultResult() async -> RepoEntity? { … }
/// }
///
/// @Parameter(title: "Repository") var repo: RepoEntity?
/// ```
///
/// The host stores an entity by its `id`. `suggestedEntities()` are the
/// choices (`widgethost options`), `defaultResult()` a new instance's value,
/// and a value a user gives is checked with `entities(for:)`. Before a
/// provider or an intent's `perform()` runs, each stored id is turned back
/// into the entity with `entities(for:)`.
public protocol AppEntity: ParameterValue, Identifiable where ID: EntityIdentifierConvertible {
    /// The query that finds entities of this type.
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    /// The type's name for people.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The query the host asks.
    static var defaultQuery: DefaultQuery { get }
    /// This entity's name for people.
    var displayRepresentation: DisplayRepresentation { get }
}

/// Finds the entities of a type: `AppEntity.defaultQuery`.
public protocol EntityQuery: Sendable {
    /// The type it finds.
    associatedtype Entity: AppEntity
    /// The entities with these identifiers; unknown ones are left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// The choices offered to people; none by default.
    func suggestedEntities() async throws -> [Entity]
    /// A new instance's value; none by default.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { nil }
}

/// A query that can list every entity of its type: those are the choices
/// offered to people, unless `suggestedEntities()` says otherwise.
public protocol EnumerableEntityQuery: EntityQuery {
    /// Every entity of the type.
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    /// Every entity: `allEntities()`.
    public func suggestedEntities() async throws -> [Entity] { try await allEntities() }
}

/// A query that can also find entities by text people type.
public protocol EntityStringQuery: EntityQuery {
    /// The entities `string` finds.
    func entities(matching string: String) async throws -> [Entity]
}

/// An identifier an entity is stored by: `String`, `Int` or `UUID`.
public protocol EntityIdentifierConvertible: Sendable, Hashable {
    /// The identifier as stored.
    var entityIdentifierString: String { get }
    /// The identifier a stored string stands for, or nil.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    /// Itself.
    public var entityIdentifierString: String { self }
    /// Itself.
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    /// Its decimal text.
    public var entityIdentifierString: String { String(self) }
    /// The integer the text reads as.
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    /// Its canonical text.
    public var entityIdentifierString: String { uuidString }
    /// The UUID the text reads as.
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

extension AppEntity {
    /// `.string`: an entity is stored by its identifier.
    public static var parameterType: ParameterType { .string }

    /// Nil: an entity is made by its query, asynchronously (`resolve`).
    public init?(configurationValue: ConfigurationValue) {
        return nil
    }

    /// Its identifier.
    public var configurationValue: ConfigurationValue? { .string(id.entityIdentifierString) }

    /// True: the value is found by the type's query.
    public static var needsQuery: Bool { true }

    /// The entity the stored identifier names, found by `defaultQuery`.
    public static func resolve(_ value: ConfigurationValue) async throws -> Self? {
        guard case .string(let text) = value, let id = ID.entityIdentifier(for: text) else { return nil }
        return try await defaultQuery.entities(for: [id]).first { $0.id == id }
    }

    /// The entities of a list, from one `entities(for:)` with every
    /// identifier, in the list's order; those the query no longer finds are
    /// left out, as iOS leaves them out.
    public static func resolveAll(_ values: [ConfigurationValue]) async throws -> [Self]? {
        var identifiers: [ID] = []
        for value in values {
            guard case .string(let text) = value, let id = ID.entityIdentifier(for: text) else { return nil }
            identifiers.append(id)
        }
        guard !identifiers.isEmpty else { return [] }
        let found = try await defaultQuery.entities(for: identifiers)
        let byIdentifier = Dictionary(found.map { ($0.id, $0) }) { first, _ in first }
        return identifiers.compactMap { byIdentifier[$0] }
    }

    /// `defaultQuery`'s choices, default and check.
    public static var impliedDynamicOptions: DynamicOptions? {
        let query = defaultQuery
        let name = typeDisplayRepresentation.name
        return DynamicOptions(
            providerName: String(describing: DefaultQuery.self), savedListKey: nil,
            results: { try await query.suggestedEntities().compactMap(\.configurationValue) },
            defaultResult: { await query.defaultResult()?.configurationValue },
            validate: { value in
                guard let found = try await resolve(value), let stored = found.configurationValue else {
                    throw OptionValidationError("no \(name.lowercased()) '\(value)'")
                }
                return stored
            })
    }
}
