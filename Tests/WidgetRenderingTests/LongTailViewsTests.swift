import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// Issue 37: what real widget extensions reach for beyond the core, written
/// as they write it: the Lock Screen's background, `GeometryReader`,
/// `@State`, `@Binding`, `ObservableObject` models, `AnyView`, `.onAppear`.
@Suite("The long tail of SwiftUI in widgets")
struct LongTailViewsTests {
    final class Hydration: ObservableObject {
        @Published var glasses = 2
        func drink() { glasses += 1 }
    }

    struct Counter: View {
        @Binding var count: Int
        var body: some View { Text("\(count) glasses") }
    }

    struct Screen: View {
        @StateObject var model = Hydration()
        @State private var goal = 8
        var body: some View {
            VStack {
                Counter(count: $model.glasses)
                Text("of \(goal)")
                AnyView(Text("any"))
                Text("secret").hidden()
                Text("long").truncationMode(.middle).zIndex(1)
            }
            .onAppear { model.drink() }
        }
    }

    /// The view made and archived as an entry of `family` is, its body and initialisers within that entry's environment.
    private func node(family: WidgetFamily = .systemSmall, _ view: () -> some View) -> ViewNode {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        return EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: view()) }
    }

    @Test func stateBindingsModelsAndTypeErasureBuildAndDraw() {
        let drawn = node { Screen() }
        let texts = drawn.children.map(\.content)
        #expect(texts.prefix(3) == [.text("2 glasses"), .text("of 8"), .text("any")], "the view was made before onAppear ran: \(texts)")
        #expect(drawn.children[3].modifiers == [.opacity(0)], "hidden: laid out, not drawn")

        var count = 3
        let binding = Binding(get: { count }, set: { count = $0 })
        binding.wrappedValue = 5
        #expect(count == 5 && Binding.constant(7).wrappedValue == 7)
        let model = Hydration()
        _ = node { Text("x").onAppear { model.drink() } }
        #expect(model.glasses == 3, "onAppear runs once as the view is made")
    }

    @Test func theLockScreensBackgroundFillsTheAccessoryWidget() {
        let view = { ZStack { AccessoryWidgetBackground(); Text("7") }.widgetLabel("Glasses") }
        let circular = LayoutEngine().layout(node(family: .accessoryCircular, view), family: .accessoryCircular).outline
        #expect(circular.contains("fill 0.0,0.0 76.0×76.0 circle semantic(WidgetSDK.SemanticColor.fill"), "a disc the size of the widget: \(circular)")
        let rectangular = LayoutEngine().layout(node(family: .accessoryRectangular, view), family: .accessoryRectangular).outline
        #expect(rectangular.contains("roundedRectangle(cornerRadius: 8.0)"), "\(rectangular)")
        #expect(EnvironmentValues().showsWidgetLabel == false, "iOS shows no widget label")
    }

    @Test func aGeometryReaderSeesTheWidgetInsideItsMargins() {
        let drawn = node {
            GeometryReader { proxy in
                Capsule().frame(width: proxy.size.width * 0.5, height: 6)
                Text("\(Int(proxy.size.width))×\(Int(proxy.frame(in: .local).height))")
            }
        }
        #expect(drawn.children.last?.content == .text("138×138"), "systemSmall is 170 points less 16 on each side: \(drawn)")
        let outline = LayoutEngine().layout(drawn, family: .systemSmall).outline
        #expect(outline.contains("69.0×6.0"), "the capsule is half the width, at the top left: \(outline)")
    }

    @Test func timerIntervalsAreTimers() {
        let start = Date(timeIntervalSince1970: 1_000), end = Date(timeIntervalSince1970: 4_600)
        #expect(ViewNode(archiving: Text(timerInterval: start ... end)).content == .date(end, style: .timer))
        #expect(ViewNode(archiving: Text(timerInterval: start ... end, countsDown: false)).content == .date(start, style: .timer))
        if case .progress(let value, let total) = ViewNode(archiving: ProgressView(timerInterval: start ... end, countsDown: false)).content {
            #expect(value == total, "an interval long past is full")
        } else {
            Issue.record("not a progress bar")
        }
    }
}

/// Issue 37: SwiftUI's `ViewModifier` protocol was hidden by the SDK's
/// archived modifier enum of the same name.
@Suite("A ViewModifier of one's own")
struct OwnViewModifierTests {
    struct Badge: ViewModifier {
        let colour: Color
        func body(content: Content) -> some View {
            content
                .padding(4)
                .background(colour)
        }
    }

    @Test func itWrapsTheViewItIsAppliedTo() {
        let node = ViewNode(archiving: Text("3").modifier(Badge(colour: .red)))
        #expect(node.content == .text("3"))
        #expect(node.modifiers == [.padding(EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)), .background(.red)])
    }
}
