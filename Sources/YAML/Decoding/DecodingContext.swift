import HostText

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

    /// Nodes a decode may visit. Aliases share nodes, so a small document can
    /// stand for an enormous tree (an alias bomb); decoding it stops here.
    let expansionBudget: Int
    let rejectUnknownKeys: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]
    private var visits: [Mark: Visit] = [:]
    private var nodesDecoded = 0

    /// Counts one more node decoded; past the budget, an error at that node.
    func charge(_ node: Node) throws(YAMLError) {
        nodesDecoded += 1
        guard nodesDecoded <= expansionBudget else {
            throw YAMLError(mark: node.mark, message: "the document expands to more than \(expansionBudget) nodes through its aliases")
        }
    }

    init(rejectUnknownKeys: Bool, userInfo: [CodingUserInfoKey: any Sendable], expansionBudget: Int) {
        self.expansionBudget = expansionBudget
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
