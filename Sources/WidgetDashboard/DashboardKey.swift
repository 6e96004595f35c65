import Foundation

/// What a browser must hold before the dashboard lets it change anything (a
/// tap): a random key kept in the container's folder (mode 600), which a
/// kind's sandbox cannot read, given to a browser once through a link the
/// host logs (`/?key=…`). The page's script keeps it in the browser's
/// `localStorage`, which belongs to this origin alone, port included (a
/// cookie would go to every port of the machine, where a kind with sockets
/// could listen), takes it out of the address bar, and sends it with each
/// tap. Anything that can only read the dashboard's pages (a kind with
/// network access, another user's process on this machine, a web page)
/// can look, but not tap.
package struct DashboardKey: Sendable {
    package static let fileName = "dashboard.key"

    let value: String

    init(value: String) {
        self.value = value
    }

    /// The key in `folder`, made on first use. Throws when the file cannot
    /// be read or made: the dashboard then does not start, rather than
    /// serve with no key.
    package static func load(in folder: URL) throws -> DashboardKey {
        let file = folder.appendingPathComponent(fileName)
        if let text = try? String(contentsOf: file, encoding: .utf8), case let key = text.trimmingCharacters(in: .whitespacesAndNewlines),
           key.count >= 32, key.allSatisfy(\.isHexDigit) {
            return DashboardKey(value: key)
        }
        let key = DashboardAccounts.randomHex()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Made with mode 600 before the key is in it.
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        try Data((key + "\n").utf8).write(to: file)
        return DashboardKey(value: key)
    }

    /// Whether `candidate` is the key, in time that does not depend on where they differ.
    func matches(_ candidate: String?) -> Bool {
        SameOrigin.same(candidate, value)
    }

    /// The link that gives a browser the key.
    package func link(base: String) -> String {
        base + "?key=" + value
    }
}
