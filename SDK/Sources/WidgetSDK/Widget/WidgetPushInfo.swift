import Foundation

/// The push token a `WidgetPushHandler` is told.
public struct WidgetPushInfo: Sendable, Hashable {
    /// 32 bytes; in hexadecimal, what a push sends as its bearer token or
    /// signs its body with. Valid until the handler is told another.
    public let token: Data

    /// Push information with `token`, as the host tells it.
    public init(token: Data) {
        self.token = token
    }
}
