import Foundation

/// Someone who may sign in to the dashboard: a name, the password as a
/// memory-hard hash (never the password), and the instances they may see
/// when they may not see all.
package struct DashboardUser: Sendable, Equatable {
    package var name: String
    /// In PHC string form (`$scrypt$ln=15,r=8,p=1$salt$hash`), made by the dashboard.
    package var passwordHash: String
    /// The instance ids this user sees; nil for every instance.
    package var only: [String]?
    package var createdAt: Date

    package init(name: String, passwordHash: String, only: [String]? = nil, createdAt: Date = Date()) {
        self.name = name
        self.passwordHash = passwordHash
        self.only = only
        self.createdAt = createdAt
    }

    /// Letters, digits and `._@-`, 1 to 64 of them: a name that reads the
    /// same in a log, a terminal and a proxy's header, and never holds the
    /// `:` that names a token's sessions.
    package static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._@-".unicodeScalars.contains(scalar))
        }
    }

    static func encode(only: [String]?) -> String? {
        only.map { String(decoding: (try? JSONEncoder().encode($0)) ?? Data("[]".utf8), as: UTF8.self) }
    }

    /// A list that cannot be read sees nothing, never everything.
    static func decode(only text: String?) -> [String]? {
        text.map { (try? JSONDecoder().decode([String].self, from: Data($0.utf8))) ?? [] }
    }
}
