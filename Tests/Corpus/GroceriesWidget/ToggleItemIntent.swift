import AppIntents
import WidgetKit

struct ToggleItemIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle Item"
    static var description = IntentDescription("Marks an item on your list as bought, or not.")

    @Parameter(title: "Item ID")
    var itemID: String

    init() {}

    init(itemID: String) {
        self.itemID = itemID
    }

    func perform() async throws -> some IntentResult {
        GroceryStore.shared.toggle(itemID: itemID)
        return .result()
    }
}
