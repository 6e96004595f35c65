// `import WidgetKit`, as in a widget extension for iOS: the SDK's widgets,
// timelines and configurations, and Foundation's types (`Date`, `URL`,
// `.now`), which importing WidgetKit brings on Apple platforms too.
@_exported import Foundation
@_exported import WidgetSDK
