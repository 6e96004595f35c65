import Foundation
import Metrics
import Prometheus
import Synchronization
import WidgetContainer
import WidgetSDK

/// The host's figures for `/metrics`. Code everywhere counts through
/// swift-metrics (`Counter`, `Timer`, `Gauge`), which costs nothing until a
/// process bootstraps a backend; `run` bootstraps this registry, and the
/// dashboard server emits it in Prometheus's text format.
package final class HostMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry

    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Makes every swift-metrics figure of this process land in `registry`.
    /// Once per process, before anything counts (swift-metrics allows one bootstrap).
    package func bootstrap() {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }

    /// The Prometheus text exposition of every figure counted so far.
    package func text() -> String {
        registry.emitToString()
    }

    // MARK: What the host counts

    /// A reload ended: `ok`, `failed`, `timed_out`, `crashed` or `rate_limited`.
    package static func reloadEnded(kind: String, outcome: String) {
        Counter(label: "widgethost_reloads_total", dimensions: [("kind", kind), ("outcome", outcome)]).increment()
    }

    /// How long a provider's timeline call took, whatever it returned.
    package static func providerCall(kind: String, took duration: Duration) {
        Timer(label: "widgethost_provider_duration_seconds", dimensions: [("kind", kind)]).record(duration: duration)
    }

    /// From a reload's due date to its call starting: how far the scheduler runs behind.
    package static func schedulerLag(_ lag: TimeInterval) {
        Timer(label: "widgethost_scheduler_lag_seconds").recordNanoseconds(Int64(max(0, lag) * 1e9))
    }

    /// How long the oldest reload that is due has waited without starting
    /// (for a free slot, or for this host's leases): 0 when none waits. A
    /// figure that grows means instances are not being served.
    static func queueLag(_ seconds: TimeInterval) {
        Gauge(label: "widgethost_queue_lag_seconds").record(max(0, seconds))
    }

    static func quarantined(kind: String) {
        Counter(label: "widgethost_quarantines_total", dimensions: [("kind", kind)]).increment()
    }

    /// A request sent to the GitHub API and its status (304: revalidated, free).
    static func githubRequest(status: Int) {
        Counter(label: "widgethost_github_requests_total", dimensions: [("status", "\(status)")]).increment()
    }

    /// An API answer served without a request: from the cache, or shared with one on its way.
    static func githubServedLocally(_ how: String) {
        Counter(label: "widgethost_github_local_answers_total", dimensions: [("how", how)]).increment()
    }

    /// What GitHub last said is left of the rate limit.
    static func githubRemaining(_ remaining: Int) {
        Gauge(label: "widgethost_github_rate_limit_remaining").record(remaining)
    }

    /// Instances this host took from a host whose lease lapsed.
    static func leaseTakeovers(_ count: Int) {
        Counter(label: "widgethost_lease_takeovers_total").increment(by: count)
    }

    /// Instances this host holds leases on, as it counts them.
    static func leasesHeld(_ count: Int) {
        Gauge(label: "widgethost_leases_held").record(count)
    }

    /// A renewal of this host's leases that failed (the database did not answer in time, or refused).
    static func renewalFailed() {
        Counter(label: "widgethost_lease_renewals_failed_total").increment()
    }

    /// Saves refused because another host holds the instance now (its lease's token changed).
    static func fencedWrites(_ count: Int) {
        Counter(label: "widgethost_fenced_writes_total").increment(by: count)
    }

    /// How many leases one claim took (at most a batch of 5,000).
    static func claimBatch(_ count: Int) {
        Recorder(label: "widgethost_lease_claim_batch_size", aggregate: true).record(count)
    }

    /// Leases per live host as the database counts them, read as `/metrics`
    /// is scraped: what the fleet really holds, not what each host believes.
    /// A host that left takes its figure with it.
    package static func fleetLeases(_ counts: [(host: HostHolder, leases: Int)]) {
        let named = counts.map { ("pid \($0.host.pid)" + ($0.host.machine.map { " on \($0)" } ?? ""), $0.leases) }
        let gone = fleetLeaseHosts.withLock { reported in
            defer { reported = Set(named.map(\.0)) }
            return reported.subtracting(named.map(\.0))
        }
        for host in gone { Gauge(label: "widgethost_fleet_leases", dimensions: [("host", host)]).destroy() }
        for (host, leases) in named { Gauge(label: "widgethost_fleet_leases", dimensions: [("host", host)]).record(leases) }
    }

    private static let fleetLeaseHosts = Mutex<Set<String>>([])

    /// The admitted e-ink devices as they last said: battery, signal, and when.
    package static func devices(_ devices: [(mac: String, screen: String, battery: Double?, rssi: Int?, lastContact: Date?)]) {
        let labels = ["widgethost_device_battery_volts", "widgethost_device_rssi_dbm", "widgethost_device_last_contact_timestamp_seconds"]
        let gone = deviceLabels.withLock { reported in
            defer { reported = Set(devices.map { "\($0.mac)|\($0.screen)" }) }
            return reported.subtracting(devices.map { "\($0.mac)|\($0.screen)" })
        }
        for key in gone {
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            for label in labels { Gauge(label: label, dimensions: [("mac", parts[0]), ("screen", parts[1])]).destroy() }
        }
        for device in devices {
            let dimensions = [("mac", device.mac), ("screen", device.screen)]
            if let battery = device.battery { Gauge(label: labels[0], dimensions: dimensions).record(battery) }
            if let rssi = device.rssi { Gauge(label: labels[1], dimensions: dimensions).record(rssi) }
            if let last = device.lastContact { Gauge(label: labels[2], dimensions: dimensions).record(last.timeIntervalSince1970) }
        }
    }

    private static let deviceLabels = Mutex<Set<String>>([])
}
