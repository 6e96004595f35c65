import Foundation
import Testing
@testable import WidgetRendering
@testable import WidgetSDK

/// Issue 37: button, toggle and gauge styles of one's own (`makeBody`) and
/// the smaller APIs the compatibility table found missing.
@Suite("Styles of one's own")
struct CustomStyleTests {
    struct Refresh: AppIntent {
        static var title: LocalizedStringResource { "Refresh" }
        func perform() async throws -> some IntentResult { .result() }
    }

    struct Count: AppIntent {
        static var title: LocalizedStringResource { "Count" }
        func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: 3) }
    }

    struct PillStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(.horizontal, 10)
                .background(Capsule().fill(configuration.isPressed ? Color.gray : Color.orange))
        }
    }

    struct CheckboxStyle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
                configuration.label
            }
        }
    }

    struct BatteryStyle: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.label
                Text("\(Int(configuration.value * 100))%")
            }
        }
    }

    private func layout<V: View>(_ view: V) -> WidgetLayout {
        LayoutEngine().layout(ViewNode(archiving: view), family: .systemSmall)
    }

    private func texts(_ layout: WidgetLayout) -> [String] {
        layout.drawables.compactMap { if case .text(let lines, _) = $0.kind { lines.joined() } else { nil } }
    }

    @Test func aButtonStyleDrawsEachButtonFromItsLabelAndKeepsTheTap() throws {
        let drawn = layout(VStack { Button(intent: Refresh()) { Text("Refresh") }; Text("outside") }.buttonStyle(PillStyle()))
        #expect(texts(drawn) == ["Refresh", "outside"])
        let capsule = try #require(drawn.drawables.first { if case .fill(.capsule, _) = $0.kind { true } else { false } }, "\(drawn.outline)")
        #expect(capsule.color == .orange)
        let region = try #require(drawn.regions.first)
        #expect(region.frame.width >= capsule.frame.width - 0.5, "the tap covers what the style draws")
    }

    @Test func aToggleStyleDrawsFromTheStateAndTheLabel() {
        let view = VStack {
            Toggle(isOn: true, intent: Refresh()) { Text("Milk") }
            Toggle(isOn: false, intent: Refresh()) { Text("Eggs") }
        }
        let drawn = layout(view.toggleStyle(CheckboxStyle()))
        let symbols = drawn.drawables.compactMap { if case .image(.symbol(let name), _, _) = $0.kind { name } else { nil } }
        #expect(symbols == ["checkmark.square.fill", "square"], "\(drawn.outline)")
        #expect(texts(drawn) == ["Milk", "Eggs"])
        // The system's styles are drawn as the host draws toggles.
        let system = layout(view.toggleStyle(.switch))
        #expect(system.drawables.contains { if case .image(.symbol("checkmark.circle.fill"), _, _) = $0.kind { true } else { false } })
    }

    @Test func aGaugeStyleDrawsFromTheFractionAndTheLabels() {
        let drawn = layout(Gauge(value: 30, in: 0...120) { Text("Charge") }.gaugeStyle(BatteryStyle()))
        #expect(texts(drawn) == ["Charge", "25%"])
        let system = ViewNode(archiving: Gauge(value: 0.5) { Text("a") }.gaugeStyle(.accessoryCircular))
        #expect(system.modifiers.contains(.gaugeStyle(.accessoryCircular)))
    }

    @Test func smallerAPIsTheTableFoundMissing() async throws {
        #expect(Color(.sRGB, red: 1, green: 0.5, blue: 0, opacity: 1) == Color(red: 1, green: 0.5, blue: 0))
        guard case .rgb(let red, _, _, _) = Color(.sRGBLinear, white: 0.214) else { Issue.record("not an sRGB colour"); return }
        #expect(abs(red - 0.5) < 0.001, "linear 0.214 is sRGB 0.5: \(red)")
        let star = try #require(UIImage(systemName: "star.fill"))
        #expect(star.pngData() == nil)
        #expect(ViewNode(archiving: Image(uiImage: star)) == ViewNode(archiving: Image(systemName: "star.fill")))
        #expect(try await Count().perform().value == 3)
        #expect(layout(Text("a").background(.green, in: Capsule())).drawables.contains { $0.color == .green })
    }
}
