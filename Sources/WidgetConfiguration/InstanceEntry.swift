import HostText
import WidgetSDK
import YAML

/// A placed widget declared in the manifest (`instances:`): the host adds it
/// to the container at start and whenever the manifest changes, changes it
/// in place (same id, so its links and files stay) when the entry changes,
/// and removes it once the entry is gone. Instances placed from the command
/// line are not the manifest's and are left alone.
package struct InstanceEntry: Decodable, Sendable {
    /// Chosen by the user, stable across edits: `/instances/<id>.svg`.
    package var id: Located<String>
    package var kind: Located<String>
    /// The kind's first family when absent.
    package var family: Located<String>?
    package var name: Located<String>?
    /// Parameter name (as the kind declares it: `topRepo`) to its value,
    /// as it would be typed after `--top-repo`; a list's values as a sequence.
    package var configuration: [String: Located<DeclaredValue>]
    package var mark: Mark?

    enum CodingKeys: String, CodingKey {
        case id, kind, family, name, configuration
    }

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Located<String>.self, forKey: .id)
        if !Self.isValidID(id.value) {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container,
                debugDescription: "an instance id is 1 to 64 lowercase letters, digits, '-' and '_', starting with a letter or digit (it names URLs and files); found '\(TerminalText.escaped(id.value))'")
        }
        kind = try container.decode(Located<String>.self, forKey: .kind)
        family = try container.decodeIfPresent(Located<String>.self, forKey: .family)
        name = try container.decodeIfPresent(Located<String>.self, forKey: .name)
        configuration = try container.decodeIfPresent([String: Located<DeclaredValue>].self, forKey: .configuration) ?? [:]
    }

    /// Ids the command line gives are six such characters, so an exported
    /// dashboard keeps its ids.
    package static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= 64 else { return false }
        func isLowerAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("a" ... "z").contains(scalar) || ("0" ... "9").contains(scalar)
        }
        return isLowerAlphanumeric(first) && id.unicodeScalars.allSatisfy { isLowerAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }
}

/// One parameter's value in `instances[].configuration`: a scalar, or a
/// sequence of them for a list parameter (`repos: [apple/swift, swiftlang/swift-testing]`).
package struct DeclaredValue: Decodable, Sendable, Equatable {
    /// The values as they would be typed after the parameter's flag, once each.
    package var texts: [String]

    package init(_ texts: [String]) {
        self.texts = texts
    }

    package init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            texts = try decoder.singleValueContainer().decode([String].self)
        } else {
            texts = [try decoder.singleValueContainer().decode(String.self)]
        }
    }
}
