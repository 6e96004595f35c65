import WidgetSDK

/// The top four contributors in a two-column grid, as GitHub orders them.
public struct ContributorListView: View {
    let contributors: [Contributor]

    public init(contributors: [Contributor]) {
        self.contributors = contributors
    }

    public var body: some View {
        VStack(alignment: .leading) {
            Text("Top Contributors")
                .font(.caption)
                .fontWeight(.bold)
                .foregroundStyle(.secondary)
            Grid(columns: 2, spacing: 20) {
                ForEach(contributors.prefix(4)) { contributor in
                    HStack {
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
