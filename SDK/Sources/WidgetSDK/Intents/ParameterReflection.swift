/// The `@Parameter` properties of an intent, found by reflection: what both
/// configuration intents and app intents are made of.
enum ParameterReflection {
    static func parameters(of intent: Any) -> [(descriptor: ConfigurationParameter, storage: any ParameterStorage)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let storage = child.value as? any ParameterStorage, let label = child.label else { return nil }
            // A property wrapper's storage is named `_property`.
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            return (storage.descriptor(name: name), storage)
        }
    }

    /// Fills `intent`'s parameters from stored values; those without a value keep their default.
    static func assign(_ values: ConfigurationValues, to intent: Any) throws {
        for parameter in parameters(of: intent) {
            try parameter.storage.assign(values[parameter.descriptor.name], name: parameter.descriptor.name)
        }
    }

    /// `assign`, with `AppEntity` parameters found by their queries.
    static func resolve(_ values: ConfigurationValues, to intent: Any) async throws {
        for parameter in parameters(of: intent) {
            try await parameter.storage.resolve(values[parameter.descriptor.name], name: parameter.descriptor.name)
        }
    }

    /// Each parameter's current value (or default), by name.
    static func values(of intent: Any) -> ConfigurationValues {
        var values: ConfigurationValues = [:]
        for parameter in parameters(of: intent) {
            values[parameter.descriptor.name] = parameter.storage.currentValue
        }
        return values
    }
}
