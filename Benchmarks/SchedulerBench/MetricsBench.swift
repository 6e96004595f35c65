import Foundation
import WidgetHost

/// What `/metrics` costs the host: the counting done for each reload (an
/// outcome counter and two histogram samples through swift-metrics into the
/// Prometheus registry), and one scrape. Runs last: it bootstraps the
/// process's metrics system, which can happen once.
func metricsBench() {
    let metrics = HostMetrics()
    metrics.bootstrap()
    let kinds = ["SingleRepo", "DoubleRepo", "Contributor", "TodoList"]
    let reloads = 200_000
    let started = ContinuousClock.now
    for number in 0..<reloads {
        let kind = kinds[number % kinds.count]
        HostMetrics.reloadEnded(kind: kind, outcome: number % 10 == 0 ? "failed" : "ok")
        HostMetrics.providerCall(kind: kind, took: .milliseconds(number % 700))
        HostMetrics.schedulerLag(Double(number % 50) / 1000)
    }
    let counting = ContinuousClock.now - started
    let scrapes = 1_000
    var bytes = 0
    let scraping = ContinuousClock.now
    for _ in 0..<scrapes { bytes = metrics.text().utf8.count }
    let scrape = ContinuousClock.now - scraping
    let perReload = counting / reloads
    let perScrape = scrape / scrapes
    print("metrics (/metrics), \(reloads) reloads counted over \(kinds.count) kinds:")
    print("  per reload       \(String(format: "%.2f", Double(perReload.components.attoseconds) / 1e12)) µs (outcome counter, duration and lag histograms)")
    print("  one scrape       \(String(format: "%.0f", Double(perScrape.components.attoseconds) / 1e12)) µs, \(bytes) bytes of text")
}
