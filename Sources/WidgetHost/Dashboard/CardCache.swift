import Foundation
import Synchronization

/// Rendered cards by instance, entry and mode: a card is drawn once per
/// entry, not once per request, and carries an ETag so that browsers and
/// proxies revalidate with a 304 instead of fetching it again.
final class CardCache: Sendable {
    struct Card: Sendable {
        let svg: String
        let etag: String
    }

    /// Beyond this many cards the cache starts again: entries that are no
    /// longer current are never asked for, and this bounds them.
    static let capacity = 2_000

    private let cards = Mutex<[String: Card]>([:])

    func card(for key: String, render: () async throws -> String) async rethrows -> Card {
        if let card = cards.withLock({ $0[key] }) { return card }
        let svg = try await render()
        let card = Card(svg: svg, etag: "\"\(Self.fingerprint(svg))\"")
        cards.withLock { cards in
            if cards.count >= Self.capacity { cards.removeAll() }
            cards[key] = card
        }
        return card
    }

    /// FNV-1a, 64 bits, in hex: the same card gives the same tag in every run.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
