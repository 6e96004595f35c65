/// A problem in a YAML document: where it is and what is wrong.
///
/// Printed as `file:line:column: path: message`, the form editors and
/// terminals turn into a link.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String?
    public let mark: Mark?
    /// The key path to the node, as `widgets[1].module`; empty at the root.
    public let path: String
    public let message: String

    public init(file: String? = nil, mark: Mark?, path: String = "", message: String) {
        self.file = file
        self.mark = mark
        self.path = path
        self.message = message
    }

    public var description: String {
        var location = file ?? "<yaml>"
        if let mark { location += ":\(mark.line):\(mark.column)" }
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}

extension Array where Element == any CodingKey {
    /// `widgets[1].module`
    var pathDescription: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
