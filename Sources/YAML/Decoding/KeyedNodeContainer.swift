struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let pairs: [Node.Pair]
    /// Each key's pair, indexed once: looking a key up is not a scan.
    private let index: [String: Int]

    init(decoder: NodeDecoder, pairs: [Node.Pair]) {
        self.decoder = decoder
        self.pairs = pairs
        index = Dictionary(pairs.indices.map { (pairs[$0].key.keyText, $0) }) { first, _ in first }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.context.recordAllKeysRead(in: decoder.node)
        return pairs.compactMap { Key(stringValue: $0.key.keyText) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.context.recordAsked(key.stringValue, in: decoder.node)
        return pair(for: key) != nil
    }

    private func pair(for key: Key) -> Node.Pair? {
        index[key.stringValue].map { pairs[$0] }
    }

    private func valueDecoder(for key: Key) throws -> NodeDecoder {
        decoder.context.recordAsked(key.stringValue, in: decoder.node)
        guard let pair = pair(for: key) else {
            throw decoder.error("missing key '\(key.stringValue)'")
        }
        return try decoder.child(pair.value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.context.recordAsked(key.stringValue, in: decoder.node)
        return pair(for: key)?.value.scalar?.resolved == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try valueDecoder(for: key).decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try valueDecoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try valueDecoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try valueDecoder(for: key)
    }
}
