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

    /// Hands the label on to a system style, as custom styles often do.
    struct Handing: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            TitleOnlyLabelStyle().makeBody(configuration: configuration).foregroundStyle(.red)
        }
    }

    /// Draws the label as a label again, with a modifier.
    struct Again: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            Label(configuration).font(.caption)
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

    @Test func aStyleMayHandTheLabelOnToASystemStyleOrDrawItAsALabel() {
        let handed = ViewNode(archiving: Label("Stars", systemImage: "star").labelStyle(Handing()))
        #expect(handed.children.first?.content == .text("Stars") && handed.children.count == 1, "\(handed)")
        let again = ViewNode(archiving: Label("Stars", systemImage: "star").labelStyle(Again()))
        #expect(again.children.first?.content == .label && again.children.first?.children == [icon, title], "\(again)")
    }

    @Test func aStyleOfOnesOwnDrawsEachLabelAndAnOuterStyleLeavesItAlone() {
        let styled = VStack { Label("Stars", systemImage: "star") }.labelStyle(Stacked()).labelStyle(.titleOnly)
        let drawn = ViewNode(.vstack(alignment: .center, spacing: 2),
                             children: [icon, ViewNode(.text("Stars"), modifiers: [.font(.caption)])])
        #expect(ViewNode(archiving: styled).children == [ViewNode(.group, children: [drawn])])
    }
}
