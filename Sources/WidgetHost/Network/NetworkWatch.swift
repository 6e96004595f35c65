import Foundation
import Synchronization
import WidgetConfiguration

/// Origins (`https://api.github.com:443`) that gave no answer at all (a
/// connection refused, a host or network unreachable, a name that does
/// not resolve) and the instances whose reloads met that. While an origin
/// is out, `GitHubService` asks it again every `probeInterval` with a
/// `HEAD` of its root; the first answer of any kind, a probe's or a
/// kind's own request's, ends the outage, and `onReturn` hears which
/// instances to reload. Without it, a card whose reload failed in an
/// outage stayed stale for its whole backoff (up to an hour) after the
/// network came back.
///
/// A timeout is not an outage: a server that answers slowly is there, and
/// probing it would only reload what would fail again.
package final class NetworkWatch: Sendable {
    package struct Outage: Sendable, Equatable {
        package var origin: String
        package var since: Date
        /// Reloads that got no answer from this origin.
        package var instances: Set<String>
        /// Where a kind's request may go (nil: the API, always allowed).
        package var allowance: FetchAllowance?
        /// What the last failure said ("connection refused").
        package var reason: String
    }

    /// Well within a minute, and only while something is out.
    package static let defaultProbeInterval: Duration = .seconds(15)
    /// A kind that fails on many hosts must not make the host probe them all.
    static let maximumOrigins = 32
    /// An origin out this long (gone for good, or one a probe may no longer
    /// reach) is no longer asked: the reloads' own backoff goes on.
    static let maximumOutage: TimeInterval = 24 * 3600

    package enum Change: Sendable {
        case began(Outage)
        /// With when it ended.
        case ended(Outage, Date)
    }

    package let probeInterval: Duration
    private let outages = Mutex<[String: Outage]>([:])
    private let listener = Mutex<(@Sendable (Change) -> Void)?>(nil)

    package init(probeInterval: Duration = NetworkWatch.defaultProbeInterval) {
        self.probeInterval = probeInterval
    }

    /// Hears each outage that begins and ends.
    package func onChange(_ listener: @escaping @Sendable (Change) -> Void) {
        self.listener.withLock { $0 = listener }
    }

    /// `url` got no answer. Returns true when this starts an outage of its origin.
    @discardableResult
    func unanswered(_ url: String, instance: String?, allowance: FetchAllowance?, reason: String, at now: Date) -> Bool {
        guard let origin = Self.origin(of: url) else { return false }
        let began: Outage? = outages.withLock { outages in
            if var outage = outages[origin] {
                if let instance { outage.instances.insert(instance) }
                outage.reason = reason
                outages[origin] = outage
                return nil
            }
            guard outages.count < Self.maximumOrigins else { return nil }
            let outage = Outage(origin: origin, since: now, instances: instance.map { [$0] } ?? [], allowance: allowance, reason: reason)
            outages[origin] = outage
            return outage
        }
        guard let began else { return false }
        listener.withLock { $0 }?(.began(began))
        return true
    }

    /// `url` answered: an outage of its origin is over.
    func answered(_ url: String, at now: Date) {
        guard let origin = Self.origin(of: url), let ended = outages.withLock({ $0.removeValue(forKey: origin) }) else { return }
        listener.withLock { $0 }?(.ended(ended, now))
    }

    /// Forgets outages older than `maximumOutage`, without a word: nothing came back.
    func expire(at now: Date) {
        outages.withLock { outages in outages = outages.filter { now.timeIntervalSince($0.value.since) < Self.maximumOutage } }
    }

    /// Whether a reload of `instance` met an origin that is still out.
    package func isWaiting(_ instance: String) -> Bool {
        outages.withLock { $0.values.contains { $0.instances.contains(instance) } }
    }

    package var current: [Outage] {
        outages.withLock { Array($0.values) }.sorted { $0.since < $1.since }
    }

    /// `scheme://host:port`, the port always said, for any http(s) URL.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        let literal = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(literal):\(port)"
    }
}
