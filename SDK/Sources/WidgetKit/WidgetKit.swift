// `import WidgetKit`, as in a widget extension for iOS: the SDK's widgets,
// timelines and configurations, and Foundation's types (`Date`, `URL`,
// `.now`), which importing WidgetKit brings on Apple platforms too.
@_exported import Foundation
@_exported import WidgetSDK
// Foundation's UserDefaults is replaced by the one that reaches the App
// Group through the host. Imported by name, it wins over Foundation's even
// in a file that also imports Foundation.
@_exported import class WidgetFoundation.UserDefaults
