import Foundation
import Synchronization

/// Tells push handlers their tokens as a running host's widgets come and
/// go: one telling at a time, and any number of asks while one runs make
/// one more, for the kinds they named.
package final class PushTokenTeller: Sendable {
    private struct State {
        var pending: Set<String> = []
        var running = false
    }

    private let workspace: Workspace
    private let failed: @Sendable (String, any Error) -> Void
    private let state = Mutex(State())

    /// `failed` hears each kind whose handler could not be told, and why.
    package init(workspace: Workspace, failed: @escaping @Sendable (String, any Error) -> Void) {
        self.workspace = workspace
        self.failed = failed
    }

    /// Tells the handlers of `kinds` (nil: of every kind that takes pushes) that are not told yet.
    package func tell(_ kinds: [String]? = nil) {
        let pushKinds = workspace.pushKinds.map(\.name)
        let names = kinds.map { $0.filter(pushKinds.contains) } ?? pushKinds
        guard !names.isEmpty else { return }
        let start = state.withLock { state in
            state.pending.formUnion(names)
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { Task { await drain() } }
    }

    private func drain() async {
        while true {
            let kinds = state.withLock { state -> [String]? in
                guard !state.pending.isEmpty else {
                    state.running = false
                    return nil
                }
                defer { state.pending = [] }
                return state.pending.sorted()
            }
            guard let kinds else { return }
            for (kind, error) in await workspace.tellPushTokens(of: kinds) { failed(kind, error) }
        }
    }
}
