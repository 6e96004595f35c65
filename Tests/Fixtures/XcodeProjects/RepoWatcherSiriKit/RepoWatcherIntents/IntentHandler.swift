// The Intents extension: where iOS asks a widget's configuration for the
// options of its provided parameters.
import Intents

class IntentHandler: INExtension, SelectSingleRepoIntentHandling, SelectTwoReposIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        self
    }

    func provideRepoOptionsCollection(for intent: SelectSingleRepoIntent) async throws -> INObjectCollection<NSString> {
        guard let repos = UserDefaults.shared.value(forKey: UserDefaults.repoKey) as? [String] else {
            throw UserDefaultsError.retrieval
        }
        return INObjectCollection(items: repos as [NSString])
    }

    func defaultRepo(for intent: SelectSingleRepoIntent) -> String? {
        (UserDefaults.shared.value(forKey: UserDefaults.repoKey) as? [String])?.first
    }

    // The completion-handler form, as code written before Swift concurrency has it.
    func provideTopRepoOptionsCollection(for intent: SelectTwoReposIntent, with completion: @escaping (INObjectCollection<NSString>?, Error?) -> Void) {
        let repos = UserDefaults.shared.value(forKey: UserDefaults.repoKey) as? [String] ?? []
        completion(INObjectCollection(items: repos as [NSString]), nil)
    }
}
