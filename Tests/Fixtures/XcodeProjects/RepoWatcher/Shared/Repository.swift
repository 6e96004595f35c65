// Shared by the app and the extension (a member of both targets), and
// importing only Foundation, as such files do.
import Foundation

struct Repository: Codable, Hashable {
    let name: String
    let stars: Int
}

extension UserDefaults {
    static var shared: UserDefaults { UserDefaults(suiteName: "group.test.repowatcher")! }
    static let repositoriesKey = "repositories"
}
