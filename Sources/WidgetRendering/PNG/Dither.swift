/// Colour to black and white for e-ink panels: each pixel's lightness on a
/// white page, rounded to black or white, with the rounding error carried to
/// the pixels not yet done (Floyd–Steinberg), so that a grey area comes out
/// as a pattern of its shade rather than all black or all white.
enum Dither {
    /// Reads cairo's ARGB32 (premultiplied, native-endian words) and gives
    /// rows of PNG's 1-bit greyscale: the first pixel in a byte's highest
    /// bit, set where the pixel is white, each row whole bytes.
    static func floydSteinberg(argb: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) -> [[UInt8]] {
        let bitStride = (width + 7) / 8
        var rows: [[UInt8]] = []
        rows.reserveCapacity(height)
        var current = [Float](repeating: 0, count: width + 2)
        var next = [Float](repeating: 0, count: width + 2)
        for y in 0..<height {
            let row = UnsafeRawPointer(argb + y * stride).assumingMemoryBound(to: UInt32.self)
            var out = [UInt8](repeating: 0, count: bitStride)
            for x in 0..<width {
                let pixel = row[x]
                let alpha = Float(pixel >> 24 & 0xff)
                // Premultiplied: over white adds what the alpha leaves uncovered.
                let red = Float(pixel >> 16 & 0xff) + 255 - alpha
                let green = Float(pixel >> 8 & 0xff) + 255 - alpha
                let blue = Float(pixel & 0xff) + 255 - alpha
                let lightness = 0.2126 * red + 0.7152 * green + 0.0722 * blue + current[x + 1]
                let white = lightness >= 128
                if white { out[x >> 3] |= UInt8(0x80) >> UInt8(x & 7) }
                let error = lightness - (white ? 255 : 0)
                current[x + 2] += error * 7 / 16
                next[x] += error * 3 / 16
                next[x + 1] += error * 5 / 16
                next[x + 2] += error * 1 / 16
            }
            rows.append(out)
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return rows
    }
}
