import Foundation
import Testing
@testable import WidgetRendering
import WidgetTestSupport

/// Issue 40: at scale 1 the 1-bit PNG dithered grey text into dots that
/// could not be read. Text is now set in the panel's ink against what is
/// under it, and only areas are dithered.
@Suite("E-ink pictures")
struct EInkTests {
    static func svg(_ body: String, width: Int = 240, height: Int = 60) -> String {
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" font-family="DejaVu Sans"><rect width="\##(width)" height="\##(height)" fill="#ffffff"/>\##(body)</svg>"##
    }

    static func picture(_ svg: String, palette: PNGRasterizer.Palette) throws -> PNGImage {
        try PNGImage(try PNGRasterizer.picture(svg: svg, palette: palette, format: .png))
    }

    /// Pixels of `level` in the rectangle.
    static func count(_ image: PNGImage, _ level: UInt8, x: Range<Int>? = nil, y: Range<Int>? = nil) -> Int {
        var count = 0
        for row in y ?? 0..<image.height {
            for column in x ?? 0..<image.width where image.samples[row][column] == level { count += 1 }
        }
        return count
    }

    @Test func greySecondaryTextIsSolidBlackNotDots() throws {
        // iOS's secondary label grey: lighter than a plain threshold's middle.
        let image = try Self.picture(Self.svg(##"<text x="10" y="40" font-size="24" fill="#8e8e93">days ago</text>"##), palette: .bw)
        #expect(image.bitDepth == 1 && image.colorType == 0)
        let black = Self.count(image, 0)
        #expect(black > 300, "the text is drawn: \(black) black pixels")
        // Strokes, not dots: nearly every black pixel touches another.
        var isolated = 0
        for y in 1..<image.height - 1 {
            for x in 1..<image.width - 1 where image.samples[y][x] == 0 {
                let neighbours = [image.samples[y - 1][x], image.samples[y + 1][x], image.samples[y][x - 1], image.samples[y][x + 1]]
                if !neighbours.contains(0) { isolated += 1 }
            }
        }
        #expect(isolated * 50 < black, "\(isolated) of \(black) black pixels stand alone")
        #expect(Self.count(image, 0, y: 0..<12) == 0, "nothing is sprinkled above the text")
    }

    @Test func darkTextOnADarkBadgeTakesTheOtherInk() throws {
        // The badge is black in 1 bit; text darker still has no darker ink: it is set white, not lost.
        let image = try Self.picture(Self.svg(##"<rect width="240" height="60" fill="#555555"/><text x="10" y="40" font-size="24" fill="#111111">S8</text>"##), palette: .bw)
        #expect(Self.count(image, 1) > 100, "the text shows white on the black badge")
        #expect(Self.count(image, 1, y: 0..<10) == 0)
    }

    /// White text on a sky-blue area that comes out white cannot be drawn
    /// lighter: it turns black, where it would have vanished.
    @Test func lightTextOnAnAreaThatTurnsWhiteTurnsDark() throws {
        let image = try Self.picture(Self.svg(##"<rect width="240" height="60" fill="#73b0ed"/><text x="10" y="40" font-size="24" fill="#ffffff">Berlin</text>"##),
                                     palette: .bw)
        #expect(Self.count(image, 1) > 240 * 60 * 3 / 4, "the pale blue area is white")
        #expect(Self.count(image, 0) > 200, "and the text on it black: \(Self.count(image, 0)) black pixels")
        // Where the area comes out black, the same text stays white.
        let dark = try Self.picture(Self.svg(##"<rect width="240" height="60" fill="#1c3f6e"/><text x="10" y="40" font-size="24" fill="#ffffff">Berlin</text>"##),
                                    palette: .bw)
        #expect(Self.count(dark, 1) > 200 && Self.count(dark, 1) < 240 * 60 / 4, "white text on black")
    }

    @Test func imagesAreDitheredShapesAreSolidAndNearWhiteIsWhite() throws {
        // A grey photo, as a kind's PNG would come: drawn in colour first.
        let photo = try PNGRasterizer.png(svg: Self.svg(##"<rect width="80" height="60" fill="#808080"/>"##, width: 80, height: 60))
        let image = try Self.picture(Self.svg(##"<image x="0" y="0" width="80" height="60" href="data:image/png;base64,\##(photo.base64EncodedString())"/>"##
            + ##"<rect x="80" y="0" width="80" height="60" fill="#3478f6"/><rect x="160" y="0" width="80" height="60" fill="#f2f2f7"/>"##), palette: .bw)
        let grey = Self.count(image, 0, x: 0..<80)
        #expect(grey > 80 * 60 * 4 / 10 && grey < 80 * 60 * 6 / 10, "the image's mid grey is about half black: \(grey)")
        #expect(Self.count(image, 0, x: 81..<159) == 78 * 60, "a blue button is solid black")
        #expect(Self.count(image, 0, x: 161..<240) == 0, "a card's light background stays white")
    }

    @Test func fourGreysKeepShadesAndSetTextApart() throws {
        let image = try Self.picture(Self.svg(##"<rect width="240" height="60" fill="#aaaaaa"/><text x="10" y="40" font-size="24" fill="#777777">42 stars</text>"##), palette: .gray4)
        #expect(image.bitDepth == 2 && image.colorType == 0)
        #expect(Self.count(image, 2, y: 0..<10) == 240 * 10, "a grey of level 2 is that level, undithered")
        #expect(Self.count(image, 0) > 200, "the text is two steps darker than the grey under it")
        #expect(Self.count(image, 1) == 0)
        #expect(Self.count(image, 3) == 0)
    }

    @Test func theBitmapIsWhatOldFirmwareChecks() throws {
        let svg = Self.svg(##"<text x="20" y="200" font-size="64" fill="#000">TRMNL</text>"##, width: 800, height: 480)
        let bmp = [UInt8](try PNGRasterizer.picture(svg: svg, palette: .bw, format: .bmp))
        func word(_ at: Int) -> Int { Int(bmp[at]) | Int(bmp[at + 1]) << 8 | Int(bmp[at + 2]) << 16 | Int(bmp[at + 3]) << 24 }
        #expect(bmp.count == 48_062)
        #expect(bmp[0] == 0x42 && bmp[1] == 0x4D && word(2) == 48_062 && word(10) == 62)
        #expect(word(18) == 800 && word(22) == 480, "positive height: bottom-up")
        #expect(bmp[28] == 1 && word(34) == 48_000)
        #expect(Array(bmp[54..<62]) == [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0])
        // The last row in the file is the picture's top: white. Row 280 from the bottom crosses the text.
        #expect(bmp[(62 + 479 * 100)..<(62 + 480 * 100)].allSatisfy { $0 == 0xFF })
        #expect(bmp[(62 + 290 * 100)..<(62 + 291 * 100)].contains { $0 != 0xFF }, "the text's row has black in it")
        #expect(throws: PNGRasterizer.Failure.self) { try PNGRasterizer.picture(svg: svg, palette: .gray4, format: .bmp) }
    }
}
