import Foundation
import HostBasics

/// Threads of the container's own, on which its async calls wait for the
/// database while the tasks that made them are suspended.
///
/// A container call blocks until the database answers: SQLite's API is
/// synchronous, and a PostgreSQL call may wait up to its answer limit. Made
/// on Swift's cooperative pool, which has a thread per core, one such wait
/// stalls every other task of the process (the dashboard, `/readyz`, the
/// extensions' HTTP requests). The async API runs the call here instead:
/// a few named threads (`wh-container-N`), started on first use, so a
/// process that never awaits the container (most commands) starts none.
/// GRDB's own async access does the same with a dispatch queue; one set of
/// threads serves both stores and keeps the blocking check able to tell
/// them from the pool's.
package final class ContainerThreads: Sendable {
    /// Enough for the readers a SQLite pool and the idle connections a
    /// PostgreSQL container keep (4 each): more would only queue in the database.
    package static let shared = ContainerThreads(count: 4, name: "wh-container")

    private let threads: JobThreads<@Sendable () -> Void>

    init(count: Int, name: String) {
        threads = JobThreads(count: count, name: name)
    }

    /// `work`'s value, computed on one of these threads.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.run(work)
    }
}
