/// Assembles parse events into nodes: resolves scalars, expands aliases and
/// refuses duplicate keys.
struct TreeBuilder {
    private enum Collection {
        case sequence(items: [Node])
        /// `keys`: where each key was first seen, so a duplicate is found in one lookup.
        case mapping(pairs: [Node.Pair], keys: [Node.KeyIdentity: Mark], pendingKey: Node?)
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
    /// Whether a stream may hold more than one document (the manifest may not).
    private let allowsManyDocuments: Bool
    /// Each finished document's root, when many are allowed; nil for an empty one.
    private(set) var documentRoots: [Node?] = []

    init(allowsManyDocuments: Bool = false) {
        self.allowsManyDocuments = allowsManyDocuments
    }
    /// Scalars and collections the text writes; aliases are not counted.
    private(set) var nodesWritten = 0

    mutating func handle(_ event: ParseEvent) throws(YAMLError) {
        switch event {
        case .documentStart(let mark):
            documents += 1
            if documents > 1 && !allowsManyDocuments {
                throw YAMLError(mark: mark, message: "expected a single document, found another (remove the '---')")
            }
            // Anchors belong to their document.
            anchors = [:]
            root = nil
        case .documentEnd:
            documentRoots.append(root)
        case .scalar(let text, let plain, let anchor, let tag, let mark):
            guard let resolved = ScalarResolver.resolve(text, plain: plain, tag: tag) else {
                let tagName = tag.map(ScalarResolver.shortTag) ?? ""
                throw YAMLError(mark: mark, message: "'\(text)' is not a valid \(tagName) value")
            }
            nodesWritten += 1
            try add(Node(.scalar(Scalar(text: text, resolved: resolved)), mark: mark), anchor: anchor)
        case .alias(let anchor, let mark):
            if openAnchors.contains(anchor) {
                throw YAMLError(mark: mark, message: "alias '*\(anchor)' refers to a collection that contains it")
            }
            guard let node = anchors[anchor] else {
                throw YAMLError(mark: mark, message: "undefined alias '*\(anchor)' (no '&\(anchor)' before it)")
            }
            try checkDepth(adding: node.depth, at: mark)
            try add(node, anchor: nil)
        case .sequenceStart(let anchor, _, let mark):
            try checkDepth(adding: 1, at: mark)
            open.append(OpenCollection(collection: .sequence(items: []), anchor: anchor, mark: mark))
            if let anchor { openAnchors.insert(anchor) }
        case .mappingStart(let anchor, _, let mark):
            try checkDepth(adding: 1, at: mark)
            open.append(OpenCollection(collection: .mapping(pairs: [], keys: [:], pendingKey: nil), anchor: anchor, mark: mark))
            if let anchor { openAnchors.insert(anchor) }
        case .collectionEnd:
            guard let closed = open.popLast() else { return }
            nodesWritten += 1
            if let anchor = closed.anchor { openAnchors.remove(anchor) }
            let node = switch closed.collection {
            case .sequence(let items): Node(.sequence(items), mark: closed.mark)
            case .mapping(let pairs, _, _): Node(.mapping(pairs), mark: closed.mark)
            }
            try add(node, anchor: closed.anchor)
        case .streamEnd, .ignored:
            break
        }
    }

    /// Refuses a collection or alias that would nest deeper than `Node.maximumDepth`.
    private func checkDepth(adding depth: Int, at mark: Mark) throws(YAMLError) {
        guard open.count + depth <= Node.maximumDepth else {
            throw YAMLError(mark: mark, message: "nested deeper than \(Node.maximumDepth) levels")
        }
    }

    private mutating func add(_ node: Node, anchor: String?) throws(YAMLError) {
        if let anchor {
            // The latest definition wins (`&a [ &a x, *a ]` is `[x, x]`): an
            // alias to it is no longer one to a collection still open.
            anchors[anchor] = node
            openAnchors.remove(anchor)
        }
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
        case .mapping(let pairs, var keys, nil):
            parent.collection = .sequence(items: [])  // as above, for `keys`
            if let first = keys.updateValue(node.mark, forKey: node.keyIdentity) {
                throw YAMLError(
                    mark: node.mark,
                    message: "duplicate key '\(node.keyText)' (first at line \(first.line), column \(first.column))")
            }
            parent.collection = .mapping(pairs: pairs, keys: keys, pendingKey: node)
        case .mapping(var pairs, let keys, let key?):
            parent.collection = .sequence(items: [])  // as above
            pairs.append(Node.Pair(key: key, value: node))
            parent.collection = .mapping(pairs: pairs, keys: keys, pendingKey: nil)
        }
    }
}

extension Node {
    /// What makes two keys the same: the resolved value for scalars (`0x10`
    /// and `16` are the same key), the text for strings, and the structure,
    /// without positions, for collections.
    enum KeyIdentity: Hashable {
        case string(String)
        case resolved(Scalar.Resolved)
        case structure(String)
    }

    var keyIdentity: KeyIdentity {
        switch value {
        case .scalar(let scalar):
            if case .string = scalar.resolved { return .string(scalar.text) }
            return .resolved(scalar.resolved)
        case .sequence, .mapping:
            var text = ""
            appendStructure(to: &text)
            return .structure(text)
        }
    }

    /// A canonical text of the tree: strings length-prefixed, so no two
    /// structures share one. Recursion is bounded by `maximumDepth`.
    private func appendStructure(to text: inout String) {
        switch value {
        case .scalar(let scalar):
            if case .string = scalar.resolved {
                text += "s\(scalar.text.utf8.count):\(scalar.text)"
            } else {
                text += "r(\(scalar.resolved))"
            }
        case .sequence(let items):
            text += "["
            for item in items { item.appendStructure(to: &text) }
            text += "]"
        case .mapping(let pairs):
            text += "{"
            for pair in pairs {
                pair.key.appendStructure(to: &text)
                pair.value.appendStructure(to: &text)
            }
            text += "}"
        }
    }

    var keyText: String {
        scalar?.text ?? summary
    }
}
