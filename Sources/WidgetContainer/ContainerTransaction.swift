import Foundation

/// What one transaction on a container can do, in the container's own terms.
/// `SharedContainer` writes its rules (saved lists, migrations, unique ids)
/// once against this; SQLite and PostgreSQL each say how to store them.
package protocol ContainerTransaction {
    // The shared defaults suite.
    func defaultsData(forKey key: String) throws -> Data?
    /// Stores `data` under `key`; nil removes the key.
    func setDefaultsData(_ data: Data?, forKey key: String) throws
    /// Whether there was a value to delete.
    func deleteDefaults(forKey key: String) throws -> Bool
    /// Every key with its value, sorted by key.
    func allDefaults() throws -> [(key: String, value: Data)]

    // Instances.
    func instance(id: String) throws -> WidgetInstance?
    /// Oldest first; ties by id.
    func instances() throws -> [WidgetInstance]
    /// The instances of `ids` that exist, in no particular order.
    func instances(ids: [String]) throws -> [WidgetInstance]
    func instanceIDs() throws -> [String]
    func insert(_ instance: WidgetInstance) throws
    func update(_ instance: WidgetInstance) throws
    /// Removes the instance and its timeline.
    func deleteInstance(id: String) throws
    /// The instances the manifest declares (`instances:`), which it may change and remove.
    func managedInstanceIDs() throws -> Set<String>
    func setManaged(_ managed: Bool, id: String) throws

    // Declared instances the manifest stopped declaring, kept a while with
    // their timelines (budgets, failures and quarantine included), so that
    // one that comes back (a manifest cut short, then whole again) is as it was.
    func stashRemoved(_ instance: WidgetInstance, schedule: Data?, at date: Date) throws
    /// The stashed instance `id`, taken out of the stash.
    func takeStashed(id: String) throws -> StashedInstance?
    func purgeStashed(removedBefore date: Date) throws

    // Reload requests from `widgethost reload`.
    func insert(_ request: ReloadRequest) throws
    /// The waiting requests in the order made, removed as they are taken:
    /// all of them, or (for a fleet host) those for the instances whose
    /// leases `fence` still holds, and with `orphans` those naming no
    /// instance or one that no longer exists.
    func takeReloadRequests(fence: LeaseFence?, orphans: Bool) throws -> [ReloadRequest]

    // Timelines, as the scheduler encoded them.
    /// Stores timelines, each of an instance that exists and, for a fleet
    /// host, whose lease `fence` still holds with its token (checked in the
    /// statement that writes). Returns the instances stored.
    func saveTimelines(_ rows: [(instance: String, schedule: Data)], fence: LeaseFence?, at date: Date) throws -> Set<String>
    /// Every stored timeline, or those of `instanceIDs`.
    func timelines(of instanceIDs: [String]?) throws -> [(instance: String, schedule: Data)]
    func timeline(instance: String) throws -> Data?

    // The HTTP cache.
    func cachedResponse(for url: String) throws -> CachedResponse?
    func store(_ response: CachedResponse) throws
    func markRevalidated(_ url: String, at date: Date) throws

    // The dashboard's users, their sessions and read-only tokens.
    /// By name.
    func dashboardUsers() throws -> [DashboardUser]
    func dashboardUser(named name: String) throws -> DashboardUser?
    /// Adds the user, or replaces the one of that name.
    func save(_ user: DashboardUser) throws
    /// Whether there was such a user. Their sessions stay: see `deleteDashboardCredentials`.
    func deleteDashboardUser(named name: String) throws -> Bool
    /// Oldest first.
    func dashboardCredentials(kind: DashboardCredential.Kind) throws -> [DashboardCredential]
    func dashboardCredential(digest: String) throws -> DashboardCredential?
    func insert(_ credential: DashboardCredential) throws
    /// Removes `owner`'s credentials of `kind`; returns how many.
    @discardableResult
    func deleteDashboardCredentials(owner: String, kind: DashboardCredential.Kind) throws -> Int
    func deleteDashboardCredential(digest: String) throws
    func purgeDashboardCredentials(expiredBefore date: Date) throws
    /// Whether any user or token exists: then the dashboard asks who is there.
    func hasDashboardAccounts() throws -> Bool

    // E-ink devices, admitted and waiting.
    /// By MAC.
    func devices() throws -> [EInkDevice]
    func device(mac: String) throws -> EInkDevice?
    /// Adds the device, or replaces the one of that MAC.
    func save(_ device: EInkDevice) throws
    /// Whether there was such a device.
    func deleteDevice(mac: String) throws -> Bool
    /// Removes the waiting devices heard from longest ago past `kept`.
    func trimWaitingDevices(keeping kept: Int) throws

    // Live Activities.
    /// Oldest first; ties by id.
    func activities() throws -> [LiveActivity]
    func activity(id: String) throws -> LiveActivity?
    /// Adds the activity, or replaces the one of that id.
    func save(_ activity: LiveActivity) throws
    func deleteActivities(ids: [String]) throws

    // Push tokens, one a kind.
    /// By kind.
    func pushTokens() throws -> [PushToken]
    func pushToken(kind: String) throws -> PushToken?
    /// Adds the kind's token, or replaces it.
    func save(_ token: PushToken) throws
}
