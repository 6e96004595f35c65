/// What a widget module hands to the host: its widgets.
///
/// Every module exports two C symbols, written once at the bottom of the
/// module:
///
/// ```swift
/// @_cdecl("widgethost_sdk_version")
/// public func sdkVersion() -> Int32 { WidgetSDK.version }
///
/// @_cdecl("widgethost_module")
/// public func widgetModule() -> UnsafeMutableRawPointer {
///     WidgetModule(SingleRepoWidget()).retainedPointer()
/// }
/// ```
public final class WidgetModule: Sendable {
    /// The module's widgets, in order.
    public let widgets: [any Widget]

    /// A module of these widgets: `WidgetModule(WeatherWidget(), TideWidget())`.
    public init(_ widgets: any Widget...) {
        self.widgets = widgets
    }

    /// A module of these widgets.
    public init(widgets: [any Widget]) {
        self.widgets = widgets
    }

    /// A +1 reference for the host to take with `Unmanaged.takeRetainedValue`.
    public func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The descriptors of all widgets, in the order the module lists them;
    /// an `EmptyWidgetConfiguration` offers no kind.
    public var descriptors: [WidgetDescriptor] {
        widgets.map { $0.body.descriptor }.filter { !$0.kind.isEmpty }
    }

    /// The module's Live Activities, in the order it lists them.
    public var activities: [ActivityDescriptor] {
        widgets.compactMap { $0.body.descriptor.activity }
    }

    /// The module's controls, in the order it lists them.
    public var controls: [ControlDescriptor] {
        widgets.compactMap { $0.body.descriptor.control }
    }
}
