/// GitHub's rules for `owner/name`, so a typo is refused before any request.
public enum RepositoryName {
    /// Returns `value` if it is a valid `owner/name`, else throws the rule it broke.
    public static func validate(_ value: String) throws(RepositoryNameError) -> String {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw RepositoryNameError(value, "a repository is written owner/name, with exactly one '/'")
        }
        try validateOwner(String(parts[0]), in: value)
        try validateName(String(parts[1]), in: value)
        return value
    }

    private static func validateOwner(_ owner: String, in value: String) throws(RepositoryNameError) {
        guard (1...39).contains(owner.count) else {
            throw RepositoryNameError(value, "the owner must be 1 to 39 characters long")
        }
        guard owner.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" }) else {
            throw RepositoryNameError(value, "the owner may contain only ASCII letters, digits and hyphens")
        }
        guard !owner.hasPrefix("-"), !owner.hasSuffix("-"), !owner.contains("--") else {
            throw RepositoryNameError(value, "the owner cannot start or end with a hyphen or contain two in a row")
        }
    }

    private static func validateName(_ name: String, in value: String) throws(RepositoryNameError) {
        guard (1...100).contains(name.count) else {
            throw RepositoryNameError(value, "the repository name must be 1 to 100 characters long")
        }
        guard name.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || "._-".unicodeScalars.contains($0) }) else {
            throw RepositoryNameError(value, "the repository name may contain only ASCII letters, digits, '.', '_' and '-'")
        }
        guard name != ".", name != ".." else {
            throw RepositoryNameError(value, "the repository name cannot be '.' or '..'")
        }
        // GitHub drops a trailing ".git" from a name, as clone URLs end in it: ".git" names nothing.
        guard !name.lowercased().hasSuffix(".git") else {
            throw RepositoryNameError(value, "GitHub names no repository ending in '.git' (a clone URL's ending); write owner/name")
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

public struct RepositoryNameError: Error, Sendable, CustomStringConvertible {
    public let value: String
    public let rule: String

    init(_ value: String, _ rule: String) {
        self.value = value
        self.rule = rule
    }

    public var description: String { "'\(value)' is not a GitHub repository: \(rule)" }
}
