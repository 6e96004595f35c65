/// An entry the host will not store or draw, and why: thrown by
/// `EntryValidator`. For the instance it is a failed reload like any thrown
/// error: its last good entry stays, and the next reload is after a backoff.
public struct EntryRefused: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "the frame width is not finite (NaN)".
    public var reason: String
    /// The views from the entry's root to the one at fault.
    public var path: [String]
    /// Which entry of a timeline, counted from 1; nil for a lone entry.
    public var entry: Int?

    /// A refusal: what is wrong, the views down to the one at fault, and which entry.
    public init(reason: String, path: [String] = [], entry: Int? = nil) {
        self.reason = reason
        self.path = path
        self.entry = entry
    }

    /// "entry refused: the frame width is not finite (NaN), at Rectangle in VStack › HStack (entry 3)".
    /// Long paths keep their two outermost and three innermost views.
    public var description: String {
        var text = "entry refused: \(reason)"
        if let view = path.last {
            text += ", at \(view)"
            let outer = path.dropLast()
            if !outer.isEmpty {
                let shown = outer.count <= 5 ? Array(outer) : Array(outer.prefix(2)) + ["…"] + Array(outer.suffix(3))
                text += " in " + shown.joined(separator: " › ")
            }
        }
        if let entry { text += " (entry \(entry))" }
        return text
    }

    /// A value from the entry, quoted for a message: at most 80 characters,
    /// with control characters written as escapes, so it can neither flood
    /// nor steer the terminal that shows the message.
    static func quoted(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars.prefix(80) {
            text += scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "'" + text + (value.unicodeScalars.count > 80 ? "…" : "") + "'"
    }
}
