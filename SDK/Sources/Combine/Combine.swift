// `import Combine`, as a widget's models write it for `ObservableObject`
// and `@Published`: the SDK's (in WidgetSDK, so SwiftUI sees the same
// types). Nothing subscribes in a widget, whose views are made once per entry.
@_exported import Foundation
@_exported import WidgetSDK
