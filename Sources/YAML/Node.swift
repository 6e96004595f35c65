/// A YAML node with the position it started at.
public struct Node: Sendable, Hashable {
    /// Collections nest at most this deep, counting through aliases: every
    /// walk over a tree (comparing, decoding, freeing it) stays well within a
    /// thread's stack.
    public static let maximumDepth = 256

    public enum Value: Sendable, Hashable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    public struct Pair: Sendable, Hashable {
        public let key: Node
        public let value: Node
    }

    public let value: Value
    public let mark: Mark
    /// 1 for a scalar; one more than its deepest child for a collection.
    public let depth: Int

    public init(_ value: Value, mark: Mark) {
        self.value = value
        self.mark = mark
        depth = switch value {
        case .scalar: 1
        case .sequence(let items): 1 + (items.lazy.map(\.depth).max() ?? 0)
        case .mapping(let pairs): 1 + (pairs.lazy.map { max($0.key.depth, $0.value.depth) }.max() ?? 0)
        }
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    /// How the node is named in messages: "a mapping", "the string 'abc'".
    var summary: String {
        switch value {
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        case .scalar(let scalar): scalar.summary
        }
    }
}

/// A scalar's text and what the YAML 1.2 core schema resolved it to.
public struct Scalar: Sendable, Hashable {
    public enum Resolved: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case float(Double)
        case string
    }

    public let text: String
    public let resolved: Resolved

    public init(text: String, resolved: Resolved) {
        self.text = text
        self.resolved = resolved
    }

    var summary: String {
        switch resolved {
        case .null: "null"
        case .bool: "the boolean \(text)"
        case .int: "the integer \(text)"
        case .float: "the number \(text)"
        case .string: "the string '\(text)'"
        }
    }
}
