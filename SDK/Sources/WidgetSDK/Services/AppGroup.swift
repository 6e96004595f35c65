import Foundation
import Synchronization

/// The App Group a module belongs to, as the host says when it starts the
/// module's extension: its identifier (the manifest's `container.group`,
/// which `UserDefaults(suiteName:)` names it by) and the module's folder in
/// its container (what `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` gives).
public enum AppGroup {
    private static let installed = Mutex<(identifier: String?, folder: URL?)>((nil, nil))

    /// The group's identifier; nil outside an extension process.
    public static var identifier: String? { installed.withLock { $0.identifier } }

    /// The module's own folder in the group's container, made by the host;
    /// nil outside an extension process.
    public static var folder: URL? { installed.withLock { $0.folder } }

    /// The extension process calls this before it loads a module.
    public static func install(identifier: String?, folder: URL?) {
        installed.withLock { $0 = (identifier, folder) }
    }
}
