import ExtensionProtocol
import Foundation
import Testing
import WidgetSDK

/// The channel's binary form of archived entries: every view case, modifier,
/// colour and shape survives the round trip, and bad bytes are an error.
@Suite("The archive codec of the extension channel")
struct ArchiveCodecTests {
    /// One of every content case, each carrying every modifier, in two views.
    static let everything: ViewNode = {
        let colors: [Color] = [.primary, .secondary, .accent, .rgb(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.5),
                               .semantic(.quaternary, opacity: 0.25), .fill.tertiary,
                               .gradient(GradientFill(gradient: Gradient(colors: [.red, .accent]), kind: .linear(start: .top, end: UnitPoint(x: 0.25, y: 1.5)))),
                               .gradient(GradientFill(gradient: Gradient(stops: [.init(color: .blue, location: 0.2)]), kind: .radial(center: .center, startRadius: 2, endRadius: 40))),
                               .gradient(GradientFill(gradient: Gradient(stops: []), kind: .angular(center: .bottomTrailing, startAngle: -1, endAngle: 7)))]
        let shapes: [ShapeKind] = [.rectangle, .circle, .capsule, .roundedRectangle(cornerRadius: 12.5)]
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
        ] + colors.flatMap { [ArchivedModifier.border($0, width: 1.5), .shadow($0, radius: 3, x: -1, y: 2)] } + colors.flatMap { [ArchivedModifier.foregroundStyle($0), .background($0), .containerBackground($0)] }
            + shapes.map { .clipShape($0) }
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
        // In two halves: a view may carry at most EntryValidator.maximumModifiers.
        let halves = [Array(modifiers.prefix(modifiers.count / 2)), Array(modifiers.dropFirst(modifiers.count / 2))]
        return ViewNode(.vstack(alignment: .center, spacing: 8),
                        children: contents.flatMap { content in halves.map { ViewNode(content, modifiers: $0) } },
                        modifiers: [.padding(EdgeInsets())])
    }()

    static let timeline = ArchivedTimeline(entries: [
        ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: 812_345_678.125), view: everything),
        ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: -1), relevance: TimelineEntryRelevance(score: 0.75, duration: 60),
                      view: ViewNode(.text("second"), children: [everything])),
    ], policy: .after(Date(timeIntervalSinceReferenceDate: 812_400_000)))

    @Test(arguments: [TimelineReloadPolicy.atEnd, .never, .after(Date(timeIntervalSinceReferenceDate: 5))])
    func timelinesRoundTrip(policy: TimelineReloadPolicy) throws {
        var timeline = Self.timeline
        timeline.policy = policy
        #expect(try ArchiveCodec.decodeTimeline(ArchiveCodec.encode(timeline)) == timeline)
    }

    @Test func entriesRoundTripAndAreSmallerThanJSON() async throws {
        let entry = Self.timeline.entries[1]
        let binary = ArchiveCodec.encode(entry)
        #expect(try ArchiveCodec.decodeEntry(binary) == entry)
        #expect(binary.count < (try JSONEncoder().encode(entry)).count / 2)
    }

    @Test func everyTruncationIsAnErrorNotACrash() async throws {
        let bytes = ArchiveCodec.encode(Self.timeline)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: (any Error).self) { try ArchiveCodec.decodeTimeline(bytes.prefix(length)) }
        }
        #expect(throws: (any Error).self) { try ArchiveCodec.decodeTimeline(bytes + [0]) }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let garbage = Data((0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            _ = try? ArchiveCodec.decodeTimeline(garbage)
            _ = try? ArchiveCodec.decodeEntry(garbage)
        }
    }
}

extension ArchiveCodecTests {
    @Test func hostileCountsAndNestingAreRefused() async throws {
        // An entry whose node claims 2^62 children: refused before allocating.
        var huge = Data(count: 9)   // date, no relevance
        huge.append(contentsOf: [0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f])
        #expect(throws: (any Error).self) { try ArchiveCodec.decodeEntry(huge) }

        var deep = ViewNode(.text("leaf"))
        for _ in 0..<ArchiveCodec.maximumDepth { deep = ViewNode(.group, children: [deep]) }
        let bytes = ArchiveCodec.encode(ArchivedEntry(date: Date(), view: deep))
        #expect(throws: (any Error).self) { try ArchiveCodec.decodeEntry(bytes) }
    }
}

@Suite("The view archive as JSON")
struct ArchiveJSONTests {
    @Test func everyCaseRoundTripsThroughJSON() throws {
        for child in ArchiveCodecTests.everything.children {
            let data = try JSONEncoder().encode(child)
            #expect(try JSONDecoder().decode(ViewNode.self, from: data) == child, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}


/// The channel's frames: the messages of every reload in binary, the rest in JSON.
@Suite("The frames of the extension channel")
struct FrameChannelTests {
    @Test func aTimelineCallAndItsReplyCrossWholeAndTheRestAsJSON() throws {
        var sockets: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { close($0) } }
        let (host, extensionSide) = (FrameChannel(descriptor: sockets[0]), FrameChannel(descriptor: sockets[1]))

        let configuration: ConfigurationValues = ["repo": .string("apple/swift ✓"), "count": .int(-7), "ratio": .double(0.125), "on": .bool(true)]
        let context = TimelineProviderContext(family: .systemLarge, isPreview: true, settings: ["repo": "a/b", "x": ""],
                                              date: Date(timeIntervalSinceReferenceDate: 812_345_678.25))
        let scope = ReloadScope(revalidate: true, lease: "member k39k3g 4")
        try host.send(.call(id: 42, .timeline(kind: "SingleRepo", configuration: configuration, context: context, scope: scope)))
        guard case .call(42, .timeline(let kind, let received, let receivedContext, let receivedScope))? = try extensionSide.receive() else {
            Issue.record("not a timeline call")
            return
        }
        #expect(kind == "SingleRepo" && received == configuration && receivedScope == scope)
        #expect(receivedContext.family == .systemLarge && receivedContext.isPreview && receivedContext.settings == context.settings)
        #expect(receivedContext.date == context.date && receivedContext.displaySize == WidgetFamily.systemLarge.size)

        let archive = Data((0..<1_000).map { UInt8($0 % 251) })
        try extensionSide.send(.reply(id: 42, .timeline(archive)))
        guard case .reply(42, .timeline(let bytes))? = try host.receive() else {
            Issue.record("not a timeline reply")
            return
        }
        #expect(bytes == archive)

        try host.send(.cancel(id: 43))
        guard case .cancel(43)? = try extensionSide.receive() else {
            Issue.record("not a cancel")
            return
        }
    }
}
