/// FNV-1a, 64 bits: a hash that is the same in every process and every run,
/// unlike `Hasher`, for names, tags and keys that are kept or compared
/// across processes (a card's ETag, a cache file's name, a lock's key).
/// Not for anything an attacker may choose to collide.
package struct FNV1a: Sendable {
    @usableFromInline static let prime: UInt64 = 0x100_0000_01b3

    /// The hash of everything added so far.
    package var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable
    package init() {}

    @inlinable
    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    @inlinable
    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// The hash of `bytes`.
    @inlinable
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes)
        return hash.value
    }
}
