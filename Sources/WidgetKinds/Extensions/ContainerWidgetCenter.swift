import Foundation
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetSDK

/// What `WidgetCenter` in a kind's code reaches: reload requests stored in
/// the container (where a running host, or each host of a fleet, takes
/// them as it takes `widgethost reload`'s) and the placed widgets. A module
/// reaches its own kinds only, as an app reaches its own widgets.
package final class ContainerWidgetCenter: Sendable {
    private let container: SharedContainer?
    private let kindsByModule = Mutex<[String: Set<String>]>([:])
    /// Who hears `ControlCenter.reloadControls`: a running host's dashboard.
    private let controlListener = Mutex<(@Sendable (String?) -> Void)?>(nil)

    /// `container` nil: a command that opened none; every call is refused.
    package init(container: SharedContainer?, manifest: Manifest? = nil) {
        self.container = container
        if let manifest { update(manifest) }
    }

    /// Takes in a changed manifest.
    package func update(_ manifest: Manifest) {
        let kinds = Dictionary(grouping: manifest.widgets, by: \.module.value).mapValues { Set($0.map(\.kind.value)) }
        kindsByModule.withLock { $0 = kinds }
    }

    private func kinds(of module: String) -> Set<String> {
        kindsByModule.withLock { $0[module] ?? [] }
    }

    /// Stores a reload of every instance of `kind` (nil: of every kind of
    /// `module`). One asked for during a tap is forced, as the tapped
    /// kind's own reload is; any other waits for the minimum interval.
    /// Returns how many instances it names; a kind of another module names none.
    func reloadTimelines(ofKind kind: String?, interactive: Bool, from module: String) async throws -> Int {
        guard let container else { throw WidgetCenterUnavailable() }
        let kinds = kinds(of: module).filter { kind == nil || $0 == kind }
        return try await container.offPool { container in
            try kinds.reduce(0) { count, kind in count + (try container.addReloadRequest(ReloadRequest(kind: kind, force: interactive))) }
        }
    }

    /// `handler` hears each `ControlCenter.reloadControls(ofKind:)` (nil:
    /// every control), in place of any before it.
    package func onControlReload(_ handler: @escaping @Sendable (String?) -> Void) {
        controlListener.withLock { $0 = handler }
    }

    /// A kind asked for its controls to be read again: the host reads a
    /// control whenever it shows it, so only who shows them need hear it.
    func reloadControls(ofKind kind: String?) {
        controlListener.withLock { $0 }?(kind)
    }

    /// The placed instances of `module`'s kinds, oldest first.
    func currentConfigurations(of module: String) async throws -> [WidgetInfo] {
        guard let container else { throw WidgetCenterUnavailable() }
        let kinds = kinds(of: module)
        return try await container.offPool { try $0.instances() }
            .filter { kinds.contains($0.kind) }
            .map { WidgetInfo(kind: $0.kind, family: $0.family, configurationIdentifier: $0.configurationIdentifier, values: $0.configuration) }
    }
}
