import WidgetSDK

/// Why an `add-instance` request was refused. Nothing was written.
package enum InstanceRequestError: Error, Sendable, CustomStringConvertible {
    case unknownKind(String, suggestion: String?, available: [String])
    case kindNotLoaded(String, problems: [String])
    case unknownFamily(String, suggestion: String?)
    case unsupportedFamily(WidgetFamily, kind: String, supported: [WidgetFamily])
    /// The kind supports the family, but the manifest entry at `place`
    /// (`config.yaml:12:15`) narrowed its families to `offered`.
    case familyNotOffered(WidgetFamily, kind: String, offered: [WidgetFamily], place: String)
    case unknownFlag(String, kind: String, suggestion: String?, available: [String])
    /// A parameter the kind does not declare, where parameters are named
    /// (a manifest's instance) rather than flagged, or a value stored for one.
    case unknownParameter(String, kind: String, suggestion: String?, available: [String])
    case unexpectedArgument(String)
    case missingValue(flag: String)
    case repeatedFlag(String)
    case invalidValue(flag: String, message: String)
    case missingRequired(flag: String)
    case noOptions(kind: String, parameter: String, available: [String])

    package var description: String {
        switch self {
        case .unknownKind(let kind, let suggestion, let available):
            "unknown kind '\(kind)'" + hint(suggestion) + "; this bundle offers: \(available.joined(separator: ", "))"
        case .kindNotLoaded(let kind, let problems):
            "kind '\(kind)' could not be loaded: \(problems.joined(separator: "; "))"
        case .unknownFamily(let family, let suggestion):
            "unknown family '\(family)'" + hint(suggestion) + "; families: \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unsupportedFamily(let family, let kind, let supported):
            "\(kind) does not support \(family.rawValue); it supports \(supported.map(\.rawValue).joined(separator: ", "))"
        case .familyNotOffered(let family, let kind, let offered, let place):
            "\(place): this bundle's manifest offers \(kind) only as \(offered.map(\.rawValue).joined(separator: ", ")); "
                + "the kind supports \(family.rawValue), so add it to the entry's families to offer it"
        case .unknownFlag(let flag, let kind, let suggestion, let available):
            "unknown option '\(flag)' for \(kind)" + hint(suggestion)
                + (available.isEmpty ? "; \(kind) takes no parameters" : "; \(kind) takes: \(available.joined(separator: ", "))")
        case .unknownParameter(let name, let kind, let suggestion, let available):
            "\(kind) has no parameter '\(name)'" + hint(suggestion)
                + (available.isEmpty ? "; it takes none" : "; its parameters: \(available.joined(separator: ", "))")
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'; parameters are given as --name value"
        case .missingValue(let flag):
            "\(flag) needs a value"
        case .repeatedFlag(let flag):
            "\(flag) is given more than once"
        case .invalidValue(let flag, let message):
            "\(flag): \(message)"
        case .missingRequired(let flag):
            "\(flag) is required: it has no default"
        case .noOptions(let kind, let parameter, let available):
            "\(kind) has no parameter '\(parameter)'; its parameters: " + (available.isEmpty ? "none" : available.joined(separator: ", "))
        }
    }

    private func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
