import AsyncHTTPClient
import Foundation
import HostTestSupport
import NIOCore
import NIOHTTP1
import Testing
@testable import WidgetHost
import WidgetTestSupport

/// Issue 24: cards as PNG (librsvg) for e-ink panels, chat and wherever SVG
/// is not taken, at a scale, and 1-bit for e-ink; decoded here to check.
@Suite("PNG cards")
struct PNGTests {
    /// The SVG's size in points, and so the PNG's at scale 1.
    private static func svgSize(_ svg: String) throws -> (Int, Int) {
        let width = try #require(svg.firstMatch(of: /width="(\d+)"/)).output.1
        let height = try #require(svg.firstMatch(of: /height="(\d+)"/)).output.1
        return (Int(width)!, Int(height)!)
    }

    @Test(arguments: [1.0, 2.0]) func aPNGIsTheSVGAtItsScale(scale: Double) async throws {
        let fixture = try ContainerFixture()
        let svg = try await fixture.run("preview", "SingleRepo", "--family", "systemLarge")
        let (width, height) = try Self.svgSize(svg.stdout)
        let file = fixture.folder.appendingPathComponent("card.png").path
        let png = try await fixture.run("preview", "SingleRepo", "--family", "systemLarge", "--format", "png", "--scale", "\(scale)", "-o", file)
        #expect(png.status == 0, "\(png.stderr)")
        let image = try PNGImage(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(image.width == Int(Double(width) * scale) && image.height == Int(Double(height) * scale))
        #expect(image.colorType == 6 && image.bitDepth == 8)
        // The text is drawn: dark opaque pixels on the white card, in DejaVu Sans as the SVG names it.
        var dark = 0
        for row in image.samples {
            for x in stride(from: 0, to: row.count, by: 4) where row[x + 3] == 255 {
                let sum = Int(row[x]) + Int(row[x + 1]) + Int(row[x + 2])
                if sum < 200 { dark += 1 }
            }
        }
        #expect(dark > 200 * Int(scale * scale), "text drawn: \(dark) dark pixels")
    }

    @Test func theEInkFormIsOneBitBlackAndWhite() async throws {
        let fixture = try ContainerFixture()
        let file = fixture.folder.appendingPathComponent("eink.png").path
        let png = try await fixture.run("preview", "Gauge", "--family", "systemMedium", "--format", "png", "--palette", "bw", "-o", file)
        #expect(png.status == 0, "\(png.stderr)")
        let image = try PNGImage(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(image.width == 364 && image.height == 170)
        #expect(image.bitDepth == 1 && image.colorType == 0)
        #expect(image.distinctPixels == [[0], [1]], "black and white, both used")
    }

    @Test func badPNGOptionsAreRefused() async throws {
        let fixture = try ContainerFixture()
        let scale = try await fixture.run("preview", "Gauge", "--format", "png", "--scale", "9", "-o", "/dev/null")
        #expect(scale.status == 1 && scale.stderr.hasPrefix("error: --scale is from 0.25 to 4, found 9.0"), "\(scale.stderr)")
        let palette = try await fixture.run("preview", "Gauge", "--palette", "bw")
        #expect(palette.status == 1 && palette.stderr.hasPrefix("error: --scale and --palette go with --format png"), "\(palette.stderr)")
    }

    @Test func theDashboardServesPNGAndDarkCards() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Gauge", "--family", "systemMedium")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        defer { host.terminate() }
        let base = try await host.dashboardBase()
        #expect(await host.waitFor("timeline received"), "\(host.output)")

        func fetch(_ path: String) async throws -> (status: Int, type: String?, etag: String?, body: Data) {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + path), timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 10_000_000)
            return (Int(response.status.code), response.headers.first(name: "content-type"), response.headers.first(name: "etag"),
                    Data(body.readableBytesView))
        }
        let card = try await fetch("/instances/\(id).png")
        #expect(card.status == 200 && card.type == "image/png")
        let image = try PNGImage(card.body)
        #expect(image.width == 364 && image.height == 170)
        let sharp = try PNGImage(try await fetch("/instances/\(id).png?scale=2").body)
        #expect(sharp.width == 728 && sharp.height == 340)
        let eink = try await fetch("/instances/\(id).png?palette=bw")
        #expect(try PNGImage(eink.body).bitDepth == 1)
        #expect(eink.etag != card.etag, "each form is a card of its own")
        #expect(try await fetch("/instances/\(id).png?scale=0").status == 400)
        #expect(try await fetch("/instances/\(id).png?palette=grey").status == 400)
        #expect(try await fetch("/instances/\(id).svg").type == "image/svg+xml")

        // Light or dark per request, the PNG too.
        let dark = String(decoding: try await fetch("/instances/\(id).svg?scheme=dark").body, as: UTF8.self)
        #expect(dark.contains(##"rx="22" fill="#1c1c1e"/>"##), "\(dark)")
        let light = String(decoding: try await fetch("/instances/\(id).svg").body, as: UTF8.self)
        #expect(light.contains(##"rx="22" fill="#ffffff"/>"##))
        let darkPNG = try PNGImage(try await fetch("/instances/\(id).png?scheme=dark").body)
        #expect(darkPNG.samples[85][182 * 4] < 0x40, "the card's middle is dark")
        #expect(try await fetch("/instances/\(id).svg?scheme=night").status == 400)
    }
}
