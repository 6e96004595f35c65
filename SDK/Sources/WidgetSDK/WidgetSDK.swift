/// The version of the widget module ABI.
///
/// `version` is emitted into each client, so a widget module carries the number
/// it was *compiled* against, not the one of the libWidgetSDK.so it happens to
/// load next to. The host compares the two before it touches any SDK type.
public enum WidgetSDK {
    /// The SDK version a module is built against; the host refuses a module built against another.
    @_alwaysEmitIntoClient
    public static var version: Int32 { 2 }

    /// The C symbol a widget module exports to report `version`.
    public static let versionSymbol = "widgethost_sdk_version"
    /// The C symbol a widget module exports to hand its widgets to the host.
    public static let moduleSymbol = "widgethost_module"
}
