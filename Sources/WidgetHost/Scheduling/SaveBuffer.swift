import Foundation

/// What the host changed and has not saved yet: the instances whose
/// schedules changed, and the events that views hear of once those changes
/// are in the container, so a view never reads the container before the
/// change it was told of.
///
/// Saves come at most every `interval` while calls keep finishing: one
/// commit for every call that ended in the meantime, not one each (a commit
/// costs a database far more than a row does).
struct SaveBuffer {
    /// Views hear of an entry once it is saved, so this is also the most they wait.
    static let interval: TimeInterval = 0.05
    /// Events kept while the container cannot be written: views need only recent news.
    static let eventLimit = 10_000

    /// Instances whose schedules changed since the last save.
    private(set) var instances: Set<String> = []
    /// Events whose changes are not saved yet.
    private(set) var events: [SchedulerEvent] = []
    /// When a save last started, on the wall clock: saving is real I/O.
    private var lastSave = Date.distantPast

    var isEmpty: Bool { instances.isEmpty }

    mutating func changed(_ instance: String) {
        instances.insert(instance)
    }

    /// An event, and the change to its instance it stands for.
    mutating func record(_ event: SchedulerEvent) {
        instances.insert(event.instance)
        if events.count >= Self.eventLimit { events.removeFirst(events.count / 2) }
        events.append(event)
    }

    /// An instance another host holds now: its state is the new holder's to save.
    mutating func forget(_ instance: String) {
        instances.remove(instance)
    }

    enum Timing: Equatable {
        /// Nothing to save.
        case idle
        /// Save now; the interval starts again.
        case now
        /// Wait this long (seconds) before saving.
        case after(TimeInterval)
    }

    /// Whether to save at `now`; a `.now` starts the next interval.
    mutating func timing(at now: Date = Date()) -> Timing {
        guard !instances.isEmpty else { return .idle }
        let due = lastSave + Self.interval
        guard now >= due else { return .after(due.timeIntervalSince(now)) }
        lastSave = now
        return .now
    }

    /// The instances were saved: they are no longer changed.
    mutating func savedInstances() {
        instances.removeAll()
    }

    /// The events whose changes are saved, handed on once.
    mutating func takeEvents() -> [SchedulerEvent] {
        defer { events.removeAll() }
        return events
    }
}
