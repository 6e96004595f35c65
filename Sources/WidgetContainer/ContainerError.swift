/// Why a container cannot be used. Nothing is written when one is raised.
package enum ContainerError: Error, Sendable, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case notWritable(path: String)
    case notADatabase(path: String)
    case emptyFile(path: String)
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case unknownInstance(id: String, suggestion: String?)
    case savedListEntryInUse(value: String, instanceIDs: [String])
    case notInSavedList(value: String, key: String)
    /// A saved list's key holds something else (written with `defaults write`).
    case notAList(key: String, found: String)

    package var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the container folder \(path): \(reason)"
        case .notWritable(let path):
            "the container folder \(path) is not writable"
        case .notADatabase(let path):
            "\(path) is not a widgethost container: the file is not a SQLite database (it was left untouched)"
        case .emptyFile(let path):
            "\(path) is empty (0 bytes), so it holds no container: it may have been truncated or copied half-way. It was left untouched; move it away to start a new, empty container there"
        case .cannotOpen(let path, let reason):
            "cannot open the container \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write the container \(path): \(reason)"
        case .unknownInstance(let id, let suggestion):
            "no instance with id '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + "; 'widgethost list-instances' shows them"
        case .savedListEntryInUse(let value, let ids):
            "\(value) is used by instance\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", ")); "
                + "remove \(ids.count == 1 ? "it" : "them") first, or pass --force to remove \(ids.count == 1 ? "it" : "them") too"
        case .notInSavedList(let value, let key):
            "\(value) is not in the saved \(key)"
        case .notAList(let key, let found):
            "the shared defaults' '\(key)' should be a list of text, as [\"owner/name\"], but holds \(found); "
                + "see it with 'widgethost defaults read \(key)', then write a list or delete it ('widgethost defaults delete \(key)')"
        }
    }
}
