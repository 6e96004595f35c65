// What a kind's `import Combine` imports: its package aliases `Combine` to
// this module (`-module-alias Combine=WidgetCombine`, as `widgethost new`
// writes). `ObservableObject` and `@Published` are in WidgetSDK, so that
// SwiftUI sees the same types; nothing subscribes in a widget, whose views
// are made once per entry. Not a module named Combine: GRDB, built beside
// the SDK in the host, asks `#if canImport(Combine)`.
@_exported import Foundation
@_exported import WidgetSDK
