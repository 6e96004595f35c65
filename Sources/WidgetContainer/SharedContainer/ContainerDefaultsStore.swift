import Foundation
import WidgetSDK

/// Serves `SharedDefaults.appGroup` to widget modules from the container.
package struct ContainerDefaultsStore: SharedDefaultsStore {
    let container: SharedContainer

    package init(container: SharedContainer) {
        self.container = container
    }

    package func data(forKey key: String) throws -> Data? {
        try container.read { try $0.defaultsData(forKey: key) }
    }

    package func setData(_ data: Data?, forKey key: String) throws {
        try container.write { try $0.setDefaultsData(data, forKey: key) }
    }
}
