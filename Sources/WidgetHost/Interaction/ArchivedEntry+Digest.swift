import ExtensionProtocol
import HostBasics
import WidgetSDK

extension ArchivedEntry {
    /// Names this entry and no other: 16 hex digits of FNV-1a over its
    /// archive. An action is addressed by the entry it was listed from, so
    /// a tap on a list that a newer entry replaced acts on nothing (a
    /// listed "1 = Keep" once tapped Delete when the buttons swapped).
    package var digest: String {
        let hex = String(FNV1a.hash(ArchiveCodec.encode(self)), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
