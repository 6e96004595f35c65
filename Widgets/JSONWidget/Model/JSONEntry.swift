import Foundation
import WidgetKit

/// A declared kind's card at a time: its title and what its layout shows.
struct JSONEntry: TimelineEntry {
    let date: Date
    let title: String
    let card: JSONCard
}
