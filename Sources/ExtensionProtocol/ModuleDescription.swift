import WidgetSDK

/// What an extension process found in its module.
public enum ModuleDescription: Codable, Sendable {
    case kinds([KindDescription])
    case failed(ModuleLoadFailure)
}

/// Why the extension could not use its module; the host words the message.
public enum ModuleLoadFailure: Error, Codable, Sendable, Hashable {
    case openFailed(reason: String)
    case missingSymbol(String)
    case sdkMismatch(moduleVersion: Int32, hostVersion: Int32)
    case foreignModuleObject
}

/// A kind's descriptor without its code: what the host validates and shows.
public struct KindDescription: Codable, Sendable {
    public var kind: String
    public var displayName: String
    public var description: String
    public var supportedFamilies: [WidgetFamily]
    public var style: ConfigurationDescriptor.Style
    public var identifier: String?
    public var title: String?
    public var replacedIdentifier: String?
    public var parameters: [ParameterDescription]

    public init(_ descriptor: WidgetDescriptor) {
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
    }
}

public struct ParameterDescription: Codable, Sendable {
    public enum Options: Codable, Sendable {
        case any
        case list([ConfigurationValue])
        case dynamic(providerName: String, savedListKey: String?)
    }

    public var name: String
    public var title: String
    public var description: String?
    public var type: ParameterType
    public var isOptional: Bool
    public var defaultValue: ConfigurationValue?
    public var options: Options

    public init(_ parameter: ConfigurationParameter) {
        name = parameter.name
        title = parameter.title
        description = parameter.description
        type = parameter.type
        isOptional = parameter.isOptional
        defaultValue = parameter.defaultValue
        options = switch parameter.options {
        case .any: .any
        case .list(let values): .list(values)
        case .dynamic(let dynamic): .dynamic(providerName: dynamic.providerName, savedListKey: dynamic.savedListKey)
        }
    }
}
