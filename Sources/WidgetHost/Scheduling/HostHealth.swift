import Foundation
import Synchronization

/// What `/readyz` says of a running host, kept where it can be read at once:
/// the host's loop may be blocked on the database, and a probe that waited
/// for it would time out without a reason.
package final class HostHealth: Sendable {
    private struct State {
        var kinds = 0
        var containerTroubleSince: Date?
        var containerTrouble: String?
        var leasesLapsedSince: Date?
        var busy: (what: String, since: Date)?
    }

    private let state = Mutex(State())

    /// A wait on the container longer than this makes the host not ready.
    static let blockedAfter: TimeInterval = 2

    package init() {}

    /// Why the host cannot do its work now, or nil when it can.
    package func notReady(at now: Date = Date()) -> String? {
        state.withLock { state in
            if let busy = state.busy, now.timeIntervalSince(busy.since) > Self.blockedAfter {
                return "waiting on the container for \(InstanceStatus.age(now.timeIntervalSince(busy.since))) (\(busy.what))"
            }
            if let since = state.containerTroubleSince {
                return "the container cannot be written (since \(SchedulerEvent.format(since)))" + (state.containerTrouble.map { ": \($0)" } ?? "")
            }
            if let since = state.leasesLapsedSince {
                return "this host's leases lapsed at \(SchedulerEvent.format(since)) and are not renewed yet; it starts no reload"
            }
            if state.kinds == 0 { return "no kind loaded" }
            return nil
        }
    }

    /// Runs `body`, a call to the container, marked as under way.
    func waiting<T>(on what: String, _ body: () throws -> T) rethrows -> T {
        state.withLock { $0.busy = (what, Date()) }
        defer { state.withLock { $0.busy = nil } }
        return try body()
    }

    func containerTrouble(_ reason: String?, since: Date?) {
        state.withLock {
            $0.containerTroubleSince = since
            $0.containerTrouble = reason
        }
    }

    func leasesLapsed(since: Date?) {
        state.withLock { $0.leasesLapsedSince = since }
    }

    func kindsLoaded(_ count: Int) {
        state.withLock { $0.kinds = count }
    }
}
