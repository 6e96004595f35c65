import Foundation
import Testing
import ViewFuzzer
@testable import WidgetHost
@testable import WidgetKinds
import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Issue 36: librsvg and gdk-pixbuf decoded kinds' PNG, JPEG and GIF in the
/// host's own process. They are decoded in `widgethost-extension
/// --rasterize` now, in a sandbox and under a data limit, and the host
/// takes a failure or a crash there as a card it could not draw.
@Suite("PNG drawn in a sandboxed process")
struct RasterizerTests {
    static func rasterizer() throws -> (SandboxedPNG, RasterizerProcess) {
        let pool = ExtensionPool(searchPath: ModuleSearchPath(manifest: try TestSupport.manifest(TestSupport.manifestText([("Note", "FixtureKinds")]))))
        let process = pool.makeRasterizer()
        return (SandboxedPNG(process), process)
    }

    /// The rasteriser processes this test process started.
    static var workers: [Int32] {
        TestSupport.childProcesses(of: getpid()).filter {
            ((try? TestSupport.readProcFile("/proc/\($0)/cmdline")) ?? "").contains("--rasterize")
        }
    }

    @Test func everySeedIsDrawnOrRefusedAndTheBombsAreBounded() throws {
        let (rasterizer, _) = try Self.rasterizer()
        let fuzzer = ImageFuzzer(seed: 1)
        for name in ["small.png", "small.jpg", "progressive.jpg", "small.gif", "animated.gif"] {
            let outcome = ImageFuzzRound.run(try #require(fuzzer.seed(name)), rasterizer: rasterizer)
            #expect(!outcome.refused && (outcome.png ?? 0) > 100, "\(name): \(outcome)")
        }
        let frames = ImageFuzzRound.run(try #require(fuzzer.seed("many-frames.gif")), rasterizer: rasterizer)
        #expect(frames.refused, "1,000 frames are past the checks' limit")
        // 4,096 by 4,096 of one colour, 64 MiB decoded: within the checks, and drawn in the rasteriser's memory, not the host's.
        let bomb = ImageFuzzRound.run(try #require(fuzzer.seed("bomb.png")), rasterizer: rasterizer)
        #expect(!bomb.refused && bomb.png != nil, "\(bomb)")
    }

    @Test func mutatedImagesNeverTakeTheHost() throws {
        let (rasterizer, process) = try Self.rasterizer()
        var fuzzer = ImageFuzzer(seed: 20_261_126)
        var drawn = 0, failed = 0, refused = 0
        for _ in 0 ..< 150 {
            let (seed, image) = fuzzer.image()
            let outcome = ImageFuzzRound.run(image, rasterizer: rasterizer)
            if outcome.refused { refused += 1 }
            if outcome.png != nil { drawn += 1 } else { failed += 1 }
            #expect(outcome.png != nil || outcome.failure?.isEmpty == false, "\(seed): a PNG or a reason")
        }
        #expect(drawn + failed == 150 && drawn > 0 && refused > 0, "\(drawn) drawn, \(failed) failed, \(refused) refused")
        #expect(process.failures <= failed)
        // Whatever happened to them, the rasteriser still draws.
        #expect(ImageFuzzRound.run(try #require(fuzzer.seed("small.png")), rasterizer: rasterizer).png != nil)
    }

    @Test func aRasteriserThatDiesIsReplacedAndOneOutOfMemoryFailsAlone() async throws {
        let (rasterizer, process) = try Self.rasterizer()
        let small = try #require(ImageFuzzer(seed: 1).seed("small.png"))
        #expect(ImageFuzzRound.run(small, rasterizer: rasterizer).png != nil)
        // This rasteriser's own process: the suite's other tests, beside it,
        // each have theirs, and one killed in the middle of a card fails it.
        let worker = try #require(process.pid)
        // As a decoder's crash would, between two cards.
        kill(worker, SIGSEGV)
        #expect(await TestSupport.eventually { !TestSupport.isAlive(worker) })
        #expect(ImageFuzzRound.run(small, rasterizer: rasterizer).png != nil, "a new rasteriser took the card")
        #expect(process.pid != nil && process.pid != worker && !Self.workers.contains(worker))

        // Two dozen bombs in one SVG (the checks allow two a card), each made
        // different by a private chunk (librsvg decodes a repeated image once):
        // 1.5 GiB decoded, past the rasteriser's 1 GiB.
        let bomb = [UInt8](try #require(ImageFuzzer(seed: 1).seed("bomb.png")))
        let images = (0 ..< 24).map { index in
            // After the signature and IHDR: an ancillary chunk whose bad CRC the decoder ignores, as it does the chunk.
            let distinct = Data(bomb[..<33] + [0, 0, 0, 4] + Array("wiDg".utf8) + [0, 0, 0, UInt8(index)] + [0, 0, 0, 0] + bomb[33...])
            return #"<image x="0" y="0" width="50" height="50" href="data:image/png;base64,\#(distinct.base64EncodedString())"/>"#
        }.joined(separator: "\n")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\#(images)</svg>"#
        // Whether the decoder fails an allocation and says so, or dies of it, the card fails and nothing else.
        if case .success(let png) = Result(catching: { try rasterizer.png(svg: svg, scale: 1, palette: .color) }) {
            Issue.record("24 bombs were drawn within 1 GiB (\(png.count) bytes): the limit did not hold")
        }
        #expect(ImageFuzzRound.run(small, rasterizer: rasterizer).png != nil, "and the next card is drawn (\(process.failures) rasterisers ended)")
    }
}
