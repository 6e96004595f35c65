// The repositories the app lets people watch, shared through the App
// Group by the app, the widgets and the Intents extension.
import Foundation

extension UserDefaults {
    static var shared: UserDefaults { UserDefaults(suiteName: "group.test.repowatcher")! }
    static let repoKey = "repos"
}

enum UserDefaultsError: Error {
    case retrieval
}
