import AppIntents
import WidgetKit

/// Marks the items a card shows read: what its check mark runs.
struct MarkReadIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark read"

    /// The items' keys, one a line.
    @Parameter(title: "Items")
    var keys: String

    init() {}

    init(keys: [String]) {
        self.keys = keys.joined(separator: "\n")
    }

    func perform() async throws -> some IntentResult {
        try ReadItems.mark(keys.split(separator: "\n").map(String.init))
        return .result()
    }
}
