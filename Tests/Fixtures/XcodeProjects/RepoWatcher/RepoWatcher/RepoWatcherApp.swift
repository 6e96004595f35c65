// The app target: not part of the widget extension, so not imported.
import SwiftUI

@main
struct RepoWatcherApp: App {
    var body: some Scene {
        WindowGroup { Text("Repo Watcher") }
    }
}
