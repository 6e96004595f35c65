import Synchronization

/// A module's widgets, declared as in WidgetKit:
///
/// ```swift
/// @main
/// struct RepoWatcherWidgets: WidgetBundle {
///     var body: some Widget {
///         SingleRepoWidget()
///         DoubleRepoWidget()
///     }
/// }
/// ```
///
/// `@main` makes the module export `main`, which the extension process calls
/// after opening the module: it registers the bundle's widgets instead of
/// running a program. A module with a single widget may mark that widget
/// `@main` instead. (Modules that export `widgethost_module` keep loading.)
public protocol WidgetBundle {
    /// The bundle's widgets, as the builder combines them.
    associatedtype Body: Widget
    /// Creates the bundle; the module's `main` does.
    init()
    /// The module's widgets, one after another.
    @WidgetBundleBuilder var body: Body { get }
}

extension WidgetBundle {
    /// Registers the bundle's widgets with the extension process that opened
    /// the module. Emitted into the module, so the SDK version it reports is
    /// the one the module was compiled against, checked before any widget
    /// is made.
    @_alwaysEmitIntoClient
    public static func main() {
        guard WidgetModule.accepts(compiledAgainst: WidgetSDK.version) else { return }
        WidgetModule.register(WidgetModule(widgets: Self().body.bundledWidgets))
    }
}

extension Widget {
    /// Registers this one widget, for a module whose `@main` is a widget.
    @_alwaysEmitIntoClient
    public static func main() {
        guard WidgetModule.accepts(compiledAgainst: WidgetSDK.version) else { return }
        WidgetModule.register(WidgetModule(widgets: Self().bundledWidgets))
    }
}

/// Combines a bundle's widgets: one after another, `if`, `if`/`else`,
/// `switch` and `if #available`.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A widget, or a bundle's body, as one line of the bundle.
    public static func buildExpression(_ widget: some Widget) -> BundledWidgets {
        BundledWidgets(widget.bundledWidgets)
    }

    /// The lines of a bundle, one after another.
    public static func buildBlock(_ parts: BundledWidgets...) -> BundledWidgets {
        BundledWidgets(parts.flatMap(\.widgets))
    }

    /// An `if` without `else`: its widgets when it holds, else none.
    public static func buildOptional(_ part: BundledWidgets?) -> BundledWidgets {
        part ?? BundledWidgets([])
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: BundledWidgets) -> BundledWidgets { part }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: BundledWidgets) -> BundledWidgets { part }

    /// The widgets of an `if #available`.
    public static func buildLimitedAvailability(_ part: BundledWidgets) -> BundledWidgets { part }
}

/// What a `WidgetBundle`'s body is: its widgets in order. A widget only in
/// name (its `body` is never asked for: the host reads each widget in it).
public struct BundledWidgets: Widget {
    /// The widgets, in the order the bundle lists them.
    public let widgets: [any Widget]

    /// No widgets.
    public init() {
        widgets = []
    }

    init(_ widgets: [any Widget]) {
        self.widgets = widgets
    }

    /// Never asked for: a bundle has no configuration of its own.
    public var body: Never {
        preconditionFailure("a WidgetBundle's body holds widgets; read each of them, not the bundle's configuration")
    }

    /// The widgets, in order.
    public var bundledWidgets: [any Widget] { widgets }
}

/// The configuration of what has none: a bundle's body.
extension Never: WidgetConfiguration {
    /// Never called: there is no value of `Never`.
    public var descriptor: WidgetDescriptor {
        get { switch self {} }
        set { switch self {} }
    }
}

extension WidgetModule {
    private static let registration = Mutex<(compiledAgainst: Int32?, module: WidgetModule?)>((nil, nil))

    /// Notes the SDK version the module calling `main` was compiled against;
    /// false when it is not this SDK's, so that the module makes nothing.
    public static func accepts(compiledAgainst version: Int32) -> Bool {
        registration.withLock { $0.compiledAgainst = version }
        return version == WidgetSDK.version
    }

    /// Keeps the widgets of the module whose `main` ran, for the extension.
    public static func register(_ module: WidgetModule) {
        registration.withLock { $0.module = module }
    }

    /// What the module's `main` registered, taken once: the SDK version it
    /// was compiled against (nil if it never said) and its widgets.
    public static func takeRegistration() -> (compiledAgainst: Int32?, module: WidgetModule?) {
        registration.withLock { registration in
            defer { registration = (nil, nil) }
            return registration
        }
    }
}
