import Foundation
import GRDB

extension SharedContainer {
    /// Stores one request per instance it names, as the container holds
    /// them now: in a fleet each host takes the requests of the instances it
    /// holds, and a request for all of them reaches every host. Returns
    /// how many instances it asks to reload.
    @discardableResult
    package func addReloadRequest(_ request: ReloadRequest) throws -> Int {
        try write { db in
            guard request.instanceID == nil else {
                try db.insert(request)
                return 1
            }
            let named = try db.instances().filter(request.applies)
            for instance in named {
                var single = request
                single.instanceID = instance.id
                try db.insert(single)
            }
            return named.count
        }
    }

    /// The waiting requests, removed as they are taken: all of them, or
    /// those of the instances whose leases a fleet host holds with the
    /// tokens in `fence`, and with `orphans` those that name no instance or
    /// one gone.
    package func takeReloadRequests(fence: LeaseFence? = nil, orphans: Bool = true) throws -> [ReloadRequest] {
        try store.writeGuarded { db in try db.takeReloadRequests(fence: fence, orphans: orphans) }
    }
}
