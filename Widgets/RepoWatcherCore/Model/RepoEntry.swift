import Foundation
import WidgetSDK

/// What the RepoWatcher kinds show at one moment.
public struct RepoEntry: TimelineEntry {
    public let date: Date
    public let repo: Repository
    /// DoubleRepo's second repository.
    public let bottomRepo: Repository?

    public init(date: Date, repo: Repository, bottomRepo: Repository? = nil) {
        self.date = date
        self.repo = repo
        self.bottomRepo = bottomRepo
    }
}
