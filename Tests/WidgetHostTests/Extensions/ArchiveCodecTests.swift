import ExtensionProtocol
import Foundation
import Testing
import WidgetSDK
import WidgetTestSupport

/// The channel's binary form of archived entries: every view case, modifier,
/// colour and shape survives the round trip, and bad bytes are an error.
@Suite("The archive codec of the extension channel")
struct ArchiveCodecTests {
    @Test(arguments: [TimelineReloadPolicy.atEnd, .never, .after(Date(timeIntervalSinceReferenceDate: 5))])
    func timelinesRoundTrip(policy: TimelineReloadPolicy) throws {
        var timeline = ArchiveSamples.timeline
        timeline.policy = policy
        #expect(try ArchiveCodec.decodeTimeline(ArchiveCodec.encode(timeline)) == timeline)
    }

    @Test func aTimelinesRelevantIntervalsCrossAndTooManyAreRefused() throws {
        var timeline = ArchiveSamples.timeline
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        timeline.relevantIntervals = [RelevantInterval(start: start, end: start + 3_600, priority: RelevantInterval.scheduled),
                                      RelevantInterval(start: start + 60, end: start + 60, priority: RelevantInterval.informational)]
        #expect(try ArchiveCodec.decodeTimeline(ArchiveCodec.encode(timeline)) == timeline)
        timeline.relevantIntervals = Array(repeating: timeline.relevantIntervals[0], count: RelevantInterval.maximumCount + 1)
        #expect(throws: EntryRefused.self, "refused as it is read, before the validator") {
            try ArchiveCodec.decodeTimeline(ArchiveCodec.encode(timeline))
        }
    }

    @Test func entriesRoundTripAndAreSmallerThanJSON() async throws {
        let entry = ArchiveSamples.timeline.entries[1]
        let binary = ArchiveCodec.encode(entry)
        #expect(try ArchiveCodec.decodeEntry(binary) == entry)
        #expect(binary.count < (try JSONEncoder().encode(entry)).count / 2)
    }

    @Test func everyTruncationIsAnErrorNotACrash() async throws {
        // Cut at every length: the whole sample (about 130 KB) cut at every
        // seventh took 95 s of a debug build, this one takes well under one.
        let bytes = ArchiveCodec.encode(ArchiveSamples.compact)
        #expect(try ArchiveCodec.decodeTimeline(bytes) == ArchiveSamples.compact)
        for length in 0..<bytes.count {
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
        for child in ArchiveSamples.everything.children {
            let data = try JSONEncoder().encode(child)
            #expect(try JSONDecoder().decode(ViewNode.self, from: data) == child, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}


/// The channel's frames: the messages of every reload, and a kind's HTTP
/// requests and their answers, in binary; the rest in JSON.
@Suite("The frames of the extension channel")
struct FrameChannelTests {
    /// The host's end and the extension's of one socket pair, closed when `body` returns.
    private func withChannels(_ body: (_ host: FrameChannel, _ extensionSide: FrameChannel) throws -> Void) throws {
        var sockets: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { close($0) } }
        try body(FrameChannel(descriptor: sockets[0]), FrameChannel(descriptor: sockets[1]))
    }

    @Test func aTimelineCallAndItsReplyCrossWholeAndTheRestAsJSON() throws {
        try withChannels { host, extensionSide in
            let configuration: ConfigurationValues = ["repo": .string("apple/swift ✓"), "count": .int(-7), "ratio": .double(0.125), "on": .bool(true),
                                                      "repos": .list([.string("a/b"), .string("c/d")]), "none": .list([])]
            let context = TimelineProviderContext(family: .systemLarge, isPreview: true, settings: ["repo": "a/b", "x": ""],
                                                  date: Date(timeIntervalSinceReferenceDate: 812_345_678.25))
            let scope = ReloadScope(revalidate: true, lease: "member k39k3g 4", instance: "k39k3g")
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

            // A list holds scalars: one inside another is sent as its text, so a
            // peer cannot nest lists until the reader's stack runs out.
            try host.send(.call(id: 44, .timeline(kind: "K", configuration: ["deep": .list([.list([.int(1), .int(2)])])], context: context, scope: scope)))
            guard case .call(44, .timeline(_, let flattened, _, _))? = try extensionSide.receive() else {
                Issue.record("not a timeline call")
                return
            }
            #expect(flattened == ["deep": .list([.string("[1, 2]")])])

            try host.send(.cancel(id: 43))
            guard case .cancel(43)? = try extensionSide.receive() else {
                Issue.record("not a cancel")
                return
            }
        }
    }

    @Test func aKindsRequestsAndTheirAnswersCrossWhole() throws {
        try withChannels { host, extensionSide in
            let scope = ReloadScope(revalidate: true, lease: "member k39k3g 4", instance: "k39k3g")
            let image = Data((0..<5_000).map { UInt8($0 % 256) })

            let calls: [ServiceCall] = [
                .api(path: "/repos/apple/swift?per_page=5 ✓", scope: scope),
                .api(path: "/", scope: ReloadScope()),
                .asset(url: "https://avatars.example/u/1?s=64"),
                .fetch(HTTPRequest(url: "https://example.com/feed", method: "POST", headers: ["Accept": "*/*", "X-Empty": ""], body: image), scope: scope),
                .fetch(HTTPRequest(url: "https://example.com/"), scope: ReloadScope()),
            ]
            for (index, call) in calls.enumerated() {
                try extensionSide.send(.service(id: UInt64(index + 1), call))
                guard case .service(let id, let received)? = try host.receive() else {
                    Issue.record("not a service call")
                    continue
                }
                #expect(id == UInt64(index + 1))
                switch (call, received) {
                case (.api(let path, let scope), .api(let receivedPath, let receivedScope)):
                    #expect(path == receivedPath && scope == receivedScope)
                case (.asset(let url), .asset(let receivedURL)):
                    #expect(url == receivedURL)
                case (.fetch(let request, let scope), .fetch(let receivedRequest, let receivedScope)):
                    #expect(request == receivedRequest && scope == receivedScope)
                default:
                    Issue.record("\(call) arrived as \(received)")
                }
            }

            let results: [ServiceResult] = [
                .response(status: 200, headers: ["etag": "\"abc\"", "content-type": "application/json"], body: image, fromCache: true),
                .response(status: 304, headers: [:], body: Data(), fromCache: false),
                .data(image), .data(nil), .data(Data()),
            ]
            for (index, result) in results.enumerated() {
                try host.send(.serviceReply(id: UInt64(index + 7), result))
                guard case .serviceReply(let id, let received)? = try extensionSide.receive() else {
                    Issue.record("not a service reply")
                    continue
                }
                #expect(id == UInt64(index + 7))
                switch (result, received) {
                case (.response(let status, let headers, let body, let fromCache), .response(let s, let h, let b, let f)):
                    #expect(status == s && headers == h && body == b && fromCache == f)
                case (.data(let data), .data(let receivedData)):
                    #expect(data == receivedData)
                default:
                    Issue.record("\(result) arrived as \(received)")
                }
            }
        }
    }

    @Test func aRequestFrameWithBytesAfterItIsRefused() throws {
        try withChannels { host, extensionSide in
            // An asset request (form 4, id 1, a 1-byte URL) with one byte too many.
            let body: [UInt8] = [4, 1, 1, UInt8(ascii: "x"), 0]
            let frame = withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + body
            #expect(frame.withUnsafeBytes { write(extensionSide.descriptor, $0.baseAddress, $0.count) } == frame.count)
            #expect(throws: (any Error).self) { try host.receive() }
        }
    }
}
