/// A decoded value with the position of the node it came from, for messages
/// about the value that arise after decoding ("module not found").
public struct Located<Value: Decodable & Sendable>: Decodable, Sendable {
    public let value: Value
    public let mark: Mark?

    public init(_ value: Value, mark: Mark? = nil) {
        self.value = value
        self.mark = mark
    }

    public init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        value = try decoder.singleValueContainer().decode(Value.self)
    }
}

extension Located: Equatable where Value: Equatable {}

extension Decoder {
    /// Where the node being decoded starts, when decoding YAML.
    public var yamlMark: Mark? {
        (self as? NodeDecoder)?.node.mark
    }
}
