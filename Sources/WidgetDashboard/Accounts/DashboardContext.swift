import Hummingbird
import NIOCore

/// A dashboard request's context: the peer's address (a trusted proxy's
/// header is believed only from a proxy's address) and, once
/// `DashboardAccess` has asked, who sent it.
package struct DashboardContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// Nil for nobody known, on a path anyone may ask (the sign-in page).
    package var principal: DashboardPrincipal? = .open

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
