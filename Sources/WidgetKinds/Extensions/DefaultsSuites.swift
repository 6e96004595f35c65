import Synchronization
import WidgetConfiguration

/// Which defaults suite each module's `SharedDefaults.appGroup` reaches. An
/// App Group is one vendor's: by default every module of a manifest shares
/// its suite, as one app's extensions do, and a module whose entries say
/// `app_group: false` gets a suite of its own, which no other module and
/// not `widgethost defaults` (the App Group's) can read or write.
package final class DefaultsSuites: Sendable {
    /// Private suites live in the same table, under this prefix and the
    /// module's name; the App Group's keys may not start with it.
    package static let reservedPrefix = "widgethost.module."

    private let privateModules = Mutex<Set<String>>([])

    package init(_ manifest: Manifest? = nil) {
        if let manifest { update(manifest) }
    }

    /// Takes in a changed manifest.
    package func update(_ manifest: Manifest) {
        let modules = Set(manifest.widgets.filter { !$0.sharesAppGroup }.map(\.module.value))
        privateModules.withLock { $0 = modules }
    }

    /// Where `module`'s `key` is stored.
    func storedKey(_ key: String, module: String) -> String {
        privateModules.withLock { $0.contains(module) } ? Self.reservedPrefix + module + "/" + key : key
    }

    /// Whether `key` belongs to a module's own suite, not the App Group's.
    package static func isReserved(_ key: String) -> Bool {
        key.hasPrefix(reservedPrefix)
    }
}
