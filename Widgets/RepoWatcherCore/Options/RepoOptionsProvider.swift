import WidgetSDK

/// The repositories the user saved (`widgethost repos add`), read from the
/// container's shared defaults like `UserDefaults(suiteName:)` on an App Group.
public struct RepoOptionsProvider: DynamicOptionsProvider {
    /// The shared defaults key holding the saved list.
    public static let reposKey = "repos"

    public init() {}

    public func results() async throws -> [String] {
        SharedDefaults.appGroup.stringArray(forKey: Self.reposKey) ?? [Repository.defaultFullName]
    }

    public func defaultResult() async -> String? {
        Repository.defaultFullName
    }

    public static var savedListKey: String? { reposKey }

    public func validate(_ value: String) throws -> String {
        do {
            return try RepositoryName.validate(value)
        } catch {
            throw OptionValidationError(error.description)
        }
    }
}
