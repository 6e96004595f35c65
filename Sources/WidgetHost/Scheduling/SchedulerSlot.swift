import Foundation

/// One instance as the scheduler core holds it: its schedule, the moments
/// the core must act at for it, and its call. Slots are numbered, so the
/// core's hot path indexes an array where it hashed the instance's name; a
/// removed instance's slot is cleared and given to the next one added.
struct SchedulerSlot: Sendable {
    var instance: String
    var schedule: InstanceSchedule
    /// When its next entry becomes current.
    var transitionAt: Date?
    /// When its running call times out.
    var timeoutAt: Date?
    /// When its next reload is due: nil while none is scheduled (policy
    /// never, quarantined), while its call runs and while it waits in line.
    var reloadAt: Date?
    /// The number of the call running for it.
    var runningCall: Int?
    /// A reload asked for while its call ran, and whether forced: it runs
    /// when the call ends, so no request is lost.
    var reloadAfterCall: Bool?
    /// In the line of instances due while every call slot was busy.
    var isWaiting = false
    /// Its moments changed since the deadline queue last placed it.
    var isMoved = false

    init(instance: String, schedule: InstanceSchedule) {
        self.instance = instance
        self.schedule = schedule
    }

    /// The earliest of its moments: its place in the deadline queue.
    var nextDeadline: Date? {
        func earlier(_ first: Date?, _ second: Date?) -> Date? {
            guard let first, let second else { return first ?? second }
            return min(first, second)
        }
        return earlier(transitionAt, earlier(timeoutAt, reloadAt))
    }
}
