// `import UIKit`, as a widget extension for iOS writes it for `UIColor`,
// `UIImage` and `UIFont`: the SDK's part of UIKit that widgets use (in
// WidgetSDK, so SwiftUI sees the same types) and Foundation.
@_exported import Foundation
@_exported import WidgetSDK
@_exported import WidgetFoundation
@_exported import class WidgetFoundation.UserDefaults
