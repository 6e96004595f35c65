/// Values a view can read while it is archived, as SwiftUI's environment.
public struct EnvironmentValues: Sendable {
    /// The family the view is drawn at.
    public var widgetFamily: WidgetFamily = .systemMedium
    /// Whether the entry is for the gallery's preview.
    public var isPreview: Bool = false

    /// The values of an entry drawn outside any host (systemMedium).
    public init() {}

    /// The environment of the entry being archived.
    @TaskLocal public static var current = EnvironmentValues()
}

/// Reads a value from the environment: `@Environment(\.widgetFamily) var family`.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the value at `keyPath`: `@Environment(\.widgetFamily) var family`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value for the entry being archived.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}
