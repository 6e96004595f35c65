import Foundation

/// A SiriKit intent definition (`.intentdefinition`, a property list Xcode
/// edits), as far as a widget's configuration uses it: the custom intents
/// with their parameters, the enums and the custom types. Anything it
/// cannot generate is an error naming the file and the parameter.
package struct IntentDefinition: Sendable {
    package struct Parameter: Sendable {
        package enum Kind: Sendable, Equatable {
            case string, integer, boolean, decimal, url, dateComponents
            case enumeration(String)
            case object(String)
        }

        package let name: String
        package let title: String
        package let kind: Kind
        package let isList: Bool
        /// Options from the Intents extension's handler (dynamic enumeration).
        package let hasDynamicOptions: Bool
        package let supportsSearch: Bool
        package let defaultValue: String?
    }

    package struct Intent: Sendable {
        /// Its name in the definition; Xcode's class is `<name>Intent`.
        package let name: String
        package let title: String
        package let parameters: [Parameter]
        package var className: String { name + "Intent" }
    }

    package struct Enumeration: Sendable {
        package let name: String
        /// The cases but `unknown`, with their index and display name.
        package let cases: [(name: String, index: Int, title: String)]
    }

    package struct CustomType: Sendable {
        package let name: String
        /// Its properties of a simple type, with their Swift type.
        package let properties: [(name: String, swiftType: String)]
    }

    package let url: URL
    package let intents: [Intent]
    package let enums: [Enumeration]
    package let types: [CustomType]

    package init(_ url: URL) throws(ImportError) {
        self.url = url
        let plist = try PropertyListFile(url)
        let list = { (key: String) in plist[key] as? [[String: Any]] ?? [] }
        var enums: [Enumeration] = []
        for entry in list("INEnums") {
            guard let name = entry["INEnumName"] as? String, Self.isIdentifier(name) else {
                throw .badFile(url.path, line: nil, reason: "an enum without a name that is a Swift identifier")
            }
            var cases: [(String, Int, String)] = []
            for (position, value) in (entry["INEnumValues"] as? [[String: Any]] ?? []).enumerated() {
                // Xcode's own first case, which the generated enum always has.
                if value["INEnumValueName"] as? String == "unknown" { continue }
                guard let caseName = value["INEnumValueName"] as? String, Self.isIdentifier(caseName) else {
                    throw .badFile(url.path, line: nil, reason: "enum \(name) has a case '\(value["INEnumValueName"] as? String ?? "")' that cannot name a Swift case (a keyword, or a name the generated enum uses)")
                }
                cases.append((caseName, value["INEnumValueIndex"] as? Int ?? position, value["INEnumValueDisplayName"] as? String ?? caseName))
            }
            enums.append(Enumeration(name: name, cases: cases))
        }
        var types: [CustomType] = []
        for entry in list("INTypes") {
            guard let name = entry["INTypeName"] as? String, Self.isIdentifier(name) else {
                throw .badFile(url.path, line: nil, reason: "a custom type without a name that is a Swift identifier")
            }
            let properties = (entry["INTypeProperties"] as? [[String: Any]] ?? []).compactMap { property -> (String, String)? in
                guard let propertyName = property["INTypePropertyName"] as? String, Self.isIdentifier(propertyName),
                      !["identifier", "displayString", "pronunciationHint", "subtitleString"].contains(propertyName),
                      let swiftType = Self.simpleSwiftTypes[property["INTypePropertyType"] as? String ?? ""] else { return nil }
                return (propertyName, swiftType)
            }
            types.append(CustomType(name: name, properties: properties))
        }
        var intents: [Intent] = []
        for entry in list("INIntents") where (entry["INIntentType"] as? String ?? "Custom") == "Custom" {
            guard let name = entry["INIntentName"] as? String, Self.isIdentifier(name) else {
                throw .badFile(url.path, line: nil, reason: "an intent without a name that is a Swift identifier")
            }
            var parameters: [Parameter] = []
            for parameter in entry["INIntentParameters"] as? [[String: Any]] ?? [] {
                parameters.append(try Self.parameter(parameter, of: name, enums: enums, types: types, in: url))
            }
            intents.append(Intent(name: name, title: entry["INIntentTitle"] as? String ?? name, parameters: parameters))
        }
        self.intents = intents
        self.enums = enums
        self.types = types
    }

    /// Members the generated classes and enums have: a parameter or case of that name would clash.
    static let reservedNames: Set<String> = ["rawValue", "allCases", "widgethostName", "code", "identifier", "displayString",
                                             "intentTitle", "intentParameters", "intentClassName", "unknown"]

    static let simpleSwiftTypes = ["String": "String", "Integer": "NSNumber", "Boolean": "NSNumber", "Decimal": "NSNumber", "URL": "URL"]

    private static func parameter(_ entry: [String: Any], of intent: String, enums: [Enumeration], types: [CustomType],
                                  in url: URL) throws(ImportError) -> Parameter {
        guard let name = entry["INIntentParameterName"] as? String, isIdentifier(name) else {
            throw .badFile(url.path, line: nil, reason: "intent \(intent) has a parameter '\(entry["INIntentParameterName"] as? String ?? "")' that cannot name a Swift property (a keyword, or a name the generated class uses)")
        }
        let type = entry["INIntentParameterType"] as? String ?? ""
        let kind: Parameter.Kind
        if let enumName = entry["INIntentParameterEnumType"] as? String {
            guard enums.contains(where: { $0.name == enumName }) else {
                throw .badFile(url.path, line: nil, reason: "intent \(intent)'s parameter \(name) is of enum \(enumName), which the definition does not declare")
            }
            kind = .enumeration(enumName)
        } else {
            switch type {
            case "String": kind = .string
            case "Integer": kind = .integer
            case "Boolean": kind = .boolean
            case "Decimal": kind = .decimal
            case "URL": kind = .url
            case "DateComponents": kind = .dateComponents
            case "Object":
                guard let object = entry["INIntentParameterObjectType"] as? String, types.contains(where: { $0.name == object }) else {
                    throw .badFile(url.path, line: nil, reason: "intent \(intent)'s parameter \(name) is of a custom type the definition does not declare")
                }
                kind = .object(object)
            default:
                throw .badFile(url.path, line: nil, reason: "intent \(intent)'s parameter \(name) is of type \(type.isEmpty ? "(none)" : type), which widgethost does not generate (it does String, Integer, Boolean, Decimal, URL, DateComponents, enums and custom types)")
            }
        }
        let isList = entry["INIntentParameterSupportsMultipleValues"] as? Bool ?? false
        if isList, case .enumeration = kind {
            throw .badFile(url.path, line: nil, reason: "intent \(intent)'s parameter \(name) is a list of an enum, which widgethost does not generate (lists of strings and of custom types it does)")
        }
        if isList, [.integer, .boolean, .decimal, .url, .dateComponents].contains(kind) {
            throw .badFile(url.path, line: nil, reason: "intent \(intent)'s parameter \(name) is a list of \(type), which widgethost does not generate (lists of strings and of custom types it does)")
        }
        let metadata = entry["INIntentParameterMetadata"] as? [String: Any] ?? [:]
        let defaultValue = (metadata["INIntentParameterMetadataDefaultValue"]).map { "\($0)" }
        return Parameter(name: name, title: entry["INIntentParameterDisplayName"] as? String ?? name, kind: kind, isList: isList,
                         hasDynamicOptions: entry["INIntentParameterSupportsDynamicEnumeration"] as? Bool ?? false,
                         supportsSearch: entry["INIntentParameterSupportsSearch"] as? Bool ?? false, defaultValue: defaultValue)
    }

    /// An ASCII Swift identifier that is no keyword and no name the generated code uses itself.
    static func isIdentifier(_ name: String) -> Bool {
        guard !Scaffold.keywords.contains(name), !reservedNames.contains(name) else { return false }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
