import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// HTTP/1.1 as the dashboard takes it: Hummingbird's channel, with idle and
/// half-sent connections closed after `idleTimeout` (5,000 slowloris
/// connections once held 4,824 descriptors for good), and a request refused
/// before routing when its form could fool the `Host` check (see
/// `RequestFormCheck`).
struct StrictHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    /// Long enough for a browser's keep-alive between a page and its cards;
    /// a connection that has not sent a whole request head by then is closed.
    static let idleTimeout: TimeAmount = .seconds(15)

    let inner: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder) {
        inner = HTTP1Channel(responder: responder, configuration: .init(idleTimeout: Self.idleTimeout))
    }

    static var builder: HTTPServerBuilder {
        HTTPServerBuilder { responder in StrictHTTP1Channel(responder: responder) }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Right after the decoder: the request as it came, target and
            // every Host line, which the conversion to HTTPTypes loses.
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(RequestFormCheck(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Answers 400 and closes the connection for a request with more than one
/// `Host` header or a target that is not a path. The conversion to HTTPTypes
/// keeps the first `Host` and drops the scheme and host of an absolute-form
/// target (`GET http://elsewhere/`), so either could make a request look
/// addressed to this dashboard when it names another.
final class RequestFormCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), let problem = Self.problem(head) {
            refused = true
            let body = ByteBuffer(string: "bad request: \(problem)\n")
            let headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.readableBytes)"), ("Connection", "close")])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
            return
        }
        context.fireChannelRead(data)
    }

    static func problem(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"].count
        if hosts > 1 { return "\(hosts) Host headers; a request names one host" }
        if !head.uri.hasPrefix("/") { return "the target must be a path, as in 'GET / HTTP/1.1'" }
        return nil
    }
}
