import Foundation

/// The scheduler's instances in the order of their next deadlines: one node
/// for each instance that has one, moved in place when it changes.
///
/// A heap of every deadline ever set (skipping superseded ones as they
/// surface) held three to four times as many nodes as instances, each with
/// the instance's name to compare on ties; 100,000 instances made it some
/// ten megabytes walked on every step. This one holds a date and a slot
/// number per instance, and four children to a node: half the depth of a
/// binary heap, with siblings side by side in memory.
struct DeadlineQueue: Sendable {
    private struct Node: Sendable {
        /// `Date.timeIntervalSinceReferenceDate`: compared as a plain Double.
        var date: Double
        var slot: Int32

        /// Ties go to the lower slot, so the order is the same on every run.
        func precedes(_ other: Node) -> Bool {
            date < other.date || (date == other.date && slot < other.slot)
        }
    }

    private static let arity = 4

    private var nodes: [Node] = []
    /// Where each slot's node is in `nodes`; -1 when it has none.
    private var positions: [Int32] = []

    var isEmpty: Bool { nodes.isEmpty }
    var count: Int { nodes.count }

    /// The earliest deadline and whose it is.
    var first: (date: Date, slot: Int)? {
        nodes.first.map { (Date(timeIntervalSinceReferenceDate: $0.date), Int($0.slot)) }
    }

    /// Sets, moves or (with nil) removes a slot's deadline.
    mutating func update(_ slot: Int, to date: Date?) {
        if slot >= positions.count {
            guard date != nil else { return }
            positions.append(contentsOf: repeatElement(-1, count: slot - positions.count + 1))
        }
        let position = Int(positions[slot])
        guard let date else {
            if position >= 0 { remove(at: position) }
            return
        }
        let node = Node(date: date.timeIntervalSinceReferenceDate, slot: Int32(slot))
        if position < 0 {
            nodes.append(node)
            siftUp(node, from: nodes.count - 1)
        } else if node.precedes(nodes[position]) {
            siftUp(node, from: position)
        } else {
            siftDown(node, from: position)
        }
    }

    private mutating func remove(at position: Int) {
        positions[Int(nodes[position].slot)] = -1
        let last = nodes.removeLast()
        guard position < nodes.count else { return }
        if position > 0, last.precedes(nodes[(position - 1) / Self.arity]) {
            siftUp(last, from: position)
        } else {
            siftDown(last, from: position)
        }
    }

    /// Places `node` at `position` or above it, moving the parents it precedes down.
    private mutating func siftUp(_ node: Node, from position: Int) {
        var hole = position
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            guard node.precedes(nodes[parent]) else { break }
            place(nodes[parent], at: hole)
            hole = parent
        }
        place(node, at: hole)
    }

    /// Places `node` at `position` or below it, moving the children that precede it up.
    private mutating func siftDown(_ node: Node, from position: Int) {
        var hole = position
        let count = nodes.count
        while true {
            let firstChild = hole * Self.arity + 1
            guard firstChild < count else { break }
            var earliest = firstChild
            for child in (firstChild + 1)..<min(firstChild + Self.arity, count) where nodes[child].precedes(nodes[earliest]) {
                earliest = child
            }
            guard nodes[earliest].precedes(node) else { break }
            place(nodes[earliest], at: hole)
            hole = earliest
        }
        place(node, at: hole)
    }

    private mutating func place(_ node: Node, at position: Int) {
        nodes[position] = node
        positions[Int(node.slot)] = Int32(position)
    }
}
