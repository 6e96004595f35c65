import Foundation
import Testing
@testable import WidgetRendering
@testable import WidgetSDK

/// Issue 37: `Text("Last glass at \(date, style: .time)")`, as Xcode's
/// template writes it, did not compile.
@Suite("Text's string interpolations")
struct LocalizedStringKeyTests {
    private static let date = Date(timeIntervalSince1970: 1_764_150_000)

    @Test func aDateWithAStyleKeepsTimeInsideTheText() {
        let node = ViewNode(archiving: Text("Last glass at \(Self.date, style: .time)"))
        #expect(node.isConcatenation, "\(node)")
        #expect(node.children.map(\.content) == [.text("Last glass at "), .date(Self.date, style: .time)])
    }

    @Test func plainInterpolationsStayOneText() {
        let count = 3
        #expect(ViewNode(archiving: Text("\(count) glasses")).content == .text("3 glasses"), "a String, as before")
        let key: LocalizedStringKey = "\(count, format: .number) of \(8) glasses"
        #expect(ViewNode(archiving: Text(key)).content == .text("3 of 8 glasses"))
        #expect(ViewNode(archiving: Text("Hello", comment: "a greeting")).content == .text("Hello"))
        #expect(ViewNode(archiving: Text("Hello", tableName: "Widgets")).content == .text("Hello"))
    }

    @Test func styledTextsAndImagesJoinTheLine() {
        let node = ViewNode(archiving: Text("\(Text("3").bold()) glasses \(Image(systemName: "drop.fill"))"))
        #expect(node.children.count == 3, "\(node)")
        #expect(node.children[1].content == .text(" glasses "))
        let outline = LayoutEngine().layout(node, family: .systemSmall).outline
        #expect(outline.contains("\"3\"") && outline.contains("\" glasses \"") && outline.contains("symbol"), "\(outline)")
    }
}
