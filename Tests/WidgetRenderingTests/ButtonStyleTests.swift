import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// Issue 37: Xcode's templates style their buttons; `.buttonStyle(.plain)`
/// and `.buttonStyle(.borderedProminent)` did not compile.
@Suite("Button styles")
struct ButtonStyleTests {
    struct Drink: AppIntent {
        static let title: LocalizedStringResource = "Drink"
        init() {}
        func perform() async throws -> some IntentResult { .result() }
    }

    private func svg(_ view: some View) -> String {
        SVGRenderer().render(LayoutEngine().layout(ViewNode(archiving: view), family: .systemSmall))
    }

    @Test func borderedProminentIsWhiteOnATintCapsule() throws {
        let node = ViewNode(archiving: Button("Drink", intent: Drink()).buttonStyle(.borderedProminent))
        // Through the archive, as an entry travels from the extension.
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node)
        let decoded = try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)).view
        #expect(decoded == node)
        let drawn = svg(ArchivedView(decoded))
        #expect(drawn.contains(##"fill="#0a84ff""##), "the tint capsule: \(drawn)")
        #expect(drawn.contains(##"fill="#ffffff">Drink</text>"##), "white text on it: \(drawn)")
    }

    @Test func borderedIsTheTintOnAFaintCapsule() {
        let drawn = svg(VStack { Button(intent: Drink()) { Text("Drink") } }.buttonStyle(.bordered))
        #expect(drawn.contains(##"fill="#0a84ff" fill-opacity="0.15""##), "\(drawn)")
        #expect(drawn.contains(##"fill="#0a84ff">Drink</text>"##), "\(drawn)")
    }

    @Test func plainAndTheDefaultDrawTheLabelAsItIs() {
        let plain = svg(Button("Drink", intent: Drink()).buttonStyle(.plain))
        let standard = svg(Button("Drink", intent: Drink()))
        #expect(plain == standard)
        #expect(!plain.contains("#0a84ff"), "\(plain)")
        let labelled = svg(Button("Add", systemImage: "plus", intent: Drink()).buttonStyle(.borderless))
        #expect(labelled.contains(">Add</text>") && labelled.contains("<path"), "a Label: symbol and title: \(labelled)")
    }
}
