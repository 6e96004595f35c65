import WidgetSDK

/// What an extension process found in its module.
package enum ModuleDescription: Codable, Sendable {
    /// Its widget kinds, its Live Activities by their attributes' type
    /// name, and its controls.
    case kinds([KindDescription], activities: [String], controls: [ControlDescription])
    case failed(ModuleLoadFailure)
}

/// Why the extension could not use its module; the host words the message.
package enum ModuleLoadFailure: Error, Codable, Sendable, Hashable {
    case openFailed(reason: String)
    case missingSymbol(String)
    case sdkMismatch(moduleVersion: Int32, hostVersion: Int32)
    case foreignModuleObject
}

/// A kind's descriptor without its code: what the host validates and shows.
package struct KindDescription: Codable, Sendable {
    package var kind: String
    package var displayName: String
    package var description: String
    package var supportedFamilies: [WidgetFamily]
    package var style: ConfigurationDescriptor.Style
    package var identifier: String?
    package var title: String?
    package var replacedIdentifier: String?
    package var parameters: [ParameterDescription]
    package var contentMarginsDisabled: Bool
    package var disfavoredLocations: [WidgetLocation]
    /// It has a push handler (`.pushHandler`).
    package var acceptsPushes: Bool

    package init(_ descriptor: WidgetDescriptor) {
        kind = descriptor.kind
        displayName = descriptor.displayName
        description = descriptor.description
        supportedFamilies = descriptor.supportedFamilies
        let configuration = descriptor.configuration
        style = configuration.style
        identifier = configuration.identifier
        title = configuration.title
        replacedIdentifier = configuration.replacedIdentifier
        parameters = configuration.parameters.map(ParameterDescription.init)
        contentMarginsDisabled = descriptor.contentMarginsDisabled
        disfavoredLocations = descriptor.disfavoredLocations
        acceptsPushes = descriptor.acceptsPushes
    }
}

/// A control's descriptor without its code.
package struct ControlDescription: Codable, Sendable, Hashable {
    package var kind: String
    package var displayName: String
    package var description: String
    /// An `AppIntentControlConfiguration`'s, shown with its intent's defaults.
    package var isConfigurable: Bool

    package init(_ descriptor: ControlDescriptor) {
        kind = descriptor.kind
        displayName = descriptor.displayName
        description = descriptor.description
        isConfigurable = descriptor.isConfigurable
    }
}

package struct ParameterDescription: Codable, Sendable {
    package enum Options: Codable, Sendable {
        case any
        case list([ConfigurationValue])
        case dynamic(providerName: String, savedListKey: String?)
    }

    package var name: String
    package var title: String
    package var description: String?
    package var type: ParameterType
    /// True for a list of `type` values; absent for one value.
    package var isList: Bool?
    /// A list's sizes by family; absent when unbounded.
    package var listSizes: [WidgetFamily: IntentCollectionSize]?
    package var isOptional: Bool
    package var defaultValue: ConfigurationValue?
    package var options: Options
    /// Display names of some options (an `AppEnum`'s cases); absent when none.
    package var optionTitles: [ConfigurationValue: String]?

    package init(_ parameter: ConfigurationParameter) {
        name = parameter.name
        title = parameter.title
        description = parameter.description
        type = parameter.type
        isList = parameter.isList ? true : nil
        listSizes = parameter.listSizes.isEmpty ? nil : parameter.listSizes
        isOptional = parameter.isOptional
        defaultValue = parameter.defaultValue
        options = switch parameter.options {
        case .any: .any
        case .list(let values): .list(values)
        case .dynamic(let dynamic): .dynamic(providerName: dynamic.providerName, savedListKey: dynamic.savedListKey)
        }
        optionTitles = parameter.optionTitles.isEmpty ? nil : parameter.optionTitles
    }
}
