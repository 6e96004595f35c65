import Foundation

struct GroceryItem: Codable, Identifiable, Hashable {
    var id: String
    var name: String
    var quantity: Int
    var isDone: Bool
}

extension UserDefaults {
    static let shared = UserDefaults(suiteName: "group.com.example.groceries")!
}

/// The list the app keeps, read and written by the widget's buttons.
struct GroceryStore {
    static let shared = GroceryStore()
    private let itemsKey = "items"

    func items() -> [GroceryItem] {
        guard let data = UserDefaults.shared.data(forKey: itemsKey) else { return [] }
        return (try? JSONDecoder().decode([GroceryItem].self, from: data)) ?? []
    }

    func save(_ items: [GroceryItem]) {
        guard let data = try? JSONEncoder().encode(items) else { return }
        UserDefaults.shared.set(data, forKey: itemsKey)
        UserDefaults.shared.set(Date(), forKey: "lastChanged")
    }

    func toggle(itemID: String) {
        var items = items()
        guard let index = items.firstIndex(where: { $0.id == itemID }) else { return }
        items[index].isDone.toggle()
        save(items)
    }

    var lastChanged: Date? {
        UserDefaults.shared.object(forKey: "lastChanged") as? Date
    }
}

extension GroceryItem {
    static let samples: [GroceryItem] = [
        GroceryItem(id: "1", name: "Oat milk", quantity: 2, isDone: false),
        GroceryItem(id: "2", name: "Sourdough", quantity: 1, isDone: true),
        GroceryItem(id: "3", name: "Tomatoes", quantity: 6, isDone: false),
        GroceryItem(id: "4", name: "Basil", quantity: 1, isDone: false),
        GroceryItem(id: "5", name: "Parmesan", quantity: 1, isDone: true),
        GroceryItem(id: "6", name: "Coffee beans", quantity: 1, isDone: false),
        GroceryItem(id: "7", name: "Lemons", quantity: 3, isDone: false),
    ]
}
