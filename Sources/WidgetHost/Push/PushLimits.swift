import Foundation

/// How often pushes may reload a kind at once. Apple budgets WidgetKit
/// pushes without publishing the figures; these keep a burst (a webhook's
/// retries, a deploy's several pushes) and then a steady minute, which a
/// kind's own timeline policy backs up.
package enum PushLimits {
    /// Pushes that reload at once, then one more each minute: a budget each kind refills.
    package static let budget = RefillingBudget(burst: 10, interval: 60)
    /// The largest body a push may send. GitHub's push events are mostly a
    /// few kilobytes and it cuts its own at 25 MB; the body is only
    /// checked against its signature, so a megabyte bounds the work.
    package static let maximumBody = 1 << 20
}
