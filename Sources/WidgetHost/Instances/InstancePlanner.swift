import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetSDK
import YAML

/// Turns `add-instance` arguments into a checked new instance: parameters by
/// their `--kebab-case` flags, defaults filled in, values checked against the
/// kind's types and options, the family against the kind's families.
package struct InstancePlanner: Sendable {
    package let bundle: LoadedBundle

    package init(bundle: LoadedBundle) {
        self.bundle = bundle
    }

    /// The loaded kind named `name`, or why there is none.
    package func kind(named name: String) throws(InstanceRequestError) -> LoadedKind {
        if let kind = bundle.kind(named: name) { return kind }
        if bundle.manifest.widgets.contains(where: { $0.kind.value == name }) {
            throw .kindNotLoaded(name, problems: bundle.diagnostics.filter { $0.kind == name }.map(\.message))
        }
        let available = bundle.kinds.map(\.name)
        throw .unknownKind(name, suggestion: Suggestion.closest(to: name, in: available), available: available)
    }

    package func plan(kind name: String, family: String?, name instanceName: String?, arguments: [String]) async throws -> SharedContainer.NewInstance {
        let kind = try kind(named: name)
        let instanceName = try InstanceName.checked(instanceName)
        let family = try self.family(family, for: kind)
        let given = try parse(arguments, for: kind)
        return try await plan(kind, family: family, name: instanceName, given: given, label: { "--" + ParameterFlag.name(for: $0) })
    }

    /// The instance `instance` becomes with a new family, name or values
    /// (`--flag value` arguments); what is not given stays as it is.
    package func plan(editing instance: WidgetInstance, family: String?, name: String?, arguments: [String]) async throws -> SharedContainer.NewInstance {
        let kind = try kind(named: instance.kind)
        let instanceName = try name.map { try InstanceName.checked($0) } ?? instance.name
        let family = try family.map { try self.family($0, for: kind) } ?? instance.family
        // A list given again is replaced whole, as a value is; a list stored
        // before its parameter took one value gives its first.
        let lists = Set(kind.configuration.parameters.filter(\.isList).map(\.name))
        var given = [String: [String]](uniqueKeysWithValues: instance.configuration.compactMap { name, value in
            let texts = value.elements.map(\.description)
            if lists.contains(name) { return (name, texts) }
            return texts.first.map { (name, [$0]) }
        })
        given.merge(try parse(arguments, for: kind)) { _, new in new }
        return try await plan(kind, family: family, name: instanceName, given: given, label: { "--" + ParameterFlag.name(for: $0) })
    }

    /// A new instance of `kind` from values typed as text, by parameter name
    /// (a list parameter's values in order, any other's one value);
    /// `label` names a parameter in messages as the user gave it.
    package func plan(_ kind: LoadedKind, family: WidgetFamily, name instanceName: String?, given: [String: [String]],
                      label: (String) -> String) async throws -> SharedContainer.NewInstance {
        let known = Set(kind.configuration.parameters.map(\.name))
        if let unknown = given.keys.sorted().first(where: { !known.contains($0) }) {
            let available = kind.configuration.parameters.map(\.name)
            throw InstanceRequestError.unknownParameter(
                label(unknown), kind: kind.name, suggestion: Suggestion.closest(to: unknown, in: available).map(label), available: available.map(label))
        }
        var configuration: ConfigurationValues = [:]
        var additions: [String: [String]] = [:]
        var initial: [String: [String]] = [:]
        for parameter in kind.configuration.parameters {
            let flag = label(parameter.name)
            let value: ConfigurationValue
            if let texts = given[parameter.name] {
                value = try Self.value(of: texts, for: parameter, flag: flag)
            } else if let fallback = await parameter.resolvedDefault() {
                value = fallback
            } else if let size = parameter.listSizes[family], size.min > 0 {
                throw InstanceRequestError.invalidValue(flag: flag, message: "a \(family.rawValue) instance holds \(size), found none")
            } else if parameter.isOptional {
                continue
            } else {
                throw InstanceRequestError.missingRequired(flag: flag)
            }
            // Before any value is checked: each may be a call into the kind.
            if parameter.isList, value.elements.count > ConfigurationText.maximumListValues {
                throw InstanceRequestError.invalidValue(
                    flag: flag, message: "at most \(ConfigurationText.maximumListValues) values, found \(value.elements.count)")
            }

            // A list's options are each value's choices.
            var checked: [ConfigurationValue] = []
            switch parameter.options {
            case .any:
                checked = value.elements
            case .list(let options):
                if let outside = value.elements.first(where: { !options.contains($0) }) {
                    throw InstanceRequestError.invalidValue(
                        flag: flag, message: "'\(outside)' is not one of \(options.map(\.description).joined(separator: ", "))")
                }
                checked = value.elements
            case .dynamic(let options):
                let offered = try await options.results()
                if let key = options.savedListKey { initial[key] = offered.map(\.description) }
                for element in value.elements {
                    let normalised: ConfigurationValue
                    do {
                        normalised = try await options.validate(element)
                    } catch {
                        throw InstanceRequestError.invalidValue(flag: flag, message: String(describing: error))
                    }
                    if let key = options.savedListKey {
                        let saved = offered + (additions[key] ?? []).map(ConfigurationValue.string)
                        if !saved.contains(where: { $0.matches(normalised.description) }) {
                            additions[key, default: []].append(normalised.description)
                        }
                    } else if !offered.contains(normalised) {
                        throw InstanceRequestError.invalidValue(
                            flag: flag, message: "'\(normalised)' is not offered; choices: \(offered.map(\.description).joined(separator: ", "))")
                    }
                    checked.append(normalised)
                }
            }
            guard parameter.isList else {
                // A kind's default or provider may answer a list for a single value.
                guard checked.count == 1, case let single = checked[0], parameter.accepts(single) else {
                    throw InstanceRequestError.invalidValue(flag: flag, message: "takes one value; the kind gave '\(value)'")
                }
                configuration[parameter.name] = single
                continue
            }
            if let size = parameter.listSizes[family], !size.contains(checked.count) {
                throw InstanceRequestError.invalidValue(
                    flag: flag, message: "a \(family.rawValue) instance holds \(size), found \(checked.count)")
            }
            configuration[parameter.name] = .list(checked)
        }
        return SharedContainer.NewInstance(
            kind: kind.name, family: family, name: instanceName,
            configurationIdentifier: kind.configuration.identifier, configuration: configuration,
            savedListAdditions: additions, savedListInitialValues: initial)
    }

    /// The value of `texts` typed for `parameter`: one value, or a list
    /// of them; a list given as one empty text is the empty list.
    static func value(of texts: [String], for parameter: ConfigurationParameter, flag: String) throws(InstanceRequestError) -> ConfigurationValue {
        guard parameter.isList else {
            guard texts.count == 1 else {
                throw .invalidValue(flag: flag, message: "takes one value, found \(texts.count)")
            }
            return try element(texts[0], for: parameter, flag: flag)
        }
        let texts = texts == [""] ? [] : texts
        var values: [ConfigurationValue] = []
        for text in texts { values.append(try element(text, for: parameter, flag: flag)) }
        return .list(values)
    }

    private static func element(_ text: String, for parameter: ConfigurationParameter, flag: String) throws(InstanceRequestError) -> ConfigurationValue {
        if let problem = ConfigurationText.problem(text) {
            throw .invalidValue(flag: flag, message: problem)
        }
        guard let parsed = parameter.type.parse(text) else {
            let expected = parameter.type == .double ? "a finite number" : parameter.type.withArticle
            throw .invalidValue(flag: flag, message: "expected \(expected), found '\(text)'")
        }
        return parsed
    }

    /// The family asked for, checked against the kind; its first by default.
    package func family(_ requested: String?, for kind: LoadedKind) throws(InstanceRequestError) -> WidgetFamily {
        guard let requested else { return kind.defaultFamily }
        guard let family = WidgetFamily(rawValue: requested) else {
            throw .unknownFamily(requested, suggestion: Suggestion.closest(to: requested, in: WidgetFamily.allCases.map(\.rawValue)))
        }
        guard kind.families.contains(family) else {
            if kind.descriptor.supportedFamilies.contains(family), let narrowed = kind.entry.families {
                let place = bundle.manifest.file + (narrowed.mark.map { ":\($0)" } ?? "")
                throw .familyNotOffered(family, kind: kind.name, offered: kind.families, place: place)
            }
            throw .unsupportedFamily(family, kind: kind.name, supported: kind.families)
        }
        return family
    }

    /// `--flag value` and `--flag=value` pairs, by parameter name; a list
    /// parameter's flag repeated gives its values in order.
    private func parse(_ arguments: [String], for kind: LoadedKind) throws(InstanceRequestError) -> [String: [String]] {
        let lists = Set(kind.configuration.parameters.filter(\.isList).map(\.name))
        let byFlag = Dictionary(uniqueKeysWithValues: kind.configuration.parameters.map {
            ("--" + ParameterFlag.name(for: $0.name), $0.name)
        })
        var values: [String: [String]] = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            var flag = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let parameter = byFlag[flag] else {
                let flags = byFlag.keys.sorted()
                throw .unknownFlag(flag, kind: kind.name, suggestion: Suggestion.closest(to: flag, in: flags), available: flags)
            }
            if value == nil, let next = remaining.first, !next.hasPrefix("--") {
                value = remaining.popFirst()
            }
            guard let value else { throw .missingValue(flag: flag) }
            guard values[parameter] == nil || lists.contains(parameter) else { throw .repeatedFlag(flag) }
            values[parameter, default: []].append(value)
        }
        return values
    }
}
