import Foundation
import HostBasics
import Synchronization

/// Starts processes from one thread that lives as long as the host.
///
/// Linux sends `PR_SET_PDEATHSIG` when the *thread* that started a child
/// exits, not the process. Threads of the cooperative pool come and go, so
/// an extension spawned from one would be killed at random; spawned from
/// here, it is killed only when the host itself ends.
final class ProcessSpawner: Sendable {
    static let shared = ProcessSpawner()

    private let thread = JobThreads<@Sendable () -> Void>(name: "wh-spawner")

    private init() {}

    /// Runs `body` on the spawner thread, blocking the caller (the
    /// rasteriser's thread, or a one-shot command's), and returns its result.
    func runSynchronously<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        thread.submit { result.withLock { $0 = Result(catching: body) }; done.signal() }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    /// Runs `body` on the spawner thread and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await thread.run(body)
    }
}
