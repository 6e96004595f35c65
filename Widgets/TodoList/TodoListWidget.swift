import AppIntents
import SwiftUI
import WidgetKit

/// The seed's to-do widget: a random open task of a list, with a toggle
/// that completes it, or "No Tasks". The list lives in the shared defaults,
/// so the command line (and any other kind) can change it.
struct TodoListIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "To-do list"
    static let description: IntentDescription = "Which list to show."

    @Parameter(title: "List", default: "Inbox")
    var list: String

    init() {}
}

struct TodoEntry: TimelineEntry {
    let date: Date
    let list: String
    let task: TodoTask?
    let open: Int
}

struct TodoListProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> TodoEntry {
        TodoEntry(date: .now, list: "Inbox", task: TodoTask(id: "sample", title: "Water the plants"), open: 3)
    }

    func snapshot(for configuration: TodoListIntent, in context: Context) async -> TodoEntry {
        context.isPreview ? await placeholder(in: context) : entry(configuration.list, at: .now)
    }

    /// A different open task every 15 minutes for an hour, then a fresh look at the list.
    func timeline(for configuration: TodoListIntent, in context: Context) async throws -> Timeline<TodoEntry> {
        let start = Date()
        let entries = (0..<4).map { step in entry(configuration.list, at: start + Double(step) * 900) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    private func entry(_ list: String, at date: Date) -> TodoEntry {
        let open = TodoTask.tasks(in: list).filter { !$0.done }
        return TodoEntry(date: date, list: list, task: open.randomElement(), open: open.count)
    }
}

struct TodoListView: View {
    let entry: TodoEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(entry.list.uppercased()).font(.caption).fontWeight(.semibold).foregroundStyle(.secondary)
            if let task = entry.task {
                Toggle(isOn: task.done, intent: ToggleTodoIntent(list: entry.list, taskID: task.id)) {
                    Text(task.title).font(.headline).lineLimit(2)
                }
                Spacer()
                Text(entry.open == 1 ? "1 open task" : "\(entry.open) open tasks").font(.caption2).foregroundStyle(.secondary)
            } else {
                Spacer()
                Text("No Tasks").font(.headline)
                Text("widgethost defaults write \(TodoTask.key(entry.list)) '[{\"title\":\"…\"}]'")
                    .font(.caption2).foregroundStyle(.secondary).lineLimit(3)
                Spacer()
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .containerBackground(.background, for: .widget)
    }
}

/// The module's one widget: `@main` registers it with the host, as a
/// widget extension's `@main` does with iOS.
@main
struct TodoListWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "TodoList", intent: TodoListIntent.self, provider: TodoListProvider()) { entry in
            TodoListView(entry: entry)
        }
        .configurationDisplayName("To-do")
        .description("A random open task from a list, with a toggle to complete it.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
