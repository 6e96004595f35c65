import Foundation
import HostText
import YAML

/// A device of `devices:` in the manifest: an e-ink panel (TRMNL) admitted
/// by its MAC address and the screen it shows, as `widgethost devices add`
/// admits one. Its key is still made at its first setup and kept hashed in
/// the container, never written here.
package struct DeviceEntry: Decodable, Sendable, Equatable {
    package var mac: Located<String>
    package var screen: Located<String>
    package var mark: Mark?

    enum CodingKeys: String, CodingKey {
        case mac, screen
    }

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(Located<String>.self, forKey: .mac)
        guard let mac = Self.normalizedMAC(text.value) else {
            throw DecodingError.dataCorruptedError(
                forKey: .mac, in: container,
                debugDescription: "a MAC address is six hexadecimal pairs such as AA:BB:CC:DD:EE:FF; found '\(TerminalText.escaped(text.value))'")
        }
        self.mac = Located(mac, mark: text.mark)
        screen = try container.decode(Located<String>.self, forKey: .screen)
    }

    /// `aa-bb-cc-dd-ee-ff` or `AA:BB:…` as the firmware sends it (upper
    /// case, colons), or nil when it is not a MAC address.
    package static func normalizedMAC(_ text: String) -> String? {
        let pairs = text.uppercased().split(whereSeparator: { $0 == ":" || $0 == "-" })
        guard pairs.count == 6, pairs.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) } }) else {
            return nil
        }
        return pairs.joined(separator: ":")
    }
}
