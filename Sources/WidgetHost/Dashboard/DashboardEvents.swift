import Foundation
import Synchronization

/// Fans the host's events out to every open dashboard page (server-sent
/// events). A page that goes away is dropped.
public final class DashboardEvents: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])
    private let finished = Mutex(false)

    public init() {}

    /// One SSE message to every subscriber.
    public func publish(_ event: String, data: String) {
        let message = "event: \(event)\ndata: \(data)\n\n"
        for continuation in subscribers.withLock({ Array($0.values) }) {
            continuation.yield(message)
        }
    }

    /// Messages from now on, starting with a comment so the page knows it is connected.
    public func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0.removeValue(forKey: id) }
        }
        if finished.withLock({ $0 }) {
            continuation.finish()
            return stream
        }
        subscribers.withLock { $0[id] = continuation }
        continuation.yield(": connected\n\n")
        return stream
    }

    /// Ends every stream, now and later: an open event stream would keep the
    /// server's graceful shutdown waiting for ever.
    public func finish() {
        finished.withLock { $0 = true }
        for continuation in subscribers.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
