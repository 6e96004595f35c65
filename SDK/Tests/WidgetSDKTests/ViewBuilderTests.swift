import Foundation
import Testing
import WidgetSDK

@Suite("The view language archives into ViewNode trees")
struct ViewBuilderTests {
    struct Row: View {
        let title: String
        let count: Int?

        var body: some View {
            HStack(alignment: .top, spacing: 4) {
                Image(systemName: "star.fill").frame(width: 12, height: 12)
                Text(title).lineLimit(1)
                if let count {
                    Text("\(count)")
                } else {
                    Spacer()
                }
            }
        }
    }

    @Test func conditionalsAndCustomViews() {
        #expect(ViewNode(archiving: Row(title: "Stars", count: 3)) == ViewNode(
            .hstack(alignment: .top, spacing: 4),
            children: [
                ViewNode(.image(.symbol("star.fill")), modifiers: [.frame(Frame(width: 12, height: 12, alignment: .center))]),
                ViewNode(.text("Stars"), modifiers: [.lineLimit(1)]),
                ViewNode(.text("3")),
            ]))
        #expect(ViewNode(archiving: Row(title: "Stars", count: nil)).children.last == ViewNode(.spacer(minLength: nil)))
    }

    @Test func forEachChildrenJoinTheirStack() {
        let node = ViewNode(archiving: VStack {
            Text("header")
            ForEach(["a", "b"]) { Text($0) }
        })
        #expect(node.children.map(\.content) == [.text("header"), .text("a"), .text("b")])
    }

    @Test func modifiersApplyInsideOut() {
        let node = ViewNode(archiving: Text("x").font(.caption).padding(4).foregroundStyle(.accent))
        #expect(node.modifiers == [
            .font(.caption),
            .padding(EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)),
            .foregroundStyle(.accent),
        ])
    }

    @Test func infiniteFramesArchiveAsValidJSON() async throws {
        let node = ViewNode(archiving: Text("wide").frame(maxWidth: .infinity, alignment: .leading))
        let json = String(decoding: try JSONEncoder().encode(node), as: UTF8.self)
        #expect(json.contains("1000000000"))
    }

    @Test func environmentIsReadWhileArchiving() {
        struct FamilyName: View {
            @Environment(\.widgetFamily) var family
            var body: some View { Text(family.rawValue) }
        }
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryInline
        let node = EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: FamilyName()) }
        #expect(node.content == .text("accessoryInline"))
    }

    @Test func familySizesAreTheNominalPointSizes() {
        #expect(WidgetFamily.allCases.map(\.size.description) == ["170×170", "364×170", "364×382", "540×260", "76×76", "172×76", "257×26"])
    }
}
