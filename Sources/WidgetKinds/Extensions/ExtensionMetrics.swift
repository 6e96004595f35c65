import Metrics

/// What the extension processes count for `/metrics`, through swift-metrics'
/// API: the host bootstraps the registry that serves them.
enum ExtensionMetrics {
    static func extensionRestarted(module: String) {
        Counter(label: "widgethost_extension_restarts_total", dimensions: [("module", module)]).increment()
    }

    static func extensionCrashed(module: String) {
        Counter(label: "widgethost_extension_crashes_total", dimensions: [("module", module)]).increment()
    }
}
