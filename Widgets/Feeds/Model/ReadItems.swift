import Foundation
import WidgetKit

/// The items a person has marked read (their keys), in the App Group's
/// defaults, so every instance (and `widgethost defaults`) sees the same counts.
enum ReadItems {
    static let key = "feeds.read"
    /// The most ids kept: the oldest marks go first.
    static let mostKept = 2_000

    static func all() -> [String] {
        SharedDefaults.appGroup.decode([String].self, forKey: key) ?? []
    }

    static func mark(_ ids: [String]) throws {
        var read = all()
        let known = Set(read)
        read += ids.filter { !known.contains($0) }
        try SharedDefaults.appGroup.set(Array(read.suffix(mostKept)), forKey: key)
    }
}
