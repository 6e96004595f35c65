import HostText
import Synchronization
import WidgetConfiguration
import YAML

/// Which defaults suite each module's `SharedDefaults.appGroup` reaches. An
/// App Group is one vendor's: by default every module of a manifest shares
/// its suite, as one app's extensions do, and a module whose entries say
/// `app_group: false` gets a suite of its own, which no other module and
/// not `widgethost defaults` (the App Group's) can read or write.
/// `UserDefaults(suiteName:)` with another name than the group's (and
/// `UserDefaults.standard`) is a suite of the module's own as well, one per name.
package final class DefaultsSuites: Sendable {
    /// Private suites live in the same table, under this prefix and the
    /// module's name; the App Group's keys may not start with it.
    package static let reservedPrefix = "widgethost.module."
    /// Named suites (`UserDefaults(suiteName:)`, `.standard`) live under
    /// this prefix, the module's name and the suite's; reserved too.
    package static let suitePrefix = "widgethost.suite."
    /// Longer names are refused; iOS suite names are reverse-DNS identifiers.
    static let maximumSuiteBytes = 256

    private let privateModules = Mutex<Set<String>>([])
    private let currentGroup = Mutex<String?>(nil)

    package init(_ manifest: Manifest? = nil) {
        if let manifest { update(manifest) }
    }

    /// Takes in a changed manifest.
    package func update(_ manifest: Manifest) {
        let modules = Set(manifest.widgets.filter { !$0.sharesAppGroup }.map(\.module.value))
        privateModules.withLock { $0 = modules }
        currentGroup.withLock { $0 = manifest.container.group.value }
    }

    /// The manifest's `container.group`: the suite name of the App Group.
    package var group: String? { currentGroup.withLock { $0 } }

    /// Where `module`'s `key` is stored: in the App Group's suite (`suite`
    /// nil) or in the module's own suite named `suite`,
    /// `widgethost.suite.<module>/<suite>/<key>`. Neither a module's name
    /// (the manifest refuses '/') nor a suite's holds a '/', so no module's
    /// keys reach another's, and none reaches an `app_group: false` suite.
    func storedKey(_ key: String, module: String, suite: String? = nil) -> String {
        if let suite { return Self.suitePrefix + module + "/" + suite + "/" + key }
        return privateModules.withLock { $0.contains(module) } ? Self.reservedPrefix + module + "/" + key : key
    }

    /// Why a module may not use a suite called `suite`, or nil.
    static func problem(withSuite suite: String) -> String? {
        if suite.isEmpty || suite.utf8.count > maximumSuiteBytes {
            return "a defaults suite's name is 1 to \(maximumSuiteBytes) bytes, found \(suite.utf8.count)"
        }
        if suite.contains("/") || suite.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return "a defaults suite's name may hold no '/' or control characters"
        }
        return nil
    }

    /// Whether `key` belongs to a module's own suite, not the App Group's.
    package static func isReserved(_ key: String) -> Bool {
        key.hasPrefix(reservedPrefix) || key.hasPrefix(suitePrefix)
    }
}
