import Foundation
import WidgetContainer
import WidgetHost
import WidgetSDK

/// An instance as `--json` prints it.
struct InstanceJSON: Encodable {
    let id: String
    let kind: String
    let family: WidgetFamily
    let name: String?
    let configurationIdentifier: String?
    let configuration: ConfigurationValues
    let state: String
    let stateDetail: String
    let createdAt: Date
    let updatedAt: Date

    init(_ instance: WidgetInstance, state: InstanceState) {
        id = instance.id
        kind = instance.kind
        family = instance.family
        name = instance.name
        configurationIdentifier = instance.configurationIdentifier
        configuration = instance.configuration
        self.state = state.name
        stateDetail = state.description
        createdAt = instance.createdAt
        updatedAt = instance.updatedAt
    }
}

extension WidgetInstance {
    /// `repo=apple/swift topRepo=…`, in the kind's parameter order when known.
    func configurationSummary(order: [String] = []) -> String {
        let keys = configurationKeys(order: order)
        return keys.isEmpty ? "-" : keys.map { "\($0)=\(configuration[$0]!)" }.joined(separator: " ")
    }

    /// The configuration's keys: those of `order` first, in its order, then the rest by name.
    func configurationKeys(order: [String]) -> [String] {
        order.filter { configuration[$0] != nil } + configuration.keys.filter { !order.contains($0) }.sorted()
    }
}
