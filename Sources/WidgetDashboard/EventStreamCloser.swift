import ServiceLifecycle

/// Ends the dashboard's (or the gallery's) event streams when shutdown
/// begins: placed last in a service group, it hears first, so the server
/// does not wait on streams that never end.
package struct EventStreamCloser: Service {
    let events: DashboardEvents

    package init(events: DashboardEvents) {
        self.events = events
    }

    package func run() async throws {
        try? await gracefulShutdown()
        events.finish()
    }
}
