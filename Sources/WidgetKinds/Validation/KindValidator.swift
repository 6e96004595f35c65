import Foundation
import WidgetConfiguration
import WidgetSDK
import YAML

/// Checks one kind against the rules every kind must meet, and its manifest
/// entry against the kind. Reports every problem, not only the first.
package struct KindValidator {
    struct Problem {
        let mark: Mark?
        let message: String
    }

    let descriptor: WidgetDescriptor
    let entry: WidgetEntry

    func problems() -> [Problem] {
        var problems: [Problem] = []
        func add(_ message: String, at mark: Mark? = nil) {
            problems.append(Problem(mark: mark ?? entry.kind.mark, message: message))
        }

        if !Self.isValidKindName(descriptor.kind) {
            add("kind '\(descriptor.kind)' must be letters, digits, '.', '-' or '_'")
        }
        if descriptor.displayName.trimmingCharacters(in: .whitespaces).isEmpty {
            add("has no display name: add .configurationDisplayName(\"…\") to its configuration")
        }
        let supported = descriptor.supportedFamilies
        if supported.isEmpty {
            add("supports no family: .supportedFamilies([]) leaves nothing to place")
        }
        if let narrowed = entry.families {
            let unsupported = narrowed.value.filter { !supported.contains($0) }
            if !unsupported.isEmpty {
                add("the manifest lists \(unsupported.map(\.rawValue).joined(separator: ", ")), which the kind does not support "
                    + "(it supports \(supported.map(\.rawValue).joined(separator: ", "))); families may narrow a kind, never widen it",
                    at: narrowed.mark)
            }
        }
        let configuration = descriptor.configuration
        if let replaced = configuration.replacedIdentifier, replaced == configuration.identifier {
            add("configuration '\(replaced)' says it replaces itself")
        }
        for parameter in configuration.parameters {
            problems += parameterProblems(parameter).map { Problem(mark: entry.kind.mark, message: "parameter '\(parameter.name)': \($0)") }
        }
        return problems
    }

    private func parameterProblems(_ parameter: ConfigurationParameter) -> [String] {
        var problems: [String] = []
        if parameter.title.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("has no title")
        }
        switch parameter.options {
        case .any:
            if !parameter.isOptional && parameter.defaultValue == nil {
                problems.append("is required but has neither a default nor an option source")
            }
        case .list(let options):
            if options.isEmpty {
                problems.append("offers an empty list of options")
            }
            if let value = parameter.defaultValue, let outside = value.elements.first(where: { !options.contains($0) }) {
                problems.append("default '\(outside)' is not one of its options (\(options.map(\.description).joined(separator: ", ")))")
            }
        case .dynamic:
            break
        }
        if parameter.isList, let value = parameter.defaultValue, case .list(let values) = value {
            if values.count > Self.maximumListValues {
                problems.append("default has \(values.count) values; an instance holds at most \(Self.maximumListValues)")
            }
            for family in descriptor.supportedFamilies {
                if let size = parameter.listSizes[family], !size.contains(values.count) {
                    problems.append("default \(value) has \(values.count) values; a \(family.rawValue) instance holds \(size)")
                }
            }
        }
        if let value = parameter.defaultValue, !parameter.accepts(value) {
            problems.append("default '\(value)' is not \(parameter.isList ? "a \(parameter.typeDescription)" : parameter.type.withArticle + " value")")
        }
        return problems
    }

    /// Values in one list parameter, given or by default: a configuration
    /// is read on every reload and shown in tables, and no widget shows more.
    package static let maximumListValues = 100

    static func isValidKindName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
    }
}
