import WidgetContainer

/// What a running host tells the program around it (the log, the board,
/// the dashboard), through one closure given to `TimelineHost`.
package enum HostNews: Sendable {
    /// A scheduler event, with its instance when the host knows it.
    case event(SchedulerEvent, WidgetInstance?)
    /// Something that needs a person: an error.
    case problem(String)
    /// Trouble the host rides out by itself, said once when it starts (the
    /// database out of reach, a full disk).
    case warning(String)
    /// What a person may want to know: trouble ended, a takeover.
    case notice(String)
    /// Events whose changes are now in the container: a view told of them
    /// reads what they say.
    case saved([SchedulerEvent])
    /// Live Activities were started, updated, ended or removed: a view
    /// showing them reads them again.
    case activities
}
