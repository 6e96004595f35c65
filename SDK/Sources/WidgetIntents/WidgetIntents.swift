// What a kind's `import Intents` imports: its package aliases `Intents` to
// this module (`-module-alias Intents=WidgetIntents`, as `widgethost new`
// and `import` write). SiriKit's part that widgets use (`INIntent`,
// `INExtension`, `INObject`, `INObjectCollection`) is in WidgetSDK, beside
// `IntentConfiguration`, and Foundation comes too. Not a module named
// Intents: `#if canImport(Intents)` would then be true in every package
// built beside the SDK.
@_exported import Foundation
@_exported import WidgetSDK
@_exported import WidgetFoundation
@_exported import class WidgetFoundation.UserDefaults
@_exported import class WidgetFoundation.DateComponentsFormatter
@_exported import class WidgetFoundation.RelativeDateTimeFormatter
