import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK

/// The layout of every kind at every family it supports, from its preview
/// (sample data) on a fixed clock, against a committed golden outline.
/// Run with WIDGETHOST_UPDATE_GOLDEN=1 to write new outlines after a
/// deliberate change, then review the diff.
@Suite("Layout golden files")
struct LayoutGoldenTests {
    static let cases: [(kind: String, family: WidgetFamily)] = [
        ("SingleRepo", .systemMedium), ("SingleRepo", .systemLarge), ("DoubleRepo", .systemLarge), ("Contributor", .systemLarge),
    ]

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: cases)
    func layoutMatchesItsGoldenOutline(_ kind: String, _ family: WidgetFamily) async throws {
        let fixture = try await GitHubFixture()
        let renderable = try await fixture.workspace.preview(try fixture.kind(kind), family: family)
        let outline = renderable.layout().outline + "\n"
        let file = Self.goldenFolder.appendingPathComponent("\(kind)-\(family.rawValue).txt")
        if ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDEN"] == "1" {
            try outline.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(outline == golden, "layout changed; if intended, rerun with WIDGETHOST_UPDATE_GOLDEN=1 and review the diff")
    }

    @Test func everythingFitsInsideTheFamily() async throws {
        let fixture = try await GitHubFixture()
        for (kind, family) in Self.cases {
            let layout = try await fixture.workspace.preview(try fixture.kind(kind), family: family).layout()
            for drawable in layout.drawables {
                let frame = drawable.frame
                #expect(frame.x >= 0 && frame.y >= 0 && frame.x + frame.width <= layout.size.width + 0.01
                        && frame.y + frame.height <= layout.size.height + 0.01, "\(kind) \(family): \(drawable)")
            }
        }
    }

    @Test func longTextScalesDownThenTruncates() {
        let view = ViewNode(archiving: Text("a-very-long-repository-name-that-cannot-fit").font(.title2).minimumScaleFactor(0.6).lineLimit(1))
        let layout = LayoutEngine().layout(view, family: .accessoryInline)
        guard case .text(let lines, let font) = layout.drawables.first?.kind else {
            Issue.record("no text")
            return
        }
        #expect(font.size == 22 * 0.6)
        #expect(lines.count == 1 && lines[0].hasSuffix("…"))
        #expect(layout.drawables[0].frame.width <= 257)
    }

    @Test func textWrapsWithinItsLineLimit() {
        let view = ViewNode(archiving: Text("one two three four five six seven eight nine ten").lineLimit(2).frame(width: 100))
        let layout = LayoutEngine().layout(view, family: .systemSmall)
        guard case .text(let lines, _) = layout.drawables.first?.kind else {
            Issue.record("no text")
            return
        }
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
    }

    @Test func spacersTakeWhatIsLeftAndPaddingInsets() {
        let view = ViewNode(archiving: VStack(spacing: 0) {
            Text("top")
            Spacer()
            Text("bottom")
        }.padding(10))
        let layout = LayoutEngine().layout(view, family: .systemSmall)
        // 170 pt square, 16 pt margins, 10 pt padding: 118 pt of content.
        #expect(layout.drawables.map(\.frame.y) == [26, 144 - 17 * 1.2])
    }
}
