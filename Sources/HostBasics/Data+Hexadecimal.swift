import Foundation

extension Data {
    /// The bytes `text` spells in hexadecimal, two digits each; nil for an
    /// odd count or anything but digits.
    package init?(hexadecimal text: some StringProtocol) {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index ..< index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self = bytes
    }
}
