import WidgetSDK

// A module that crashes as soon as the host asks for its kinds: the other
// modules of the bundle must still load, and the message must say why.

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    fatalError("this module crashes while it is loaded")
}
