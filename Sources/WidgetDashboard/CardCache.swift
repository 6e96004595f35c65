import Foundation
import Synchronization

/// Rendered cards by instance, entry and mode: a card is drawn once per
/// entry, not once per request, and carries an ETag so that browsers and
/// proxies revalidate with a 304 instead of fetching it again.
final class CardCache: Sendable {
    struct Card: Sendable {
        /// SVG text or PNG bytes.
        let body: Data
        let etag: String
    }

    /// Beyond this many cards the cache starts again: entries that are no
    /// longer current are never asked for, and this bounds them.
    static let capacity = 2_000

    private let state = Mutex<(cards: [String: Card], drawing: [String: Task<Card, any Error>])>(([:], [:]))

    /// The card for `key`, drawn by `render` unless it is cached or being
    /// drawn for another request already: then that drawing is waited for,
    /// so a card many pages ask for at once is drawn once.
    func card(for key: String, render: @escaping @Sendable () async throws -> Data) async throws -> Card {
        enum Lookup {
            case cached(Card)
            case drawing(Task<Card, any Error>)
        }
        let lookup = state.withLock { state -> Lookup in
            if let card = state.cards[key] { return .cached(card) }
            if let drawing = state.drawing[key] { return .drawing(drawing) }
            let drawing = Task {
                let body = try await render()
                return Card(body: body, etag: "\"\(Self.fingerprint(body))\"")
            }
            state.drawing[key] = drawing
            return .drawing(drawing)
        }
        switch lookup {
        case .cached(let card):
            return card
        case .drawing(let drawing):
            let result = await drawing.result
            state.withLock { state in
                state.drawing[key] = nil
                guard case .success(let card) = result else { return }
                if state.cards.count >= Self.capacity { state.cards.removeAll() }
                state.cards[key] = card
            }
            return try result.get()
        }
    }

    /// FNV-1a, 64 bits, in hex: the same card gives the same tag in every run.
    static func fingerprint(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
