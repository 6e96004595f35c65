import Foundation
import WidgetSDK

/// A repository's avatar, name, counts and days since its last push: the
/// medium widget, and each half of DoubleRepo.
public struct RepoMediumView: View {
    let repo: Repository
    let date: Date

    public init(repo: Repository, date: Date) {
        self.repo = repo
        self.date = date
    }

    public var body: some View {
        if repo.availability == .notFound {
            VStack(alignment: .leading, spacing: 4) {
                Text("Repository not found").font(.headline)
                Text(repo.fullName).font(.caption).foregroundStyle(.secondary).lineLimit(1)
            }
        } else {
            counts
        }
    }

    private var counts: some View {
        HStack {
            VStack(alignment: .leading) {
                HStack {
                    AvatarView(data: repo.avatarData, size: 50)
                    Text(repo.name)
                        .font(.title2)
                        .fontWeight(.semibold)
                        .minimumScaleFactor(0.6)
                        .lineLimit(1)
                }
                .padding(.bottom, 6)
                HStack {
                    StatLabel(value: repo.stars, systemImageName: "star.fill")
                    StatLabel(value: repo.forks, systemImageName: "tuningfork")
                    if repo.hasIssues {
                        StatLabel(value: repo.openIssues, systemImageName: "exclamationmark.triangle.fill")
                    }
                }
            }
            Spacer()
            DaysSinceView(days: repo.daysSinceLastActivity(at: date))
        }
    }
}

/// The big number: days since the last push, pink when the repository looks
/// abandoned.
struct DaysSinceView: View {
    let days: Int

    var body: some View {
        VStack {
            Text("\(days)")
                .font(.system(size: 70, weight: .bold))
                .frame(width: 90)
                .minimumScaleFactor(0.6)
                .lineLimit(1)
                .foregroundStyle(days > 50 ? .pink : .green)
                .widgetAccentable()
            Text("days ago")
                .font(.caption2)
                .foregroundStyle(.secondary)
        }
    }
}
