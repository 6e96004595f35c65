import Foundation

/// A moment the scheduler must act at. Superseded deadlines stay in the heap
/// and are skipped when they surface: their generation no longer matches.
struct Deadline: Comparable, Sendable {
    enum Kind: Int, Sendable {
        case transition, timeout, reload
    }

    let date: Date
    let kind: Kind
    let instance: String
    let generation: Int

    static func < (lhs: Deadline, rhs: Deadline) -> Bool {
        (lhs.date, lhs.kind.rawValue, lhs.instance, lhs.generation) < (rhs.date, rhs.kind.rawValue, rhs.instance, rhs.generation)
    }
}
