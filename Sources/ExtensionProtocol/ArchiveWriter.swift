import Foundation

/// Little-endian bytes, lengths as varints: the building blocks of `ArchiveCodec`.
struct ArchiveWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func count(_ value: Int) {
        varint(UInt64(value))
    }

    private mutating func varint(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(remaining & 0x7f) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    mutating func int(_ value: Int) {
        // Zigzag, so small negative numbers stay short too. On bit patterns:
        // Int.min once trapped here, in a converting initialiser.
        varint(UInt64(UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func data(_ value: Data) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    /// Bytes as they are, with no length before them.
    mutating func append(contentsOf value: some Sequence<UInt8>) {
        bytes.append(contentsOf: value)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ArchiveWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }
}

/// Reads what `ArchiveWriter` wrote; running past the end is an error, never a crash.
struct ArchiveReader {
    struct Truncated: Error, CustomStringConvertible {
        var description: String { "an archived entry ended early, nests too deep, or holds an unknown tag" }
    }

    private let bytes: [UInt8]
    private var offset = 0
    /// Views read of the entry being read, against `EntryValidator.maximumNodes`.
    var nodes = 0
    /// True while a gradient's stops are read: a stop is never a gradient.
    var readingGradient = false
    var readingTrim = false

    /// Bytes read so far.
    var position: Int { offset }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw Truncated() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(Int.max) else { throw Truncated() }
        return Int(value)
    }

    private mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Truncated() }
            value |= UInt64(next & 0x7f) << shift
            if next < 0x80 { break }
            shift += 7
        }
        return value
    }

    /// How many elements follow; each takes at least a byte, so a count
    /// larger than what is left is refused before anything is allocated.
    mutating func elements() throws -> Range<Int> {
        let number = try count()
        guard number <= bytes.count - offset else { throw Truncated() }
        return 0..<number
    }

    mutating func int() throws -> Int {
        let zigzag = UInt(try varint())
        return Int(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
    }

    mutating func double() throws -> Double {
        guard offset + 8 <= bytes.count else { throw Truncated() }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func bool() throws -> Bool {
        try byte() != 0
    }

    mutating func string() throws -> String {
        let length = try count()
        guard length <= bytes.count - offset else { throw Truncated() }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    mutating func data() throws -> Data {
        let length = try count()
        guard length <= bytes.count - offset else { throw Truncated() }
        defer { offset += length }
        return Data(bytes[offset..<offset + length])
    }

    mutating func optional<T>(_ read: (inout ArchiveReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    /// A raw-value enum, read back by its name.
    mutating func raw<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw Truncated() }
        return value
    }
}
