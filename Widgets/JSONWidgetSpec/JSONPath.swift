/// A path into a JSON document, in the subset of JSONPath (RFC 9535) a card
/// needs: `$` the document (or, inside a list or a table, the item),
/// `.name` and `['name']` a member, `[2]` and `[-1]` an element counted
/// from the start or the end, `[*]` and `.*` every element or member.
/// Written as text in the manifest and checked there, where a mistake is
/// shown at its line and column; read again in the extension.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public enum Step: Sendable, Equatable {
        case member(String)
        case index(Int)
        case every
    }

    /// What is wrong with a path, and where in its text.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The character the problem starts at, counted from 0.
        public let offset: Int
        public let message: String
        public var description: String { "\(message) (at character \(offset + 1) of the path)" }
    }

    public let steps: [Step]
    public let description: String

    /// The longest path a manifest may hold: a card reads a few levels.
    public static let maximumLength = 512

    public init(parsing text: String) throws(SyntaxError) {
        let characters = Array(text)
        guard characters.count <= Self.maximumLength else {
            throw SyntaxError(offset: Self.maximumLength, message: "a path is at most \(Self.maximumLength) characters")
        }
        guard characters.first == "$" else {
            throw SyntaxError(offset: 0, message: "a path starts with '$' (the document, or the item in a list): $.data.price, $[0].name")
        }
        var steps: [Step] = []
        var position = 1
        func isNameStart(_ c: Character) -> Bool { c == "_" || c.isLetter && c.isASCII }
        func isNamePart(_ c: Character) -> Bool { isNameStart(c) || c.isASCII && c.isNumber || c == "-" }
        while position < characters.count {
            let start = position
            switch characters[position] {
            case ".":
                position += 1
                guard position < characters.count else { throw SyntaxError(offset: start, message: "a '.' is followed by a name or '*'") }
                if characters[position] == "." {
                    throw SyntaxError(offset: start, message: "'..' (descendants) is not supported; name each level")
                }
                if characters[position] == "*" {
                    steps.append(.every)
                    position += 1
                    continue
                }
                guard isNameStart(characters[position]) else {
                    throw SyntaxError(offset: position, message: "a member name after '.' starts with a letter or '_'; write ['\(characters[position])…'] for other names")
                }
                var name = ""
                while position < characters.count, isNamePart(characters[position]) {
                    name.append(characters[position])
                    position += 1
                }
                steps.append(.member(name))
            case "[":
                position += 1
                guard position < characters.count else { throw SyntaxError(offset: start, message: "'[' is not closed") }
                let opener = characters[position]
                if opener == "'" || opener == "\"" {
                    position += 1
                    var name = ""
                    var closed = false
                    while position < characters.count {
                        let c = characters[position]
                        if c == "\\" {
                            guard position + 1 < characters.count else { break }
                            name.append(characters[position + 1])
                            position += 2
                            continue
                        }
                        if c == opener {
                            closed = true
                            position += 1
                            break
                        }
                        name.append(c)
                        position += 1
                    }
                    guard closed else { throw SyntaxError(offset: start + 1, message: "the quoted name is not closed") }
                    steps.append(.member(name))
                } else if opener == "*" {
                    position += 1
                    steps.append(.every)
                } else {
                    var digits = ""
                    if characters[position] == "-" {
                        digits.append("-")
                        position += 1
                    }
                    while position < characters.count, characters[position].isASCII, characters[position].isNumber {
                        digits.append(characters[position])
                        position += 1
                    }
                    guard let index = Int(digits), digits.count <= 10 else {
                        throw SyntaxError(offset: start + 1, message: "between '[' and ']' goes an index (0, -1), '*' or a quoted name")
                    }
                    steps.append(.index(index))
                }
                guard position < characters.count, characters[position] == "]" else {
                    throw SyntaxError(offset: min(position, characters.count), message: "expected ']'")
                }
                position += 1
            default:
                throw SyntaxError(offset: start, message: "expected '.', '[' or the end of the path, found '\(characters[start])'")
            }
        }
        self.steps = steps
        description = text
    }

    /// Whether the path can select more than one value.
    public var selectsMany: Bool { steps.contains(.every) }

    /// Every value the path selects in `document`, in document order.
    public func select(in document: JSONValue) -> [JSONValue] {
        var current = [document]
        for step in steps {
            var next: [JSONValue] = []
            for value in current {
                switch (step, value) {
                case (.member(let name), .object(let members)):
                    if let member = members[name] { next.append(member) }
                case (.index(let index), .array(let elements)):
                    let position = index < 0 ? elements.count + index : index
                    if elements.indices.contains(position) { next.append(elements[position]) }
                case (.every, .array(let elements)):
                    next.append(contentsOf: elements)
                case (.every, .object(let members)):
                    next.append(contentsOf: members.keys.sorted().compactMap { members[$0] })
                default:
                    break
                }
            }
            current = next
        }
        return current
    }

    /// The one value the path selects, or nil: the first when it selects several.
    public func first(in document: JSONValue) -> JSONValue? {
        select(in: document).first
    }
}

extension JSONPath: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a path: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
