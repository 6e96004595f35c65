import Foundation
import WidgetSDK

/// Archived views with everything in them, for the codec's round trip and
/// the container's stored form.
package enum ArchiveSamples {
    /// One of every content case, each carrying every modifier, in two views.
    package static let everything: ViewNode = {
        // In two halves: a view may carry at most EntryValidator.maximumModifiers.
        let halves = [Array(modifiers.prefix(modifiers.count / 2)), Array(modifiers.dropFirst(modifiers.count / 2))]
        return ViewNode(.vstack(alignment: .center, spacing: 8),
                        children: contents.flatMap { content in halves.map { ViewNode(content, modifiers: $0) } },
                        modifiers: [.padding(EdgeInsets())])
    }()

    /// Every content case and every modifier once, the modifiers dealt out
    /// over the cases: a few kilobytes, small enough to decode cut at every length.
    package static let compact: ArchivedTimeline = {
        let children = contents.indices.map { index in
            ViewNode(contents[index], modifiers: stride(from: index, to: modifiers.count, by: contents.count).map { modifiers[$0] })
        }
        let view = ViewNode(.vstack(alignment: .center, spacing: 8), children: children)
        return ArchivedTimeline(entries: [
            ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: 812_345_678.125), view: view),
            ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: -1), relevance: TimelineEntryRelevance(score: 0.75, duration: 60), view: ViewNode(.text("second"))),
        ], policy: .after(Date(timeIntervalSinceReferenceDate: 812_400_000)))
    }()

    private static let colors: [Color] = {
        let colors: [Color] = [.primary, .secondary, .accent, .rgb(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.5),
                               .semantic(.quaternary, opacity: 0.25), .fill.tertiary,
                               .gradient(GradientFill(gradient: Gradient(colors: [.red, .accent]), kind: .linear(start: .top, end: UnitPoint(x: 0.25, y: 1.5)))),
                               .gradient(GradientFill(gradient: Gradient(stops: [.init(color: .blue, location: 0.2)]), kind: .radial(center: .center, startRadius: 2, endRadius: 40))),
                               .gradient(GradientFill(gradient: Gradient(stops: []), kind: .angular(center: .bottomTrailing, startAngle: -1, endAngle: 7)))]
        return colors
    }()

    private static let shapes: [ShapeKind] = [.rectangle, .circle, .capsule, .roundedRectangle(cornerRadius: 12.5)]

    private static let modifiers: [ArchivedModifier] = {
        let modifiers: [ArchivedModifier] = [
            .font(.system(size: 13, weight: .semibold, design: .monospaced)), .fontWeight(.black),
            .padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
            .frame(Frame(width: 10, maxWidth: Frame.unbounded, minHeight: -2, alignment: Alignment(horizontal: .trailing, vertical: .bottom))),
            .frame(Frame()), .lineLimit(2), .lineLimit(nil), .minimumScaleFactor(0.5), .widgetAccentable(true),
            .widgetAccentable(false), .widgetAccentedRenderingMode(.accentedDesaturated),
            .opacity(0.25), .multilineTextAlignment(.center), .redacted(true), .redacted(false),
            .widgetURL(URL(string: "https://github.com/apple/swift?tab=readme#top")!),
            .offset(x: -3, y: 4.5), .fixedSize(horizontal: true, vertical: false), .stroke(lineWidth: 2.5), .clipped,
            .rotation(radians: -0.5, anchor: .topLeading), .scale(x: 1.5, y: -1, anchor: UnitPoint(x: 0.2, y: 0.8)),
            .aspectRatio(nil, contentMode: .fit), .aspectRatio(1.5, contentMode: .fill), .italic(true), .layoutPriority(-1.5),
            .buttonStyle(.borderedProminent), .gaugeStyle(.accessoryCircularCapacity),
            .strokeStyle(StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .bevel, dash: [2, 1.5], dashPhase: 0.5)),
            .underline(true, color: nil), .underline(false, color: .red), .strikethrough(true, color: .accent), .textCase(.uppercase), .textCase(nil),
            .fontDesign(.serif), .kerning(-0.5), .lineSpacing(4), .truncationMode(.middle), .accessibilityLabel("Stars, 3 of 5 ✓"),
            .accessibilityValue(""), .accessibilityHint("Opens the repository"), .accessibilityHidden(true), .templateRendering,
        ] + colors.flatMap { [ArchivedModifier.border($0, width: 1.5), .shadow($0, radius: 3, x: -1, y: 2)] } + colors.flatMap { [ArchivedModifier.foregroundStyle($0), .background($0), .containerBackground($0)] }
            + shapes.map { .clipShape($0) }
        return modifiers
    }()

    private static let contents: [ViewNode.Content] = {
        let contents: [ViewNode.Content] = [
            .group, .text("héllo ✓ \u{0}"), .text(""), .image(.data(Data((0..<300).map { UInt8($0 & 0xff) }))), .image(.symbol("star.fill")),
            .spacer(minLength: nil), .spacer(minLength: 4), .vstack(alignment: .leading, spacing: nil), .hstack(alignment: .bottom, spacing: 6),
            .zstack(alignment: Alignment(horizontal: .center, vertical: .top)), .grid(columns: 3, spacing: nil), .grid(columns: -1, spacing: 2),
            .date(Date(timeIntervalSinceReferenceDate: 1_000.5), style: .timer), .date(.distantPast, style: .relative),
            .progress(value: 0.25, total: 2), .gauge(value: 72, minimum: 0, maximum: 100),
            .control(Control(kind: .button, intent: IntentReference(type: "Module.Refresh", symbol: "6Module7RefreshV", title: "Refresh", parameters: [:]))),
            .control(Control(kind: .toggle, isOn: true, intent: IntentReference(
                type: "Module.Toggle", symbol: "6Module6ToggleV", title: "Toggle", parameters: ["id": .string("a"), "n": .int(-3), "x": .double(0.5), "b": .bool(false)]))),
            .link(URL(string: "https://example.com/a%20b")!),
            .layered(alignment: .topTrailing, behind: true), .divider, .label, .viewThatFits(horizontal: true, vertical: false),
            .lazyGrid(tracks: [GridTrack(kind: .adaptive, minimum: 40, maximum: 80, spacing: 2)], vertical: false, spacing: nil),
            .containerBackground(alignment: Alignment(horizontal: .leading, vertical: .bottom)),
            .variants([ViewVariant(renderingMode: "accented", dark: false), ViewVariant(renderingMode: "fullColor", dark: true)]),
        ] + shapes.map { .shape($0) }
        return contents
    }()

    package static let timeline = ArchivedTimeline(entries: [
        ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: 812_345_678.125), view: everything),
        ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: -1), relevance: TimelineEntryRelevance(score: 0.75, duration: 60),
                      view: ViewNode(.text("second"), children: [everything])),
    ], policy: .after(Date(timeIntervalSinceReferenceDate: 812_400_000)))
}
