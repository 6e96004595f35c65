import Foundation
import WidgetSDK

/// Serves `SharedDefaults.appGroup` to widget modules from the container.
public struct ContainerDefaultsStore: SharedDefaultsStore {
    let container: SharedContainer

    public init(container: SharedContainer) {
        self.container = container
    }

    public func data(forKey key: String) throws -> Data? {
        try container.read { try $0.defaultsData(forKey: key) }
    }

    public func setData(_ data: Data?, forKey key: String) throws {
        try container.write { try $0.setDefaultsData(data, forKey: key) }
    }
}
