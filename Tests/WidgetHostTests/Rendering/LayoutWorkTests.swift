import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK

/// A layout is held to a budget of work: nesting that makes stacks lay
/// their children out again and again is drawn as a card that says so,
/// within the budget, instead of running for minutes.
@Suite struct LayoutWorkTests {
    /// Stacks alternating in direction around one long text: each level lays
    /// the one below out at its ideal size and again at its share.
    static func chain(depth: Int) -> ViewNode {
        var node = ViewNode(.text(String(repeating: "wide words ", count: 40)))
        for level in 0..<depth {
            node = ViewNode(level % 2 == 0 ? .hstack(alignment: .center, spacing: 0) : .vstack(alignment: .center, spacing: 0), children: [node])
        }
        return node
    }

    /// Two of the same at each level: 8,191 views at depth 12, within the entry limits.
    static func binary(depth: Int) -> ViewNode {
        if depth == 0 { return ViewNode(.text("wide words wide words wide words")) }
        let child = binary(depth: depth - 1)
        return ViewNode(depth % 2 == 0 ? .hstack(alignment: .center, spacing: 0) : .vstack(alignment: .center, spacing: 0), children: [child, child])
    }

    static func work(_ view: ViewNode, budget: Int) -> LayoutPass {
        let pass = LayoutPass(now: Date(), budget: budget)
        _ = pass.arrange(view, proposal: .init(width: 329, height: 155), style: .init())
        return pass
    }

    static func texts(_ layout: WidgetLayout) -> [String] {
        layout.drawables.compactMap { if case .text(let lines, _) = $0.kind { lines.joined(separator: " ") } else { nil } }
    }

    @Test(arguments: [chain(depth: 250), binary(depth: 12)])
    func aTreeThatOutrunsTheBudgetIsDrawnAsACardThatSaysSo(_ view: ViewNode) throws {
        _ = try EntryValidator().validate(view)
        // The pass stops soon after the budget: what is left unwinds without working.
        let pass = Self.work(view, budget: LayoutEngine.workBudget)
        #expect(pass.exhausted)
        #expect(pass.work < LayoutEngine.workBudget + 20_000, "the pass went on for \(pass.work) units")

        let layout = LayoutEngine().layout(view, family: .systemMedium)
        let message = LayoutTooComplex(budget: LayoutEngine.workBudget).description
        #expect(Self.texts(layout).joined(separator: " ").contains(message), "\(Self.texts(layout))")
        #expect(!Self.texts(layout).contains { $0.contains("wide words") })
    }

    @Test func shallowerNestingIsDrawnInFull() {
        let view = Self.chain(depth: 20)
        #expect(!Self.work(view, budget: LayoutEngine.workBudget).exhausted)
        #expect(Self.texts(LayoutEngine().layout(view, family: .systemMedium)).contains { $0.contains("wide words") })
    }

    /// Every kind's real entries stay far inside the budget: it refuses
    /// only trees no widget needs.
    @Test(arguments: LayoutGoldenTests.cases)
    func everyKindsEntryTakesAFractionOfTheBudget(_ kind: String, _ family: WidgetFamily) async throws {
        let fixture = try await GitHubFixture()
        let view = try await fixture.workspace.preview(try fixture.kind(kind), family: family).view
        let pass = LayoutPass(now: Date(), budget: .max)
        _ = pass.arrange(view, proposal: .init(width: family.size.width, height: family.size.height), style: .init())
        #expect(pass.work < LayoutEngine.workBudget / 100, "\(kind) \(family) took \(pass.work) units")
    }
}
