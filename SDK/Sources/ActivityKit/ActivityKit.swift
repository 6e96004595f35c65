// `import ActivityKit`, as in an iOS app and its widget extension: a Live
// Activity's attributes and content (they live in WidgetSDK, where
// `ActivityConfiguration` draws them), and Foundation's types. With this
// module present, `#if canImport(ActivityKit)` holds, as it does on iOS.
@_exported import Foundation
@_exported import WidgetSDK
