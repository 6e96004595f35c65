import YAML

/// One problem found while loading or validating a bundle.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The manifest file the problem is reported against.
    public var file: String
    public var mark: Mark?
    /// The kind the problem concerns, when it concerns one.
    public var kind: String?
    public var message: String

    public init(file: String, mark: Mark?, kind: String?, message: String) {
        self.file = file
        self.mark = mark
        self.kind = kind
        self.message = message
    }

    /// `config.yaml:12:13: SingleRepo: message`
    public var description: String {
        var text = file
        if let mark { text += ":\(mark.line):\(mark.column)" }
        if let kind { text += ": \(kind)" }
        return "\(text): \(message)"
    }
}
