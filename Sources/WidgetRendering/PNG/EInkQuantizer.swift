/// Colour to the few greys of an e-ink panel, with text kept sharp.
///
/// A card is drawn whole, then with its text and symbols hidden (the
/// areas: backgrounds, shapes, images), then with its images alone. Where
/// the first two differ by more than `inkContrast` the pixel is text, set
/// to the panel's grey on its side of the area under it, never dithered:
/// grey secondary text on white comes out black and whole, where a single
/// threshold would drop it and dithering would break it into dots. Images
/// are Floyd–Steinberg dithered to the panel's greys, so a photo keeps its
/// shades (near-white and near-black snapped first, so that a light
/// background is not sprinkled). Shapes take their nearest grey: a blue
/// button is solid black with its white label on it, not a grey speckle.
enum EInkQuantizer {
    /// How far (in 0…255 lightness) text must stand from what is under it
    /// to be drawn: about 40 % coverage of iOS's secondary grey on white,
    /// so an anti-aliased stroke keeps its width without growing fat.
    static let inkContrast: Float = 48
    /// Areas lighter than this are white, darker than 255 minus it black.
    static let snapWhite: Float = 235, snapBlack: Float = 20

    /// cairo's ARGB32 (premultiplied, native-endian words) of the whole
    /// picture and of its areas, as PNG rows of `levels` greys (2: one bit
    /// a pixel, 4: two), the first pixel in a byte's highest bits, each row
    /// whole bytes. Where `images` (the images alone; nil when there are
    /// none) is not half covered there is no image.
    static func rows(picture: UnsafePointer<UInt8>, areas: UnsafePointer<UInt8>, images: UnsafePointer<UInt8>?, stride: Int,
                     width: Int, height: Int, levels: Int) -> [[UInt8]] {
        precondition(levels == 2 || levels == 4, "e-ink panels have 2 or 4 greys")
        let depth = levels == 2 ? 1 : 2
        let perByte = 8 / depth
        let top = Float(levels - 1)
        let step = 255 / top
        var rows: [[UInt8]] = []
        rows.reserveCapacity(height)
        var current = [Float](repeating: 0, count: width + 2)
        var next = [Float](repeating: 0, count: width + 2)
        for y in 0..<height {
            let whole = UnsafeRawPointer(picture + y * stride).assumingMemoryBound(to: UInt32.self)
            let under = UnsafeRawPointer(areas + y * stride).assumingMemoryBound(to: UInt32.self)
            let pictured = images.map { UnsafeRawPointer($0 + y * stride).assumingMemoryBound(to: UInt32.self) }
            var out = [UInt8](repeating: 0, count: (width + perByte - 1) / perByte)
            for x in 0..<width {
                let shown = lightness(whole[x])
                let area = lightness(under[x])
                let level: Int
                if abs(shown - area) >= inkContrast {
                    // Text: its nearest grey, at least two steps from its background's
                    // where there are four (orange on white is dark grey, not light).
                    let nearest = Int((shown / step).rounded())
                    let background = Int((area / step).rounded())
                    let apart = min(2, levels - 1)
                    let wanted = min(max(shown < area ? min(nearest, background - apart) : max(nearest, background + apart), 0), levels - 1)
                    // No room on its side (dark text on a dark badge): the other end, so it is not lost.
                    level = wanted != background ? wanted : (background < levels / 2 ? levels - 1 : 0)
                } else if pictured.map({ $0[x] >> 24 < 128 }) ?? true {
                    // A shape: its nearest grey. What an image's dithering carried here stops.
                    level = Int((area / step).rounded())
                } else {
                    let snapped = area >= snapWhite ? 255 : area <= snapBlack ? 0 : area
                    let wanted = snapped + current[x + 1]
                    level = Int(min(max((wanted / step).rounded(), 0), top))
                    let error = wanted - Float(level) * step
                    current[x + 2] += error * 7 / 16
                    next[x] += error * 3 / 16
                    next[x + 1] += error * 5 / 16
                    next[x + 2] += error * 1 / 16
                }
                let shift = (perByte - 1 - x % perByte) * depth
                out[x / perByte] |= UInt8(level) << UInt8(shift)
            }
            rows.append(out)
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return rows
    }

    /// A premultiplied pixel's lightness over white (Rec. 709 weights).
    private static func lightness(_ pixel: UInt32) -> Float {
        let alpha = Float(pixel >> 24 & 0xff)
        // Premultiplied: over white adds what the alpha leaves uncovered.
        let red = Float(pixel >> 16 & 0xff) + 255 - alpha
        let green = Float(pixel >> 8 & 0xff) + 255 - alpha
        let blue = Float(pixel & 0xff) + 255 - alpha
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }
}
