import Testing
import WidgetSDK

/// Issue 37: `LabelStyle` is a protocol, as in SwiftUI: the system's
/// styles keep parts of a label, and one of one's own draws it.
@Suite("Label styles")
struct LabelStyleTests {
    struct Stacked: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 2) {
                configuration.icon
                configuration.title.font(.caption)
            }
        }
    }

    private let icon = ViewNode(.image(.symbol("star")))
    private let title = ViewNode(.text("Stars"))

    @Test func theSystemStylesKeepTheirParts() {
        let label = Label("Stars", systemImage: "star")
        #expect(ViewNode(archiving: label.labelStyle(.iconOnly)) == ViewNode(.hstack(alignment: .center, spacing: Label.spacing), children: [icon]))
        #expect(ViewNode(archiving: label.labelStyle(.titleOnly)) == ViewNode(.hstack(alignment: .center, spacing: Label.spacing), children: [title]))
        #expect(ViewNode(archiving: label.labelStyle(.automatic)).children == [icon, title])
    }

    @Test func aStyleOfOnesOwnDrawsEachLabelAndAnOuterStyleLeavesItAlone() {
        let styled = VStack { Label("Stars", systemImage: "star") }.labelStyle(Stacked()).labelStyle(.titleOnly)
        let drawn = ViewNode(.vstack(alignment: .center, spacing: 2),
                             children: [icon, ViewNode(.text("Stars"), modifiers: [.font(.caption)])])
        #expect(ViewNode(archiving: styled).children == [ViewNode(.group, children: [drawn])])
    }
}
