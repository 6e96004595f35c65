import Foundation
import HostBasics
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

    /// The bytes of cards kept at most: a noise image at scale 4 is a 4.7 MB
    /// PNG, and a kind's card may be asked for at every scale, palette and
    /// scheme (192 variants). Past it the cards least recently asked for go.
    static let capacity = 64 << 20
    /// A card larger than this is drawn for each request and never kept.
    static let largestKept = capacity / 8

    /// Why a card could not be drawn, kept so that asking again does not
    /// draw again: its key names the entry, and the same entry fails the
    /// same way (a PNG whose images take the rasteriser's whole time).
    struct Failed: Error, CustomStringConvertible, Sendable {
        let description: String
    }

    /// Failures kept at most; past it they are forgotten all at once.
    static let failuresKept = 256

    private struct State {
        var failures: [String: Failed] = [:]
        var cards: [String: (card: Card, used: UInt64)] = [:]
        /// Counts requests: a card's `used` is the count when it was last asked for.
        var clock: UInt64 = 0
        var bytes = 0
        var drawing: [String: Task<Card, any Error>] = [:]
    }

    private let state = Mutex(State())

    /// What the cards kept hold, for the tests and the benchmark.
    var bytesKept: Int { state.withLock { $0.bytes } }

    /// The card for `key`, drawn by `render` unless it is cached or being
    /// drawn for another request already: then that drawing is waited for,
    /// so a card many pages ask for at once is drawn once.
    /// `remembering`: a failure is kept, and asked again fails at once (a
    /// card's entry fails the same way each time); false where the next
    /// try may well succeed.
    func card(for key: String, remembering: Bool = true, render: @escaping @Sendable () async throws -> Data) async throws -> Card {
        enum Lookup {
            case cached(Card)
            case drawing(Task<Card, any Error>)
            case failed(Failed)
        }
        let lookup = state.withLock { state -> Lookup in
            state.clock += 1
            if let failed = state.failures[key] { return .failed(failed) }
            if let cached = state.cards[key] {
                state.cards[key]!.used = state.clock
                return .cached(cached.card)
            }
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
        case .failed(let failed):
            throw failed
        case .drawing(let drawing):
            let result = await drawing.result
            state.withLock { state in
                state.drawing[key] = nil
                if remembering, case .failure(let error) = result, !(error is CancellationError) {
                    if state.failures.count >= Self.failuresKept { state.failures.removeAll() }
                    state.failures[key] = Failed(description: "\(error)")
                }
                guard case .success(let card) = result, state.cards[key] == nil, card.body.count <= Self.largestKept else { return }
                state.cards[key] = (card, state.clock)
                state.bytes += card.body.count
                guard state.bytes > Self.capacity else { return }
                // Down to three quarters at once, so that the sort is paid for rarely.
                for (oldest, entry) in state.cards.sorted(by: { $0.value.used < $1.value.used }) where state.bytes > Self.capacity / 4 * 3 {
                    state.cards[oldest] = nil
                    state.bytes -= entry.card.body.count
                }
            }
            return try result.get()
        }
    }

    /// The card kept for `key`, without drawing it.
    func kept(_ key: String) -> Data? {
        state.withLock { state in
            state.clock += 1
            guard state.cards[key] != nil else { return nil }
            state.cards[key]!.used = state.clock
            return state.cards[key]!.card.body
        }
    }

    /// FNV-1a, 64 bits, in hex: the same card gives the same tag in every run.
    static func fingerprint(_ bytes: Data) -> String {
        String(FNV1a.hash(bytes), radix: 16)
    }
}
