import FakeGitHub
import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// `widgethost run` on a real pseudo-terminal, read back through a small
/// terminal emulator: what a user sees on the live board.
@Suite("The live board in a terminal")
struct LiveBoardTests {
    static func fixture(_ server: FakeGitHub) throws -> ContainerFixture {
        try ContainerFixture(githubAPI: server.apiBase)
    }

    /// Issue 11, item 15: tiles were redrawn from the container before the
    /// host had saved the entry they were told of, and stayed redacted until
    /// the 30 s caption refresh.
    @Test func aTileShowsItsEntryOnceItIsSavedNotAfterTheCaptionRefresh() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        server.add(.init(owner: "apple", name: "swift", stars: 65_076))
        let fixture = try Self.fixture(server)
        _ = try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--name", "Swift")
        // Captions are never refreshed during the test: a tile that shows its
        // entry was redrawn for the save it was told of, however busy the machine.
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 200, rows: 60, arguments: ["--caption-refresh", "86400"])
        #expect(await host.waitFor { $0.text.contains("★65.1k") && $0.text.contains("Swift · SingleRepo") && $0.text.contains("fresh: updated") },
                "\(host.screen.text)")

        let added = try await fixture.run("add-instance", "SingleRepo", "--repo", "sallen0400/swift-news")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        #expect(await host.waitFor { $0.text.contains("swift-news") && $0.text.contains("\(id) · fresh") },
                "an instance added from another terminal: \(host.screen.text)")
        #expect(!host.screen.text.contains("placeholder:"), "\(host.screen.text)")
        #expect(await host.stop() == 0)
    }

    /// Issue 11, item 16: on 80×24 the board addressed row 126 and tiles
    /// overwrote the status line.
    @Test func theBoardFitsTheTerminalSaysWhatIsMoreAndPages() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try Self.fixture(server)
        var ids: [String] = []
        for arguments in [["SingleRepo", "--repo", "apple/swift"], ["SingleRepo", "--repo", "sallen0400/swift-news"],
                          ["Note", "--text", "third"], ["Note", "--text", "fourth"], ["Gauge"]] {
            let added = try await fixture.run(["add-instance"] + arguments)
            ids.append(String(added.stdout.dropFirst("added ".count).prefix(6)))
        }
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 80, rows: 24)
        #expect(await host.waitFor { $0.line(1).contains("page 1/") && $0.text.contains("\(ids[0]) · fresh") }, "\(host.screen.text)")
        let first = host.screen
        #expect(first.highestRowAddressed <= 24, "addressed row \(first.highestRowAddressed) of 24")
        let more = try #require(first.line(1).firstMatch(of: /page 1\/(\d+) \(\+(\d+) more; n\/p pages\)/), "\(first.line(1))")
        // Tiles only: the status line names instances too.
        func tiles(_ screen: VirtualTerminal) -> String { (2...23).map(screen.line).joined(separator: "\n") }
        let shownFirst = ids.filter { tiles(first).contains($0) }
        #expect(Int(more.2) == ids.count - shownFirst.count, "\(first.text)")
        // The last row is the status line: no tile draws there.
        #expect(!first.line(24).contains("│") && !first.line(24).contains("╰"), "\(first.text)")

        host.type("n")
        // The header is written before the tiles: wait for a tile of the new page too, not the header alone.
        #expect(await host.waitFor { screen in screen.line(1).contains("page 2/") && ids.contains { !shownFirst.contains($0) && tiles(screen).contains($0) } },
                "\(host.screen.text)")
        let second = host.screen
        #expect(!ids.filter { tiles(second).contains($0) }.isEmpty)
        #expect(Set(ids.filter { tiles(second).contains($0) }).isDisjoint(with: shownFirst), "another page, other tiles: \(second.text)")
        host.type("\u{1B}[5~")
        #expect(await host.waitFor { $0.line(1).contains("page 1/") }, "PgUp goes back: \(host.screen.text)")
        #expect(host.screen.highestRowAddressed <= 24)
        #expect(await host.stop() == 0)
    }

    /// Issue 24: on 80×24 every tile's caption is on screen, large tiles
    /// compact; and an empty board says how to place a widget.
    @Test func atEightyByTwentyFourEveryCaptionShows() async throws {
        let server = try await ContainerFixture.fakeGitHub()
        defer { server.stop() }
        let fixture = try Self.fixture(server)
        let empty = try TerminalHost(manifestPath: fixture.manifestPath, columns: 80, rows: 24)
        #expect(await empty.waitFor { $0.text.contains("widgethost add-instance SingleRepo --repo apple/swift") }, "\(empty.screen.text)")
        #expect(await empty.stop() == 0)

        var ids: [String] = []
        for arguments in [["DoubleRepo", "--top-repo", "apple/swift", "--bottom-repo", "sallen0400/swift-news"], ["SingleRepo", "--repo", "apple/swift", "--family", "systemLarge"]] {
            let added = try await fixture.run(["add-instance"] + arguments)
            ids.append(String(added.stdout.dropFirst("added ".count).prefix(6)))
        }
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 80, rows: 24)
        #expect(await host.waitFor { screen in ids.allSatisfy { screen.text.contains("\($0) · fresh") } }, "\(host.screen.text)")
        #expect(host.screen.highestRowAddressed <= 24)
        #expect(!host.screen.line(1).contains("page"), "two compact tiles fit one page: \(host.screen.text)")
        #expect(host.screen.text.contains(/│ \d+ · \d+\s/), "DoubleRepo's headline: both repositories' figures: \(host.screen.text)")
        // Issue 40: beside the figure, what it is the figure of.
        #expect(host.screen.text.contains(/│ \d+ · \d+  Double Repo · apple\/swift, sall/), "\(host.screen.text)")
        #expect(host.screen.text.contains(/│ \S+  Single Repo · apple\/swift/), "\(host.screen.text)")

        // A family that changes changes the tile's size: the board is placed again, nothing left of the old tile.
        #expect(try await fixture.run("edit-instance", ids[1], "--family", "systemMedium").status == 0)
        #expect(await host.waitFor { screen in
            !screen.text.contains("Single Repo · apple/swift") && screen.text.contains("★") && screen.text.contains("\(ids[1]) · fresh")
        }, "\(host.screen.text)")
        let reflowed = host.screen
        #expect(reflowed.text.components(separatedBy: "\(ids[1]) · ").count == 2, "one caption for the instance: \(reflowed.text)")
        #expect(reflowed.text.components(separatedBy: "\(ids[0]) · ").count == 2, "\(reflowed.text)")
        #expect(reflowed.highestRowAddressed <= 24)
        #expect(await host.stop() == 0)
    }

    /// Issue 10: `.timer` text ticks on the board with no new entry.
    @Test func timerTextTicksWithoutAReload() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds()
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Switch"))
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 120, rows: 40)
        // The fixture's timer counts up from 1970: hours, minutes and seconds.
        func timer(_ screen: VirtualTerminal) -> String? {
            screen.text.firstMatch(of: /\d{5,}:\d\d:\d\d/).map { String($0.0) }
        }
        #expect(await host.waitFor { timer($0) != nil && $0.text.contains("\(id) · fresh") }, "\(host.screen.text)")
        let first = try #require(timer(host.screen))
        let entry = try await fixture.run("timeline", id, "--json").stdout.firstMatch(of: /"currentEntry" : "([^"]+)"/).map { String($0.1) }
        #expect(await host.waitFor { timer($0) != nil && timer($0) != first }, "\(host.screen.text)")
        let again = try await fixture.run("timeline", id, "--json").stdout.firstMatch(of: /"currentEntry" : "([^"]+)"/).map { String($0.1) }
        #expect(entry != nil && again == entry, "the same entry, drawn again")
        #expect(await host.stop() == 0)
    }

    /// Issue 42, relevance: the board places the most relevant tile first,
    /// and places the tiles again when an entry's score changes.
    @Test func theMostRelevantTileComesFirstAndMovesWhenItsScoreDoes() async throws {
        let fixture = try ContainerFixture.withRelevantKinds()
        let plain = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Ticker", "--entries", "1", "--policy", "never"))
        let scored = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "Relevant", "--label", "scored-card", "--score", "5"))
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 120, rows: 40)
        // Reading order: the first tile is left of (or above) the second.
        func first(_ screen: VirtualTerminal) -> String? {
            guard let tick = screen.text.range(of: "tick 0"), let card = screen.text.range(of: "scored-card") else { return nil }
            return tick.lowerBound < card.lowerBound ? plain : scored
        }
        #expect(await host.waitFor { first($0) == scored && $0.text.contains("\(plain) · fresh") && $0.text.contains("\(scored) · fresh") },
                "scored 5, placed second, shows first: \(host.screen.text)")
        #expect(try await fixture.run("edit-instance", scored, "--score", "0").status == 0)
        #expect(await host.waitFor { first($0) == plain }, "scored 0, back in the order they were placed: \(host.screen.text)")
        #expect(await host.stop() == 0)
    }

    @Test func aDumbTerminalGetsLogLines() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Note", "--text", "hi")
        let host = try TerminalHost(manifestPath: fixture.manifestPath, columns: 80, rows: 24, environment: ["TERM": "dumb"])
        #expect(await host.waitFor { _ in host.output.contains("timeline received") }, "\(host.output)")
        #expect(!host.screen.usedAlternateScreen && !host.output.contains("\u{1B}["), "no escapes at all: \(host.output)")
        #expect(await host.stop() == 0)
    }
}
