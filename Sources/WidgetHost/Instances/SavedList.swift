import WidgetContainer
import WidgetKinds
import WidgetSDK

/// A list of the user's own values kept in the shared defaults (the saved
/// repositories), with the parameters that draw their options from it.
package struct SavedList: Sendable {
    package let key: String
    package let options: DynamicOptions
    /// The parameters whose options come from this list, by kind.
    package let parameters: [SharedContainer.SavedListUser]

    /// The list as the provider offers it: the saved values, or its starting
    /// list when nothing is saved yet.
    package func currentValues() async throws -> [String] {
        try await options.results().map(\.description)
    }

    /// The provider's check of a value, normalised; throws the rule it broke.
    package func validate(_ value: String) async throws -> String {
        try await options.validate(.string(value)).description
    }
}

extension LoadedBundle {
    /// The saved list under `key`, if any kind's options come from one.
    package func savedList(key: String) -> SavedList? {
        var options: DynamicOptions?
        var parameters: [SharedContainer.SavedListUser] = []
        for kind in kinds {
            for parameter in kind.configuration.parameters {
                guard case .dynamic(let dynamic) = parameter.options, dynamic.savedListKey == key else { continue }
                options = options ?? dynamic
                parameters.append(SharedContainer.SavedListUser(kind: kind.name, parameter: parameter.name,
                                                                fewest: parameter.listSizes.mapValues(\.min)))
            }
        }
        return options.map { SavedList(key: key, options: $0, parameters: parameters) }
    }
}
