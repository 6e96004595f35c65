import SwiftUI
import WidgetKit

@main
struct RepoWatcherWidgetBundle: WidgetBundle {
    var body: some Widget {
        SingleRepoWidget()
    }
}
