import AppIntents
import WidgetKit

/// Marks a task done, or open again: what the widget's toggle runs.
struct ToggleTodoIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle to-do"

    @Parameter(title: "List")
    var list: String

    @Parameter(title: "Task")
    var taskID: String

    init() {}

    init(list: String, taskID: String) {
        self.list = list
        self.taskID = taskID
    }

    func perform() async throws -> some IntentResult {
        var tasks = TodoTask.tasks(in: list)
        guard let index = tasks.firstIndex(where: { $0.id == taskID }) else {
            throw IntentError(message: "no task '\(taskID)' in the list '\(list)'")
        }
        tasks[index].done.toggle()
        try SharedDefaults.appGroup.set(tasks, forKey: TodoTask.key(list))
        return .result()
    }
}
