// What a kind's `import UIKit` imports: its package aliases `UIKit` to this
// module (`-module-alias UIKit=WidgetUIKit`, as `widgethost new` writes).
// The part of UIKit widgets use (`UIColor`, `UIImage`, `UIFont`) is in
// WidgetSDK, so that SwiftUI sees the same types, and Foundation comes too.
// Not a module named UIKit: `#if canImport(UIKit)` would then be true in
// every package built beside the SDK.
@_exported import Foundation
@_exported import WidgetSDK
@_exported import WidgetFoundation
@_exported import class WidgetFoundation.UserDefaults
@_exported import class WidgetFoundation.DateComponentsFormatter
@_exported import class WidgetFoundation.RelativeDateTimeFormatter
