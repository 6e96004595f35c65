import YAML

/// One problem found while loading or validating a bundle.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The manifest file the problem is reported against.
    package var file: String
    package var mark: Mark?
    /// The kind the problem concerns, when it concerns one.
    package var kind: String?
    package var message: String

    package init(file: String, mark: Mark?, kind: String?, message: String) {
        self.file = file
        self.mark = mark
        self.kind = kind
        self.message = message
    }

    /// `config.yaml:12:13: SingleRepo: message`
    package var description: String {
        var text = file
        if let mark { text += ":\(mark.line):\(mark.column)" }
        if let kind { text += ": \(kind)" }
        return "\(text): \(message)"
    }
}
