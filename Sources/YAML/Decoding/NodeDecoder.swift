import HostText

/// A `Decoder` over one node.
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [any CodingKey]
    let context: DecodingContext

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func error(_ message: String, at node: Node? = nil) -> YAMLError {
        YAMLError(mark: (node ?? self.node).mark, path: codingPath.pathDescription, message: message)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let pairs) = node.value else {
            throw error("expected a mapping, found \(node.summary)")
        }
        context.recordVisit(of: node, at: codingPath)
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, pairs: pairs))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let items) = node.value else {
            throw error("expected a sequence, found \(node.summary)")
        }
        return UnkeyedNodeContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueNodeContainer(decoder: self)
    }

    func child(_ node: Node, key: any CodingKey) throws -> NodeDecoder {
        try context.charge(node)
        return NodeDecoder(node: node, codingPath: codingPath + [key], context: context)
    }

    /// Decodes a value at this node, with typed scalars read directly so that
    /// a mismatch names what was expected and what was found.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try decodeString() as! T
        case is Bool.Type: return try decodeBool() as! T
        case is Int.Type: return try decodeInteger(Int.self) as! T
        case is Double.Type: return try decodeDouble() as! T
        default: break
        }
        if let cases = stringCases(of: type) {
            try checkEnumeration(cases)
        }
        return try T(from: self)
    }

    func decodeString() throws -> String {
        guard let scalar = node.scalar, scalar.resolved != .null else {
            throw error("expected a string, found \(node.summary)")
        }
        return scalar.text
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let value)? = node.scalar?.resolved else {
            throw error("expected true or false, found \(node.summary)")
        }
        return value
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .int(let value)? = node.scalar?.resolved else {
            if let text = node.scalar?.text, node.scalar?.resolved == .string, ScalarResolver.isDecimalInteger(text) {
                throw error("the integer \(text) is out of range for \(I.self)")
            }
            throw error("expected an integer, found \(node.summary)")
        }
        guard let exact = I(exactly: value) else {
            throw error("\(value) is out of range for \(I.self)")
        }
        return exact
    }

    func decodeDouble() throws -> Double {
        switch node.scalar?.resolved {
        case .float(let value)?: return value
        case .int(let value)?: return Double(value)
        default: throw error("expected a number, found \(node.summary)")
        }
    }

    var isNull: Bool {
        node.scalar?.resolved == .null
    }

    /// A string enumeration gets the list of its values and a hint.
    private func checkEnumeration(_ cases: [String]) throws {
        guard let scalar = node.scalar, scalar.resolved != .null, !cases.contains(scalar.text) else { return }
        var message = "unknown value '\(scalar.text)'"
        if let suggestion = Suggestion.closest(to: scalar.text, in: cases) {
            message += " (did you mean '\(suggestion)'?)"
        }
        message += "; expected one of: \(cases.joined(separator: ", "))"
        throw error(message)
    }
}

private func stringCases<T>(of type: T.Type) -> [String]? {
    guard let iterable = type as? any CaseIterable.Type else { return nil }
    return rawStrings(of: iterable)
}

private func rawStrings<C: CaseIterable>(of type: C.Type) -> [String]? {
    let values = C.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
    return values.isEmpty ? nil : values
}

/// A coding key for sequence indices and keys read with `allKeys`.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }

    init?(intValue: Int) { self.init(intValue) }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
}
