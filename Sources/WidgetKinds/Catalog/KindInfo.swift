import WidgetSDK

/// A kind as `widgethost kinds` shows it, and as `--json` prints it.
public struct KindInfo: Codable, Sendable, Equatable {
    public struct Configuration: Codable, Sendable, Equatable {
        public let style: String
        public let identifier: String?
        public let title: String?
        public let replaces: String?
        public let parameters: [Parameter]
    }

    public struct Parameter: Codable, Sendable, Equatable {
        public let name: String
        /// The `add-instance` flag that sets it.
        public let flag: String
        public let title: String
        public let type: String
        public let optional: Bool
        public let `default`: ConfigurationValue?
        public let options: Options
    }

    public struct Options: Codable, Sendable, Equatable {
        /// `any`, `static` or `dynamic`.
        public let source: String
        /// The static list; nil otherwise.
        public let values: [ConfigurationValue]?
        /// The dynamic provider's type name; nil otherwise.
        public let provider: String?
    }

    public let kind: String
    public let displayName: String
    public let description: String
    public let families: [WidgetFamily]
    public let configuration: Configuration
    public let module: String

    /// Resolves dynamic defaults, which may read the shared defaults.
    public init(_ kind: LoadedKind) async {
        var parameters: [Parameter] = []
        for parameter in kind.configuration.parameters {
            let options = switch parameter.options {
            case .any: Options(source: "any", values: nil, provider: nil)
            case .list(let values): Options(source: "static", values: values, provider: nil)
            case .dynamic(let dynamic): Options(source: "dynamic", values: nil, provider: dynamic.providerName)
            }
            parameters.append(Parameter(
                name: parameter.name, flag: "--" + ParameterFlag.name(for: parameter.name), title: parameter.title,
                type: parameter.type.rawValue, optional: parameter.isOptional,
                default: await parameter.resolvedDefault(), options: options))
        }
        self.kind = kind.name
        displayName = kind.descriptor.displayName
        description = kind.descriptor.description
        families = kind.families
        configuration = Configuration(
            style: kind.configuration.style.rawValue, identifier: kind.configuration.identifier,
            title: kind.configuration.title, replaces: kind.configuration.replacedIdentifier, parameters: parameters)
        module = kind.modulePath
    }
}
