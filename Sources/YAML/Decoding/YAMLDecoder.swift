/// Decodes `Decodable` values from YAML. Every error is a `YAMLError` with the
/// file, line, column and key path of the node at fault.
///
/// ```swift
/// let manifest = try YAMLDecoder().decode(Manifest.self, from: text, file: "config.yaml")
/// ```
public struct YAMLDecoder: Sendable {
    /// Refuse keys that the decoded type never asks for, with a "did you mean"
    /// hint. On by default: a typo in a configuration file should not be
    /// silently ignored.
    public var rejectUnknownKeys: Bool
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(rejectUnknownKeys: Bool = true, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.rejectUnknownKeys = rejectUnknownKeys
        self.userInfo = userInfo
    }

    /// Aliases may expand a document to this many nodes beyond ten times what
    /// it writes; past that (an alias bomb), decoding stops with an error.
    public static let expansionAllowance = 10_000

    public func decode<T: Decodable>(_ type: T.Type, from text: String, file: String? = nil) throws(YAMLError) -> T {
        let (parsed, written) = try YAMLParser.parseCountingNodes(text, file: file)
        let root = parsed ?? Node(.scalar(Scalar(text: "", resolved: .null)), mark: Mark(line: 1, column: 1))
        return try decode(type, from: root, file: file, expansionBudget: Self.expansionAllowance + 10 * written)
    }

    /// Decodes a tree parsed before; it may expand to `expansionBudget` nodes.
    public func decode<T: Decodable>(_ type: T.Type, from root: Node, file: String? = nil,
                                     expansionBudget: Int = 1_000_000) throws(YAMLError) -> T {
        let context = DecodingContext(rejectUnknownKeys: rejectUnknownKeys, userInfo: userInfo, expansionBudget: expansionBudget)
        let decoder = NodeDecoder(node: root, codingPath: [], context: context)
        do {
            let value = try decoder.decode(type)
            if let unknown = context.firstUnknownKey() { throw unknown }
            return value
        } catch var error as YAMLError {
            error.file = file
            throw error
        } catch let error as DecodingError {
            var located = YAMLError(decodingError: error, root: root)
            located.file = file
            throw located
        } catch {
            throw YAMLError(file: file, mark: root.mark, message: String(describing: error))
        }
    }
}

extension YAMLError {
    /// Places a `DecodingError` thrown by a type's own `init(from:)` at the
    /// node its coding path leads to.
    init(decodingError: DecodingError, root: Node) {
        let (path, message): ([any CodingKey], String) = switch decodingError {
        case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context): (context.codingPath, "missing key '\(key.stringValue)'")
        case .typeMismatch(_, let context): (context.codingPath, context.debugDescription)
        case .valueNotFound(_, let context): (context.codingPath, context.debugDescription)
        @unknown default: ([], String(describing: decodingError))
        }
        self.init(mark: root.descendant(at: path)?.mark ?? root.mark, path: path.pathDescription, message: message)
    }
}

extension Node {
    func descendant(at path: [any CodingKey]) -> Node? {
        var node = self
        for key in path {
            switch node.value {
            case .mapping(let pairs):
                guard let pair = pairs.first(where: { $0.key.keyText == key.stringValue }) else { return node }
                node = pair.value
            case .sequence(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return node }
                node = items[index]
            case .scalar:
                return node
            }
        }
        return node
    }
}
