import Foundation

/// A clue to when a widget is relevant: RelevanceKit's contexts. The host
/// knows only the clock, so only the date clues ever hold: while one does,
/// the instances it names come first on the dashboard, the board and a
/// screen's `stack` (docs/relevance.md). Sleep, fitness, headphones and
/// location clues are accepted, as iOS accepts them outside watchOS, and
/// never hold.
public struct RelevantContext: Sendable, Hashable {
    enum Clue: Sendable, Hashable {
        case date(start: Date, end: Date, kind: DateKind)
        case sleep(SleepCondition)
        case fitness(FitnessCondition)
        case headphones(HeadphonesCondition)
        case location(InferredLocation)
    }

    let clue: Clue

    /// How much a date clue weighs against another that holds at the same time.
    public struct DateKind: Sendable, Hashable {
        let priority: Int

        /// Shown and read, nothing to do: below the others.
        public static let informational = DateKind(priority: RelevantInterval.informational)
        /// Neither above nor below.
        public static let `default` = DateKind(priority: RelevantInterval.standard)
        /// Something is due (a departure, a meeting): above the others.
        public static let scheduled = DateKind(priority: RelevantInterval.scheduled)
    }

    /// A person's bedtime or wake-up, which the host does not know.
    public struct SleepCondition: Sendable, Hashable {
        let name: String
        /// Around a person's usual bedtime.
        public static let bedtime = SleepCondition(name: "bedtime")
        /// Around a person's usual wake-up.
        public static let wakeup = SleepCondition(name: "wakeup")
    }

    /// A person's workout or activity rings, which the host does not know.
    public struct FitnessCondition: Sendable, Hashable {
        let name: String
        /// During a workout.
        public static let workoutActive = FitnessCondition(name: "workoutActive")
        /// While the day's activity rings are not closed.
        public static let activityRingsIncomplete = FitnessCondition(name: "activityRingsIncomplete")
    }

    /// Whether headphones are connected, which the host does not know.
    public struct HeadphonesCondition: Sendable, Hashable {
        let name: String
        /// While headphones are connected.
        public static let connected = HeadphonesCondition(name: "connected")
    }

    /// A place a person's device infers, which the host does not know.
    public struct InferredLocation: Sendable, Hashable {
        let name: String
        /// At home.
        public static let home = InferredLocation(name: "home")
        /// At work.
        public static let work = InferredLocation(name: "work")
        /// At school.
        public static let school = InferredLocation(name: "school")
        /// On the way between two of them.
        public static let commute = InferredLocation(name: "commute")
    }

    /// Around `exact`: from an hour before it until an hour after, the
    /// span a match, a meeting or a departure at that time is worth showing.
    public static func date(_ exact: Date) -> RelevantContext {
        RelevantContext(clue: .date(start: exact - aroundExact, end: exact + aroundExact, kind: .default))
    }

    /// Around `exact`, as `date(_:)`, weighed as `kind` says.
    public static func date(_ exact: Date, kind: DateKind) -> RelevantContext {
        RelevantContext(clue: .date(start: exact - aroundExact, end: exact + aroundExact, kind: kind))
    }

    /// From `from` until `to`; never, if `to` comes first.
    public static func date(from: Date, to: Date) -> RelevantContext {
        RelevantContext(clue: .date(start: from, end: to, kind: .default))
    }

    /// Within `interval`, weighed as `kind` says.
    public static func date(interval: DateInterval, kind: DateKind = .default) -> RelevantContext {
        RelevantContext(clue: .date(start: interval.start, end: interval.end, kind: kind))
    }

    /// Within `range`, weighed as `kind` says.
    public static func date(range: ClosedRange<Date>, kind: DateKind = .default) -> RelevantContext {
        RelevantContext(clue: .date(start: range.lowerBound, end: range.upperBound, kind: kind))
    }

    /// Around a person's sleep: never holds here.
    public static func sleep(_ condition: SleepCondition) -> RelevantContext {
        RelevantContext(clue: .sleep(condition))
    }

    /// During a person's fitness activity: never holds here.
    public static func fitness(_ condition: FitnessCondition) -> RelevantContext {
        RelevantContext(clue: .fitness(condition))
    }

    /// While headphones are connected: never holds here.
    public static func hardware(headphones: HeadphonesCondition) -> RelevantContext {
        RelevantContext(clue: .headphones(headphones))
    }

    /// At a place the device infers: never holds here.
    public static func location(inferred: InferredLocation) -> RelevantContext {
        RelevantContext(clue: .location(inferred))
    }

    static let aroundExact: TimeInterval = 3_600

    /// The span the clue holds in, for the host; nil for a clue that never
    /// holds here (one ending before it starts is such a clue).
    var interval: RelevantInterval? {
        guard case .date(let start, let end, let kind) = clue, start <= end else { return nil }
        return RelevantInterval(start: start, end: end, priority: kind.priority)
    }
}
