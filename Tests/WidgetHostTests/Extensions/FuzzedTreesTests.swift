import Foundation
import Testing
import ViewFuzzer
import WidgetSDK

/// Random and adversarial trees, some with a relevance beside them (a fixed
/// seed, so a failure repeats), through decode, the entry checks, layout in
/// every family and every renderer. A trap fails the run; an accepted tree
/// must also be storable as JSON, as the container keeps it. `make fuzz`
/// runs the same for minutes.
@Suite("Fuzzed view trees")
struct FuzzedTreesTests {
    @Test func fiveHundredTreesNeitherTrapNorPassUnstorable() {
        var generator = ViewTreeGenerator(seed: 20_261_123)
        var refused = 0
        for index in 0..<500 {
            let outcome = FuzzRound.run(generator.entry(), intervals: generator.relevantIntervals())
            #expect(outcome.unstorable == nil, "tree \(index): \(outcome.unstorable ?? "")")
            #expect(outcome.drawn > 0)
            if outcome.refused { refused += 1 }
        }
        // Both paths are exercised: hostile values are common in the generator.
        #expect(refused > 50 && refused < 500, "\(refused) of 500 refused")
    }

    /// Charts are among them, built as the channel carries one: the
    /// generator's JSON decodes, and each chart is drawn or refused.
    @Test func chartsAreAmongTheTreesAndAreDrawnOrRefused() {
        func charts(_ node: ViewNode) -> Int {
            (node.content.isChart ? 1 : 0) + node.children.map(charts).reduce(0, +)
        }
        var generator = ViewTreeGenerator(seed: 20_261_128)
        var found = 0
        for index in 0..<300 {
            let entry = generator.entry()
            found += charts(entry.view)
            let outcome = FuzzRound.run(entry)
            #expect(outcome.unstorable == nil, "tree \(index): \(outcome.unstorable ?? "")")
        }
        #expect(found > 20, "\(found) charts in 300 trees")
    }
}

private extension ViewNode.Content {
    var isChart: Bool { if case .chart = self { true } else { false } }
}
