import HostBasics

/// Where a running host draws: one thread of its own, off Swift's
/// cooperative pool. A layout is held to a work budget, but a card may still
/// take tens of milliseconds; on the pool, which has one thread per core, a
/// few at once would stall every other task of the host (`/healthz`, the
/// event stream, the signal handlers that stop it). Here cards wait their
/// turn instead, and a draw whose task is cancelled before its turn is
/// dropped.
package enum RenderQueue {
    private static let drawing = JobThreads<@Sendable () -> Void>(name: "wh-render")

    /// Where a card's SVG waits for its PNG (`RasterizerProcess`): a
    /// blocking round trip to another process, which must hold up neither
    /// the render thread nor the cooperative pool.
    private static let rasterizing = JobThreads<@Sendable () -> Void>(name: "wh-rasterize")

    /// `body`'s value, computed on the rasterising thread.
    package static func rasterize<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await rasterizing.runUnlessCancelled(body)
    }

    /// `body`'s value, computed on the render thread.
    /// - Throws: `CancellationError` when the task was cancelled before its
    ///   turn came, or what `body` threw.
    package static func draw<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await drawing.runUnlessCancelled(body)
    }
}
