import Foundation
import WidgetSDK

/// Lays out an archived view tree in the spirit of SwiftUI: a parent
/// proposes a size, the child chooses its own, the parent places it. Each
/// call is one `LayoutPass`, held to a budget of work.
package struct LayoutEngine: Sendable {
    static let defaultSpacing = 8.0
    /// WidgetKit's content margins around system families.
    static let contentMargin = 16.0
    static let lineHeight = 1.2

    /// The work one layout may take, in views laid out, drawables placed
    /// and 16-byte runs of text measured. Every kind's real entries take
    /// under 1,000; a tree whose nesting makes stacks lay children out again
    /// and again reaches this in about 50 ms (see BENCHMARKS.md), where it
    /// would otherwise run for minutes.
    package static let workBudget = 400_000

    /// The moment `Text(date, style:)` is drawn for.
    package let now: Date
    /// What `Text(date, style:)` is written in: the manifest's `locale:`
    /// or the host's own, as the extensions' are.
    package let locale: Locale
    /// What a layout of this engine may take: `workBudget` but in
    /// benchmarks, which measure what a tree would cost without it.
    package let budget: Int

    package init(now: Date = Date(), locale: Locale = FormattingLocale.dates, budget: Int = Self.workBudget) {
        self.now = now
        self.locale = locale
        self.budget = budget
    }

    /// Lays out `view`, or, when it is out of the bounds every entry is held
    /// to (it came from a container written by an older host, or by hand),
    /// a card that says why. Checked here too so that layout and every
    /// renderer are total: nothing they are given can make them trap. A
    /// layout that outruns the work budget is also drawn as such a card.
    /// - Parameter contentMargins: false for a kind that disabled them.
    package func layout(_ view: ViewNode, family: WidgetFamily, contentMargins: Bool = true) -> WidgetLayout {
        let root: ViewNode
        do {
            root = try EntryValidator().validate(view)
        } catch {
            root = Self.refusedCard(error)
        }
        var pass = LayoutPass(now: now, locale: locale, budget: budget)
        var layout = self.layout(root, family: family, contentMargins: contentMargins, in: pass)
        layout.drawn = (root, now, locale, pass.dates)
        if pass.exhausted {
            pass = LayoutPass(now: now, locale: locale, budget: Self.workBudget)
            let card = Self.refusedCard(LayoutTooComplex(budget: budget))
            layout = self.layout(card, family: family, contentMargins: true, in: pass)
            layout.drawn = (card, now, locale, pass.dates)
        }
        return layout
    }

    private func layout(_ root: ViewNode, family: WidgetFamily, contentMargins: Bool, in pass: LayoutPass) -> WidgetLayout {
        let size = family.size
        let margin = contentMargins && family.rawValue.hasPrefix("system") ? Self.contentMargin : 0
        let content = LayoutPass.Proposal(width: size.width - 2 * margin, height: size.height - 2 * margin)
        pass.card = size
        let arranged = pass.arrange(root, proposal: content, style: LayoutPass.Style())
        // The root is centred in the content area, as WidgetKit does.
        let dx = margin + ((content.width ?? 0) - arranged.size.width) / 2
        let dy = margin + ((content.height ?? 0) - arranged.size.height) / 2
        let drawables = arranged.drawables.map { $0.offset(by: dx, dy) }
        return switch arranged.background {
        case .color(let color): WidgetLayout(family: family, size: size, background: color, drawables: drawables)
        case .view(let backdrop): WidgetLayout(family: family, size: size, background: nil, drawables: backdrop + drawables)
        case nil: WidgetLayout(family: family, size: size, background: nil, drawables: drawables)
        }
    }

    /// What is drawn in place of a view that fails the entry checks.
    static func refusedCard(_ error: any Error) -> ViewNode {
        ViewNode(.vstack(alignment: .leading, spacing: 4), children: [
            ViewNode(.image(.symbol("exclamationmark.triangle")), modifiers: [.foregroundStyle(.secondary)]),
            ViewNode(.text(String(describing: error)), modifiers: [.foregroundStyle(.secondary)]),
        ])
    }

    // MARK: Alignment

    static func offset(_ child: Double, in parent: Double, _ alignment: HorizontalAlignment) -> Double {
        switch alignment {
        case .leading: 0
        case .center: (parent - child) / 2
        case .trailing: parent - child
        }
    }

    static func offset(_ child: Double, in parent: Double, _ alignment: VerticalAlignment) -> Double {
        switch alignment {
        case .top: 0
        case .center: (parent - child) / 2
        // In a frame or a ZStack, as SwiftUI does without text to align: the bottom.
        case .bottom, .firstTextBaseline, .lastTextBaseline: parent - child
        }
    }
}
