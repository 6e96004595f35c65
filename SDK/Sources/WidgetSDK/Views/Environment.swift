import Foundation

/// Values a view can read while it is archived, as SwiftUI's environment.
public struct EnvironmentValues: @unchecked Sendable {
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

    /// The extension's locale for formatting, from `LC_ALL`, `LC_TIME` or
    /// `LANG` (which the manifest's `locale:` sets): Foundation's
    /// `Locale.current` does not follow them on Linux.
    public var locale = FormattingLocale.current
    /// The calendar of the extension's process.
    public var calendar = Calendar.current
    /// The time zone of the extension's process.
    public var timeZone = TimeZone.current
    /// Left to right: the host lays out in that direction only.
    public var layoutDirection = LayoutDirection.leftToRight
    /// `.large`, the default: type is drawn at its standard size.
    public var dynamicTypeSize = DynamicTypeSize.large
    /// `.large`, the default: the older name of `dynamicTypeSize`.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) }
        set { dynamicTypeSize = DynamicTypeSize(newValue) }
    }
    /// Regular: the host draws no bold-text accessibility setting.
    public var legibilityWeight: LegibilityWeight? = .regular
    /// Points to pixels of the screen drawn for: 2, as the host's PNGs are.
    public var displayScale: CGFloat = 2
    /// Standard contrast.
    public var colorSchemeContrast = ColorSchemeContrast.standard

    /// Values set with `.environment(_:_:)` for keys of one's own, by key type.
    private var custom: [ObjectIdentifier: Any] = [:]

    /// A value of a key of one's own, as SwiftUI's: read and written from a
    /// property of an `EnvironmentValues` extension.
    ///
    /// ```swift
    /// private struct AccentKey: EnvironmentKey { static let defaultValue = Color.blue }
    /// extension EnvironmentValues {
    ///     var accent: Color {
    ///         get { self[AccentKey.self] }
    ///         set { self[AccentKey.self] = newValue }
    ///     }
    /// }
    /// ```
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { custom[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// An object given with `.environmentObject(_:)`, by its type.
    func object<Object: ObservableObject>(_ type: Object.Type) -> Object? {
        custom[ObjectIdentifier(type)] as? Object
    }

    mutating func setObject<Object: ObservableObject>(_ object: Object) {
        custom[ObjectIdentifier(Object.self)] = object
    }

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

/// A key for a value of one's own in the environment, as SwiftUI's.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value where no view above set one.
    static var defaultValue: Value { get }
}

/// Which way text and stacks run, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

/// How heavy text is for legibility, as SwiftUI's `LegibilityWeight`.
public enum LegibilityWeight: String, Sendable, Hashable {
    /// The standard weight.
    case regular
    /// Bolder, as the Bold Text setting asks.
    case bold
}

/// The contrast asked for, as SwiftUI's `ColorSchemeContrast`.
public enum ColorSchemeContrast: String, Sendable, Hashable, CaseIterable {
    /// Standard contrast.
    case standard
    /// Increased contrast.
    case increased
}

/// The Dynamic Type size, as SwiftUI's `DynamicTypeSize`. The host draws
/// type at the standard size (`.large`); a view that reads the size, or
/// limits it with `.dynamicTypeSize(...)`, builds and sees `.large`.
public enum DynamicTypeSize: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Extra small.
    case xSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// Extra large.
    case xLarge
    /// Extra extra large.
    case xxLarge
    /// Extra extra extra large.
    case xxxLarge
    /// The first accessibility size.
    case accessibility1
    /// The second accessibility size.
    case accessibility2
    /// The third accessibility size.
    case accessibility3
    /// The fourth accessibility size.
    case accessibility4
    /// The largest accessibility size.
    case accessibility5

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// Ordered from the smallest.
    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The size a content size category names.
    public init(_ category: ContentSizeCategory) {
        self = DynamicTypeSize(rawValue: category.rawValue) ?? .large
    }
}

/// The older name of a Dynamic Type size, as SwiftUI's `ContentSizeCategory`.
public enum ContentSizeCategory: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Extra small.
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// Extra large.
    case extraLarge
    /// Extra extra large.
    case extraExtraLarge
    /// Extra extra extra large.
    case extraExtraExtraLarge
    /// Accessibility medium.
    case accessibilityMedium
    /// Accessibility large.
    case accessibilityLarge
    /// Accessibility extra large.
    case accessibilityExtraLarge
    /// Accessibility extra extra large.
    case accessibilityExtraExtraLarge
    /// Accessibility extra extra extra large.
    case accessibilityExtraExtraExtraLarge

    /// Whether it is one of the accessibility categories.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Ordered from the smallest.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The category a Dynamic Type size is.
    public init(_ size: DynamicTypeSize) {
        self = ContentSizeCategory(rawValue: size.rawValue) ?? .large
    }
}

/// `.environment(_:_:)` and its kin: the content archived with the value
/// set, so the bodies within read it.
struct EnvironmentWriter<Content: View>: View, PrimitiveView {
    let content: Content
    let change: (inout EnvironmentValues) -> Void

    var node: ViewNode {
        var environment = EnvironmentValues.current
        change(&environment)
        return EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: content) }
    }
}

extension View {
    /// Sets an environment value for the views within: `.environment(\.accent, .orange)`.
    ///
    /// The views within read it as their bodies are archived. A widget's
    /// view is archived as its modifiers are applied, so the value reaches
    /// what this modifier wraps and was not yet archived: put
    /// `.environment` first on a view of your own (`EntryView(entry:
    /// entry).environment(…)`), not after other modifiers on it.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        nonisolated(unsafe) let keyPath = keyPath
        nonisolated(unsafe) let value = value
        return EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
    }

    /// Gives the views within an object they read with `@EnvironmentObject`.
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View {
        nonisolated(unsafe) let object = object
        return EnvironmentWriter(content: self) { $0.setObject(object) }
    }

    /// Limits the Dynamic Type size of the views within; the host draws the standard size, which any range holds.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        EnvironmentWriter(content: self) { $0.dynamicTypeSize = size }
    }

    /// Limits the Dynamic Type size of the views within to a range: `.dynamicTypeSize(...DynamicTypeSize.xxLarge)`.
    public func dynamicTypeSize<Range: RangeExpression>(_ range: Range) -> some View where Range.Bound == DynamicTypeSize {
        nonisolated(unsafe) let range = range
        return EnvironmentWriter(content: self) { environment in
            if !range.contains(environment.dynamicTypeSize) {
                environment.dynamicTypeSize = DynamicTypeSize.allCases.first(where: range.contains) ?? environment.dynamicTypeSize
            }
        }
    }
}

/// An object a view above gave with `.environmentObject(_:)`, as SwiftUI's
/// `@EnvironmentObject`. Reading one nobody gave stops the extension with
/// a message that names its type, as SwiftUI does.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    /// An object found in the environment when read.
    public init() {}

    /// The object, from the environment of the entry being archived.
    public var wrappedValue: ObjectType {
        guard let object = EnvironmentValues.current.object(ObjectType.self) else {
            fatalError("No ObservableObject of type \(ObjectType.self) found: a view above must give it with .environmentObject(_:)")
        }
        return object
    }
}
