import Foundation
import WidgetSDK

extension FileManager {
    /// The App Group's folder, as on iOS: for the manifest's `container.group`,
    /// a folder of the container that is this module's own
    /// (`<container>/extensions/<module>/`, made by the host), for files and
    /// caches that outlive the extension process. Nil for any other
    /// identifier, as iOS gives nil for a group the extension is not in.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        groupIdentifier == AppGroup.identifier ? AppGroup.folder : nil
    }
}
