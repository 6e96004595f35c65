import Foundation
import WidgetSDK

/// The RepoWatcher kinds' timeline shape: an entry now and one at each of the
/// next two midnights, so "days since the last push" turns over without a
/// request; reload after 12 hours, as the original app did.
public enum RepoTimeline {
    public static let reloadInterval: TimeInterval = 12 * 3_600

    public static func timeline(at now: Date, entry: (Date) -> RepoEntry) -> Timeline<RepoEntry> {
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: now)
        let midnights = (1...2).compactMap { calendar.date(byAdding: .day, value: $0, to: today) }
        return Timeline(entries: ([now] + midnights).map(entry), policy: .after(now + reloadInterval))
    }
}
