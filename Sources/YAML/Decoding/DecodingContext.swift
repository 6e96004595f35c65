/// State shared by all decoders of one document: which keys each mapping was
/// asked for, so that keys nobody asked for can be reported as unknown.
final class DecodingContext {
    struct Visit {
        let node: Node
        let codingPath: [any CodingKey]
        var askedKeys: Set<String> = []
        /// `allKeys` was read (a dictionary): every key is known.
        var acceptsAnyKey = false
    }

    let rejectUnknownKeys: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]
    private var visits: [Mark: Visit] = [:]

    init(rejectUnknownKeys: Bool, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.rejectUnknownKeys = rejectUnknownKeys
        self.userInfo = userInfo
    }

    func recordVisit(of node: Node, at codingPath: [any CodingKey]) {
        if visits[node.mark] == nil {
            visits[node.mark] = Visit(node: node, codingPath: codingPath)
        }
    }

    func recordAsked(_ key: String, in node: Node) {
        visits[node.mark]?.askedKeys.insert(key)
    }

    func recordAllKeysRead(in node: Node) {
        visits[node.mark]?.acceptsAnyKey = true
    }

    /// The first key, in document order, that no decoder asked for.
    func firstUnknownKey() -> YAMLError? {
        guard rejectUnknownKeys else { return nil }
        for visit in visits.values.sorted(by: { $0.node.mark < $1.node.mark }) where !visit.acceptsAnyKey {
            guard case .mapping(let pairs) = visit.node.value else { continue }
            for pair in pairs where !visit.askedKeys.contains(pair.key.keyText) {
                var message = "unknown key '\(pair.key.keyText)'"
                if let suggestion = Suggestion.closest(to: pair.key.keyText, in: visit.askedKeys) {
                    message += " (did you mean '\(suggestion)'?)"
                } else if !visit.askedKeys.isEmpty {
                    message += "; known keys: \(visit.askedKeys.sorted().joined(separator: ", "))"
                }
                return YAMLError(mark: pair.key.mark, path: visit.codingPath.pathDescription, message: message)
            }
        }
        return nil
    }
}
