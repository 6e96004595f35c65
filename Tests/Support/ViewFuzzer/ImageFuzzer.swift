import Foundation
import HostBasics
import WidgetRendering
import WidgetSDK

/// Images as a hostile kind would send them: ordinary PNG, JPEG and GIF
/// files (`Seeds`, with a decompression bomb and a GIF of 1,000 frames
/// among them) with bytes flipped, overwritten, cut, repeated and headers
/// claiming other sizes, through the entry checks and the sandboxed
/// rasteriser. The same seed gives the same images.
public struct ImageFuzzer {
    private var random: SplitMix64
    private let seeds: [(name: String, data: [UInt8])]

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Seeds")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        seeds = names.compactMap { name in (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, [UInt8]($0)) } }
    }

    public var seedNames: [String] { seeds.map(\.name) }

    /// A seed as it is.
    public func seed(_ name: String) -> Data? {
        seeds.first { $0.name == name }.map { Data($0.data) }
    }

    /// A seed with one to eight changes; its name says which seed.
    public mutating func image() -> (seed: String, data: Data) {
        let (name, original) = seeds[Int(next(UInt64(seeds.count)))]
        var bytes = original
        for _ in 0 ..< 1 + Int(next(8)) where !bytes.isEmpty {
            let at = Int(next(UInt64(bytes.count)))
            switch next(7) {
            case 0: bytes[at] ^= UInt8(1 << next(8))
            case 1: for offset in at ..< min(bytes.count, at + 1 + Int(next(16))) { bytes[offset] = UInt8(truncatingIfNeeded: next(256)) }
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(contentsOf: bytes[at ..< min(bytes.count, at + Int(next(256)))], at: at)
            case 4: bytes.insert(contentsOf: (0 ..< next(32)).map { _ in UInt8(truncatingIfNeeded: next(256)) }, at: at)
            case 5: claimSize(&bytes)
            default: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][Int(next(4))]
            }
        }
        return (name, Data(bytes))
    }

    /// Writes another width and height into the header, where the format keeps them.
    private mutating func claimSize(_ bytes: inout [UInt8]) {
        let width = UInt32(next(70_000)), height = UInt32(next(70_000))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            for (index, byte) in withUnsafeBytes(of: width.bigEndian, Array.init).enumerated() { bytes[16 + index] = byte }
            for (index, byte) in withUnsafeBytes(of: height.bigEndian, Array.init).enumerated() { bytes[20 + index] = byte }
        } else if bytes.starts(with: Array("GIF".utf8)), bytes.count >= 10 {
            bytes[6] = UInt8(width & 0xFF); bytes[7] = UInt8(width >> 8 & 0xFF)
            bytes[8] = UInt8(height & 0xFF); bytes[9] = UInt8(height >> 8 & 0xFF)
        } else if let frame = (2 ..< max(2, bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
            bytes[frame + 5] = UInt8(height >> 8 & 0xFF); bytes[frame + 6] = UInt8(height & 0xFF)
            bytes[frame + 7] = UInt8(width >> 8 & 0xFF); bytes[frame + 8] = UInt8(width & 0xFF)
        }
    }

    private mutating func next(_ bound: UInt64) -> UInt64 { random.next() % bound }
}

/// One image through what the host does with it: the entry checks, then,
/// whatever they said, a card drawn as SVG and rasterised by `rasterizer`.
public enum ImageFuzzRound {
    public struct Outcome: Sendable {
        public var refused = false
        /// The PNG's bytes, or nil.
        public var png: Int?
        /// Why there is no PNG.
        public var failure: String?
    }

    package static func run(_ image: Data, rasterizer: any PNGRendering) -> Outcome {
        var outcome = Outcome()
        let view = ViewNode(.zstack(alignment: .center), children: [
            ViewNode(.image(.data(image)), modifiers: [.frame(Frame(width: 120, height: 90))]),
            ViewNode(.text("an image")),
        ])
        let entry = ArchivedEntry(date: Date(timeIntervalSinceReferenceDate: 8e8), view: view)
        do {
            _ = try EntryValidator().validate(entry)
        } catch {
            outcome.refused = true
        }
        let renderable = RenderableView(view: view, family: .systemMedium, date: entry.date, redacted: false)
        do {
            outcome.png = try renderable.png(scale: 1, rasterizer: rasterizer).count
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }
}
