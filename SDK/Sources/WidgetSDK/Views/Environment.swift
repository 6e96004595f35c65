/// Values a view can read while it is archived, as SwiftUI's environment.
public struct EnvironmentValues: Sendable {
    /// The family the view is drawn at.
    public var widgetFamily: WidgetFamily = .systemMedium
    /// Whether the entry is for the gallery's preview.
    public var isPreview: Bool = false
    /// How the widget is drawn. A view that reads it is archived once for
    /// each mode, and each mode is drawn from its own; other views are
    /// archived once, and `.widgetAccentable()` marks them for accented mode.
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    /// Light or dark. A view that reads it is archived for both, and each
    /// scheme is drawn from its own; the system's colours (`.primary`,
    /// `.secondary`, `.fill`, …) follow the scheme either way.
    public var colorScheme: ColorScheme = .light
    /// True: the host always draws the container background.
    public var showsWidgetContainerBackground: Bool = true
    /// The margins the host puts around a widget's content (16 points on
    /// every edge), whether or not the widget disables them.
    public var widgetContentMargins = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    /// Empty: a placeholder is redacted by the host after it is made.
    public var redactionReasons: RedactionReasons = []
    /// False: there is no always-on display here.
    public var isLuminanceReduced: Bool = false
    /// False, as on iOS: an accessory widget's `.widgetLabel` shows on watchOS only.
    public var showsWidgetLabel: Bool = false

    /// The values of an entry drawn outside any host (systemMedium).
    public init() {}

    /// The environment of the entry being archived.
    @TaskLocal public static var current = EnvironmentValues()

    /// Set while an entry is archived: notes which values that differ by
    /// drawing the view read, so that it is archived again for each.
    @TaskLocal static var reads: EnvironmentReads?
}

/// Which of the values that differ by drawing (`widgetRenderingMode`,
/// `colorScheme`) a view read while it was archived. Archiving is
/// synchronous, on one thread, within one `withValue`.
final class EnvironmentReads: @unchecked Sendable {
    var renderingMode = false
    var colorScheme = false
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
    public var wrappedValue: Value {
        if let reads = EnvironmentValues.reads {
            let read = keyPath as AnyKeyPath
            if read == \EnvironmentValues.widgetRenderingMode { reads.renderingMode = true }
            if read == \EnvironmentValues.colorScheme { reads.colorScheme = true }
        }
        return EnvironmentValues.current[keyPath: keyPath]
    }
}

/// How a widget is drawn, as WidgetKit's `WidgetRenderingMode`.
public struct WidgetRenderingMode: Sendable, Hashable, CustomStringConvertible {
    /// The mode's name: `fullColor`, `accented` or `vibrant`.
    public let description: String

    /// In the widget's own colours.
    public static let fullColor = WidgetRenderingMode(description: "fullColor")
    /// In the accent colour and greys.
    public static let accented = WidgetRenderingMode(description: "accented")
    /// In white over a blurred background.
    public static let vibrant = WidgetRenderingMode(description: "vibrant")
}

/// Light or dark, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    /// Dark content on a light background.
    case light
    /// Light content on a dark background.
    case dark
}
