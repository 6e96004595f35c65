import Foundation
import WidgetSDK

/// The top four contributors in a two-column grid, as GitHub orders them.
public struct ContributorListView: View {
    let contributors: [Contributor]
    let isEmptyRepository: Bool

    public init(contributors: [Contributor], isEmptyRepository: Bool = false) {
        self.contributors = contributors
        self.isEmptyRepository = isEmptyRepository
    }

    public var body: some View {
        VStack(alignment: .leading) {
            Text("Top Contributors")
                .font(.caption)
                .fontWeight(.bold)
                .foregroundStyle(.secondary)
            if isEmptyRepository {
                Text("No contributors yet: the repository is empty.")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Grid(columns: 2, spacing: 20) {
                ForEach(contributors.prefix(4)) { contributor in
                    ProfileLink(url: contributor.profileURL) {
                        AvatarView(data: contributor.avatarData, size: 44)
                        VStack(alignment: .leading) {
                            Text(contributor.login)
                                .font(.caption)
                                .minimumScaleFactor(0.7)
                                .lineLimit(1)
                            Text("\(contributor.contributions)")
                                .font(.caption2)
                                .foregroundStyle(.secondary)
                        }
                    }
                }
            }
            Spacer(minLength: 0)
        }
    }
}

/// A contributor's row, linking to their profile when the login makes a URL.
struct ProfileLink: View {
    let url: URL?
    let content: ViewGroup

    init(url: URL?, @ViewBuilder content: () -> ViewGroup) {
        self.url = url
        self.content = content()
    }

    var body: some View {
        if let url {
            Link(destination: url) { HStack { content } }
        } else {
            HStack { content }
        }
    }
}
