/// Values a view can read while it is archived, as SwiftUI's environment.
public struct EnvironmentValues: Sendable {
    public var widgetFamily: WidgetFamily = .systemMedium
    public var isPreview: Bool = false

    public init() {}

    /// The environment of the entry being archived.
    @TaskLocal public static var current = EnvironmentValues()
}

/// Reads a value from the environment: `@Environment(\.widgetFamily) var family`.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}
