// `import SwiftUI`, as in a widget extension for iOS: the views and
// modifiers a widget draws with (they live in WidgetSDK, drawn by the host),
// and Foundation's types, which importing SwiftUI brings on Apple platforms too.
@_exported import Foundation
@_exported import WidgetSDK
// Foundation's names done the host's way: FileManager's App Group folder,
// and a UserDefaults that reaches the App Group through the host. Imported
// by name, the class wins over Foundation's even in a file that also
// imports Foundation.
@_exported import WidgetFoundation
@_exported import class WidgetFoundation.UserDefaults
@_exported import class WidgetFoundation.DateComponentsFormatter
@_exported import class WidgetFoundation.RelativeDateTimeFormatter
