/// Assembles parse events into nodes: resolves scalars, expands aliases and
/// refuses duplicate keys.
struct TreeBuilder {
    private enum Collection {
        case sequence(items: [Node])
        case mapping(pairs: [Node.Pair], pendingKey: Node?)
    }

    private struct OpenCollection {
        var collection: Collection
        let anchor: String?
        let mark: Mark
    }

    private(set) var root: Node?
    private var open: [OpenCollection] = []
    private var anchors: [String: Node] = [:]
    /// Anchors of collections not yet closed: an alias to one is a cycle.
    private var openAnchors: Set<String> = []
    private var documents = 0

    mutating func handle(_ event: ParseEvent) throws(YAMLError) {
        switch event {
        case .documentStart(let mark):
            documents += 1
            if documents > 1 {
                throw YAMLError(mark: mark, message: "expected a single document, found another (remove the '---')")
            }
        case .scalar(let text, let plain, let anchor, let tag, let mark):
            guard let resolved = ScalarResolver.resolve(text, plain: plain, tag: tag) else {
                let tagName = tag.map(ScalarResolver.shortTag) ?? ""
                throw YAMLError(mark: mark, message: "'\(text)' is not a valid \(tagName) value")
            }
            try add(Node(.scalar(Scalar(text: text, resolved: resolved)), mark: mark), anchor: anchor)
        case .alias(let anchor, let mark):
            if openAnchors.contains(anchor) {
                throw YAMLError(mark: mark, message: "alias '*\(anchor)' refers to a collection that contains it")
            }
            guard let node = anchors[anchor] else {
                throw YAMLError(mark: mark, message: "undefined alias '*\(anchor)' (no '&\(anchor)' before it)")
            }
            try add(node, anchor: nil)
        case .sequenceStart(let anchor, _, let mark):
            open.append(OpenCollection(collection: .sequence(items: []), anchor: anchor, mark: mark))
            if let anchor { openAnchors.insert(anchor) }
        case .mappingStart(let anchor, _, let mark):
            open.append(OpenCollection(collection: .mapping(pairs: [], pendingKey: nil), anchor: anchor, mark: mark))
            if let anchor { openAnchors.insert(anchor) }
        case .collectionEnd:
            guard let closed = open.popLast() else { return }
            if let anchor = closed.anchor { openAnchors.remove(anchor) }
            let node = switch closed.collection {
            case .sequence(let items): Node(.sequence(items), mark: closed.mark)
            case .mapping(let pairs, _): Node(.mapping(pairs), mark: closed.mark)
            }
            try add(node, anchor: closed.anchor)
        case .documentEnd, .streamEnd, .ignored:
            break
        }
    }

    private mutating func add(_ node: Node, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        guard var parent = open.popLast() else {
            root = node
            return
        }
        defer { open.append(parent) }
        switch parent.collection {
        case .sequence(var items):
            parent.collection = .sequence(items: [])  // leaves `items` uniquely referenced: no copy on append
            items.append(node)
            parent.collection = .sequence(items: items)
        case .mapping(let pairs, nil):
            if let duplicate = pairs.first(where: { $0.key.isSameKey(as: node) }) {
                throw YAMLError(
                    mark: node.mark,
                    message: "duplicate key '\(node.keyText)' (first at line \(duplicate.key.mark.line), column \(duplicate.key.mark.column))")
            }
            parent.collection = .mapping(pairs: pairs, pendingKey: node)
        case .mapping(var pairs, let key?):
            parent.collection = .sequence(items: [])  // as above
            pairs.append(Node.Pair(key: key, value: node))
            parent.collection = .mapping(pairs: pairs, pendingKey: nil)
        }
    }
}

extension Node {
    /// Keys compare by their resolved value for scalars (`0x10` and `16` are
    /// the same key), structurally otherwise.
    func isSameKey(as other: Node) -> Bool {
        switch (value, other.value) {
        case (.scalar(let a), .scalar(let b)):
            if case .string = a.resolved, case .string = b.resolved { return a.text == b.text }
            return a.resolved == b.resolved && a.resolved != .string
        default:
            return value == other.value
        }
    }

    var keyText: String {
        scalar?.text ?? summary
    }
}
