// The app's shared settings, compiled into the app and its extension
// alike: like many such files, it imports only Foundation.
import Foundation

extension UserDefaults {
    static let shared = UserDefaults(suiteName: "group.test.github")!
}
