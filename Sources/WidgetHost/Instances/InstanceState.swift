import WidgetContainer
import WidgetKinds
import WidgetSDK

/// What the bundle says about a stored instance.
package enum InstanceState: Sendable, Hashable, CustomStringConvertible {
    case ready
    /// The kind no longer supports the instance's family; the instance is kept.
    case unsupportedFamily(supported: [WidgetFamily])
    /// The bundle offers no kind by this name; the instance is kept.
    case kindUnavailable

    package init(_ instance: WidgetInstance, in bundle: LoadedBundle) {
        guard let kind = bundle.kind(named: instance.kind) else {
            self = .kindUnavailable
            return
        }
        self = kind.families.contains(instance.family) ? .ready : .unsupportedFamily(supported: kind.families)
    }

    /// Short, for tables and JSON.
    package var name: String {
        switch self {
        case .ready: "ready"
        case .unsupportedFamily: "unsupported-family"
        case .kindUnavailable: "kind-unavailable"
        }
    }

    package var description: String {
        switch self {
        case .ready: "ready"
        case .unsupportedFamily(let supported):
            "family no longer supported (the kind supports \(supported.map(\.rawValue).joined(separator: ", ")))"
        case .kindUnavailable: "its kind is not in this bundle"
        }
    }
}
