import Foundation
import Synchronization

/// Fans the host's events out to every open dashboard page (server-sent
/// events). A page that goes away is dropped.
///
/// One change makes several scheduler events (a timeline arrives and its
/// first entry becomes current), and each would make every page fetch the
/// card again: messages are held for `coalescing` and sent once each.
package final class DashboardEvents: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])
    private let finished = Mutex(false)
    private let pending = Mutex<(messages: [String], flushing: Bool)>(([], false))
    private let coalescing: Duration

    package init(coalescing: Duration = .milliseconds(100)) {
        self.coalescing = coalescing
    }

    /// One SSE message to every subscriber, once however often it is
    /// published within `coalescing`.
    package func publish(_ event: String, data: String) {
        let message = "event: \(event)\ndata: \(data)\n\n"
        let startFlush = pending.withLock { pending in
            if !pending.messages.contains(message) { pending.messages.append(message) }
            defer { pending.flushing = true }
            return !pending.flushing
        }
        guard startFlush else { return }
        Task { [coalescing] in
            try? await Task.sleep(for: coalescing)
            self.flush()
        }
    }

    private func flush() {
        let messages = pending.withLock { pending in
            defer { pending = ([], false) }
            return pending.messages
        }
        for continuation in subscribers.withLock({ Array($0.values) }) {
            for message in messages { continuation.yield(message) }
        }
    }

    /// Messages from now on, starting with a comment so the page knows it is connected.
    package func subscribe() -> AsyncStream<String> {
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

    /// The instance a message is about (its `data`), or nil for one about none.
    package static func instance(in message: String) -> String? {
        guard let line = message.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { return nil }
        let data = String(line.dropFirst("data: ".count))
        return data.isEmpty ? nil : data
    }

    /// Ends every stream, now and later: an open event stream would keep the
    /// server's graceful shutdown waiting for ever.
    package func finish() {
        finished.withLock { $0 = true }
        for continuation in subscribers.withLock({ Array($0.values) }) {
            continuation.finish()
        }
    }
}
