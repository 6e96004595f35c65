/// SwiftUI's `@Entry` (iOS 18): an environment value of one's own in one
/// line, its key type written by the macro.
///
/// ```swift
/// extension EnvironmentValues {
///     @Entry var accent: Color = .blue
/// }
/// ```
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "WidgetMacros", type: "EntryMacro")
