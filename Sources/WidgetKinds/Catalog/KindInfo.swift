import WidgetConfiguration
import WidgetSDK

/// A kind as `widgethost kinds` shows it, and as `--json` prints it.
package struct KindInfo: Codable, Sendable, Equatable {
    package struct Configuration: Codable, Sendable, Equatable {
        package let style: String
        package let identifier: String?
        package let title: String?
        package let replaces: String?
        package let parameters: [Parameter]
    }

    package struct Parameter: Codable, Sendable, Equatable {
        package let name: String
        /// The `add-instance` flag that sets it.
        package let flag: String
        package let title: String
        /// Of each value, for a list.
        package let type: String
        /// True for a list of `type` values (the flag repeated); absent for one value.
        package var list: Bool?
        /// How many values a list holds, by family; absent when unbounded.
        package var size: [String: IntentCollectionSize]?
        package let optional: Bool
        package let `default`: ConfigurationValue?
        package let options: Options

        /// "string", "list of strings".
        package var typeDescription: String {
            guard list == true else { return type }
            return ParameterType(rawValue: type)?.listDescription ?? "list of \(type)"
        }

        /// "at most 3 values", or per family when they differ; nil when unbounded.
        package var sizeDescription: String? {
            guard let size, !size.isEmpty else { return nil }
            let sizes = Set(size.values)
            if sizes.count == 1, size.count == WidgetFamily.allCases.count, let only = sizes.first { return only.description }
            return WidgetFamily.allCases.compactMap { family in size[family.rawValue].map { "\($0) in \(family.rawValue)" } }
                .joined(separator: ", ")
        }
    }

    package struct Options: Codable, Sendable, Equatable {
        /// `any`, `static` or `dynamic`.
        package let source: String
        /// The static list; nil otherwise.
        package let values: [ConfigurationValue]?
        /// The dynamic provider's type name; nil otherwise.
        package let provider: String?
        /// Display names of some values (an `AppEnum`'s cases), by the value's text; nil when none.
        package var titles: [String: String]?

        /// `value`, followed by its display name when that says more than the value.
        package func described(_ value: ConfigurationValue) -> String {
            let text = value.description
            guard let title = titles?[text], Self.says(title, moreThan: text) else { return text }
            return "\(text) (\(title))"
        }

        /// Whether a display name is worth showing beside its value: not
        /// when it is the value again (`friendly`, "Friendly").
        package static func says(_ title: String, moreThan value: String) -> Bool {
            title.lowercased() != value.lowercased()
        }
    }

    package let kind: String
    package let displayName: String
    package let description: String
    package let families: [WidgetFamily]
    package let configuration: Configuration
    package let module: String
    /// `.contentMarginsDisabled()`; absent when the kind keeps its margins.
    package let contentMarginsDisabled: Bool?
    /// `.disfavoredLocations`, recorded; absent when none.
    package let disfavoredLocations: [WidgetLocation]?
    /// What the manifest lets the kind's extension do beyond the default
    /// sandbox; absent when nothing.
    package let sandbox: Sandbox?

    package struct Sandbox: Codable, Sendable, Equatable {
        /// `widgets[].sandbox.read`, as written.
        package let read: [String]
        package let network: Bool
        /// `widgets[].sandbox.fetch`, as written; absent when none.
        package let fetch: [String]?
    }

    /// Resolves dynamic defaults, which may read the shared defaults.
    package init(_ kind: LoadedKind) async {
        var parameters: [Parameter] = []
        for parameter in kind.configuration.parameters {
            var options = switch parameter.options {
            case .any: Options(source: "any", values: nil, provider: nil)
            case .list(let values): Options(source: "static", values: values, provider: nil)
            case .dynamic(let dynamic): Options(source: "dynamic", values: nil, provider: dynamic.providerName)
            }
            if !parameter.optionTitles.isEmpty {
                options.titles = Dictionary(parameter.optionTitles.map { ($0.key.description, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            parameters.append(Parameter(
                name: parameter.name, flag: "--" + ParameterFlag.name(for: parameter.name), title: parameter.title,
                type: parameter.type.rawValue, list: parameter.isList ? true : nil,
                size: parameter.listSizes.isEmpty ? nil : Dictionary(uniqueKeysWithValues: parameter.listSizes.map { ($0.key.rawValue, $0.value) }),
                optional: parameter.isOptional, default: await parameter.resolvedDefault(), options: options))
        }
        self.kind = kind.name
        displayName = kind.descriptor.displayName
        description = kind.descriptor.description
        families = kind.families
        configuration = Configuration(
            style: kind.configuration.style.rawValue, identifier: kind.configuration.identifier,
            title: kind.configuration.title, replaces: kind.configuration.replacedIdentifier, parameters: parameters)
        module = kind.modulePath
        contentMarginsDisabled = kind.descriptor.contentMarginsDisabled ? true : nil
        disfavoredLocations = kind.descriptor.disfavoredLocations.isEmpty ? nil : kind.descriptor.disfavoredLocations
        let declared = kind.entry.sandbox
        if let json = kind.entry.json {
            // The JSON module's process may reach every declared kind's host; this kind asks only its own.
            sandbox = Sandbox(read: [], network: false, fetch: json.fetchHost.map { [$0] })
            return
        }
        sandbox = declared.isWidened ? Sandbox(read: declared.read.map(\.value), network: declared.network,
                                                     fetch: declared.fetch.isEmpty ? nil : declared.fetch.map(\.value)) : nil
    }
}
