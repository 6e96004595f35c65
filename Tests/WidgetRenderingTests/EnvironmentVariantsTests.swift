import ExtensionProtocol
import Foundation
import SwiftUI
import Testing
import WidgetKit
@testable import WidgetRendering

/// A view is archived once per drawing it asked about: reading
/// `widgetRenderingMode` makes accented and vibrant variants, reading
/// `colorScheme` a dark one, reading neither makes none; a drawing lays out
/// its own variant, and taps are read from the standard one.
@Suite("Views archived for each drawing they read")
struct EnvironmentVariantsTests {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> ()) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .never))
        }
    }

    struct SchemeView: View {
        @Environment(\.colorScheme) var colorScheme
        var body: some View { Text(colorScheme == .dark ? "dark" : "light") }
    }

    struct ModeView: View {
        @Environment(\.widgetRenderingMode) var mode
        var body: some View {
            Link(destination: URL(string: "https://example.com")!) { Text(mode.description) }
        }
    }

    struct PlainView: View {
        @Environment(\.widgetFamily) var family
        var body: some View { Text(family.rawValue) }
    }

    static func snapshot(_ content: @escaping @Sendable (Entry) -> some View) async throws -> ViewNode {
        let configuration = StaticConfiguration(kind: "K", provider: Provider(), content: content)
        return try await configuration.descriptor.provider.snapshot(for: [:], in: TimelineProviderContext(family: .systemSmall)).view
    }

    @Test func readingTheSchemeMakesADarkVariantThatADarkDrawingShows() async throws {
        let view = try await Self.snapshot { _ in SchemeView() }
        #expect(view.content == .variants([ViewVariant(renderingMode: "fullColor", dark: true)]))
        #expect(view.children.map(\.content) == [.text("light"), .text("dark")])
        let renderable = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false)
        #expect(renderable.svg().contains(">light</text>") && renderable.svg(scheme: .dark).contains(">dark</text>"))
        #expect(renderable.svg(mode: .accented, scheme: .dark).contains(">light</text>"), "no accented variant: the standard view")
    }

    @Test func readingTheModeMakesAVariantForEachOtherMode() async throws {
        let view = try await Self.snapshot { _ in ModeView() }
        #expect(view.content == .variants([ViewVariant(renderingMode: "accented", dark: false), ViewVariant(renderingMode: "vibrant", dark: false)]))
        let renderable = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false)
        for mode in RenderingMode.allCases {
            #expect(renderable.svg(mode: mode).contains(">\(mode.rawValue)</text>"), "\(mode)")
        }
        #expect(view.actions.count == 1, "taps are read from the standard view only")
    }

    @Test func aViewThatReadsNeitherIsArchivedOnce() async throws {
        let view = try await Self.snapshot { _ in PlainView() }
        #expect(view.content == .text("systemSmall"))
    }

    @Test func variantsCrossBothArchiveFormsAndHostileOnesAreRefused() throws {
        let view = ViewNode(.variants([ViewVariant(renderingMode: "vibrant", dark: false)]), children: [ViewNode(.text("a")), ViewNode(.text("b"))])
        let entry = ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: 0), view: view)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)) == entry)
        #expect(try JSONDecoder().decode(ArchivedEntry.self, from: JSONEncoder().encode(entry)) == entry)
        #expect(throws: EntryRefused.self) {
            try EntryValidator().validate(ViewNode(.variants([ViewVariant(renderingMode: "\u{1B}[2J", dark: false)]), children: [view]))
        }
        #expect(throws: EntryRefused.self) {
            try EntryValidator().validate(ViewNode(.variants(Array(repeating: ViewVariant(renderingMode: "vibrant", dark: true), count: 4))))
        }
    }
}
