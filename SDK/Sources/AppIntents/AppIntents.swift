// `import AppIntents`, as in a widget extension for iOS: `AppIntent`,
// `WidgetConfigurationIntent`, `@Parameter` (they live in WidgetSDK), and
// Foundation's types.
@_exported import Foundation
@_exported import WidgetSDK
