import Foundation
import HostBasics
import Testing
@testable import WidgetHost

/// The scheduler core's queue keeps one deadline per slot and moves it in
/// place; checked against the plain answer (the earliest of a dictionary)
/// through random sets, moves and removals, ties included.
struct DeadlineQueueTests {
    @Test func itAlwaysOffersTheEarliestDeadlineAndTheLowestSlotOnATie() throws {
        var random = SplitMix64(seed: 43)
        var queue = DeadlineQueue()
        var expected: [Int: Date] = [:]
        let origin = Date(timeIntervalSince1970: 1_800_000_000)
        for step in 0..<20_000 {
            let slot = Int(random.next() % 300)
            // Few distinct dates, so that ties are common.
            let date: Date? = random.next() % 5 == 0 ? nil : origin + Double(random.next() % 50)
            queue.update(slot, to: date)
            expected[slot] = date
            let earliest = expected.min { ($0.value, $0.key) < ($1.value, $1.key) }
            // Stops at the first wrong step rather than reporting thousands.
            try #require(queue.first?.date == earliest?.value && queue.first?.slot == earliest?.key, "step \(step)")
            #expect(queue.count == expected.count)
        }
    }

    @Test func drainingItGivesEveryDeadlineOnceInOrder() {
        var random = SplitMix64(seed: 7)
        var queue = DeadlineQueue()
        let dates = (0..<1_000).map { _ in Date(timeIntervalSinceReferenceDate: Double(random.next() % 10_000)) }
        for (slot, date) in dates.enumerated() { queue.update(slot, to: date) }
        // Moves: every third slot later, every fifth earlier.
        var final = dates
        for slot in stride(from: 0, to: 1_000, by: 3) { final[slot] += 20_000; queue.update(slot, to: final[slot]) }
        for slot in stride(from: 0, to: 1_000, by: 5) { final[slot] -= 30_000; queue.update(slot, to: final[slot]) }

        var drained: [(Date, Int)] = []
        while let first = queue.first {
            drained.append((first.date, first.slot))
            queue.update(first.slot, to: nil)
        }
        let sorted = final.enumerated().map { ($0.element, $0.offset) }.sorted { $0 < $1 }
        #expect(drained.map(\.1) == sorted.map(\.1))
        #expect(queue.isEmpty)
    }

    @Test func removingASlotItNeverHadChangesNothing() {
        var queue = DeadlineQueue()
        queue.update(5, to: nil)
        queue.update(2, to: Date(timeIntervalSinceReferenceDate: 1))
        queue.update(9, to: nil)
        #expect(queue.count == 1 && queue.first?.slot == 2)
    }
}
