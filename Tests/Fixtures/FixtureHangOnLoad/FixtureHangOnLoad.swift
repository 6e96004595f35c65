import Foundation
import WidgetSDK

// A module that never finishes loading: `kinds` and `validate` must cut it
// off at the manifest's timeout and go on with the others.

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    while true { sleep(3_600) }
}
