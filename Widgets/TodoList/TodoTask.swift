import WidgetKit

/// A to-do as the shared defaults keep it, under `todo.<list>`:
/// `[{"title": "Buy milk"}, {"id": "2", "title": "Call Ann", "done": true}]`.
/// `id` defaults to the title and `done` to false, so a list is easy to
/// write by hand with `widgethost defaults write`.
struct TodoTask: Codable, Sendable, Hashable {
    var id: String
    var title: String
    var done: Bool

    init(id: String, title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? title
        done = try container.decodeIfPresent(Bool.self, forKey: .done) ?? false
    }

    /// The shared-defaults key of a list.
    static func key(_ list: String) -> String { "todo.\(list)" }

    static func tasks(in list: String) -> [TodoTask] {
        SharedDefaults.appGroup.decode([TodoTask].self, forKey: key(list)) ?? []
    }
}
