import Foundation

/// Where a command finds the bundle manifest when none is given: the
/// installed service's and an operator's manifest are found from any
/// folder, as `git` finds its configuration.
enum ManifestLocation: Equatable {
    /// The file, and why it was chosen when it is not `./config.yaml`.
    case found(String, why: String?)
    /// Nothing at any of these.
    case none(searched: [String])

    /// `$WIDGETHOST_CONFIG` (which must exist), else the first that exists
    /// of `./config.yaml`, `$XDG_CONFIG_HOME/widgethost/config.yaml` (or
    /// `~/.config/…`), `/etc/widgethost/config.yaml`.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                     exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> ManifestLocation {
        if let named = environment["WIDGETHOST_CONFIG"], !named.isEmpty {
            // Named on purpose: a missing file is the manifest's error to report, not a reason to read another.
            return .found(named, why: "WIDGETHOST_CONFIG")
        }
        var candidates: [(path: String, why: String?)] = [("config.yaml", nil)]
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            candidates.append(("\(config)/widgethost/config.yaml", "XDG_CONFIG_HOME"))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            candidates.append(("\(home)/.config/widgethost/config.yaml", "the user's configuration"))
        }
        candidates.append(("/etc/widgethost/config.yaml", "the system's configuration"))
        if let first = candidates.first(where: { exists($0.path) }) {
            return .found(first.path, why: first.why.map { "no config.yaml here; \($0)" })
        }
        return .none(searched: candidates.map(\.path))
    }
}
