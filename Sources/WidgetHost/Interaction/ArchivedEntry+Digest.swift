import ExtensionProtocol
import WidgetSDK

extension ArchivedEntry {
    /// Names this entry and no other: 16 hex digits of FNV-1a over its
    /// archive. An action is addressed by the entry it was listed from, so
    /// a tap on a list that a newer entry replaced acts on nothing (a
    /// listed "1 = Keep" once tapped Delete when the buttons swapped).
    package var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ArchiveCodec.encode(self) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
