import Layers
import XCTest
@testable import Typography

/// Pixels of rasterised text. DejaVu Sans: capitals are 1493 units tall (OS/2
/// sCapHeight) of 2048, the ascender is 1901.
final class RasterTests: XCTestCase {
    private func mask(_ s: String, size: Double, scale: Double, width: Double = 100, height: Double = 40,
                      alignment: TextAlignment = .left) throws -> (TextMask, TextLayout) {
        let style = TextStyle(fontSize: size, alignment: alignment)
        let layout = try TextLayout(s, style: style, width: width, height: height, scale: scale)
        return (TextRasterizer.mask(layout), layout)
    }

    private func rowMax(_ m: TextMask, _ y: Int) -> UInt8 { (0..<m.width).map { m.coverage[y * m.width + $0] }.max()! }

    /// Crisp: the H's flat top and bottom edges land on pixel edges (light hinting), so
    /// the first and last inked rows are fully covered, at 1x and at 2x; the H sits on the
    /// baseline and is as tall as the cap height rounded.
    func testCapitalHIsCrispAndSitsOnTheBaselineAt1xAnd2x() throws {
        for scale in [1.0, 2.0] {
            let (m, layout) = try mask("H", size: 20, scale: scale)
            XCTAssertEqual(m.width, Int(100 * scale))
            let ink = try XCTUnwrap(m.inkBounds)
            let capHeight = 1493.0 / 2048 * 20 * scale        // 14.58 at 1x, 29.16 at 2x
            XCTAssertEqual(Double(ink.height), capHeight, accuracy: 1, "scale \(scale)")
            XCTAssertEqual(Double(ink.y + ink.height), layout.lines[0].baseline, "scale \(scale): ink ends on the baseline")
            XCTAssertEqual(layout.lines[0].baseline, (1901.0 / 2048 * 20 * scale).rounded())
            XCTAssertGreaterThanOrEqual(rowMax(m, ink.y), 250, "scale \(scale): top edge not on a pixel edge")
            XCTAssertGreaterThanOrEqual(rowMax(m, ink.y + ink.height - 1), 250, "scale \(scale): bottom edge blurred")
        }
    }

    func testTwiceTheScaleGivesTwiceTheInk() throws {
        let a = try XCTUnwrap(mask("Hamburg", size: 16, scale: 1, width: 200).0.inkBounds)
        let b = try XCTUnwrap(mask("Hamburg", size: 16, scale: 2, width: 200).0.inkBounds)
        XCTAssertEqual(Double(b.width), 2 * Double(a.width), accuracy: 3)
        XCTAssertEqual(Double(b.height), 2 * Double(a.height), accuracy: 2)
    }

    func testArabicInksTheRightOfItsBoxAndCJKTwoEmsOfInk() throws {
        let arabic = try XCTUnwrap(mask("مرحبا", size: 20, scale: 1, width: 200, alignment: .natural).0.inkBounds)
        XCTAssertGreaterThan(arabic.x, 100, "natural alignment of an RTL paragraph is right")
        XCTAssertGreaterThanOrEqual(arabic.x + arabic.width, 195)
        // Two ideographs at 20 pixels per em: 40 pixels of advance, ink a little less.
        let cjk = try XCTUnwrap(mask("你好", size: 20, scale: 1).0.inkBounds)
        XCTAssertEqual(Double(cjk.width), 38, accuracy: 4)
        XCTAssertGreaterThan(cjk.height, 14)
    }

    func testRightToLeftWordsInALeftToRightLineKeepTheirVisualOrder() throws {
        // "A אב B": in visual order A, then bet (left), then alef, then B. Each glyph's ink
        // is found in its own column band, so the layout's x positions order the pixels.
        let (m, layout) = try mask("A \u{5D0}\u{5D1} B", size: 20, scale: 1, width: 200)
        XCTAssertEqual(layout.lines[0].glyphs.map(\.cluster), [0, 1, 3, 2, 4, 5])
        let xs = layout.lines[0].glyphs.map(\.x)
        XCTAssertEqual(xs, xs.sorted())
        XCTAssertNotNil(m.inkBounds)
    }

    func testImageIsPremultipliedForegroundColour() throws {
        let (m, _) = try mask("H", size: 20, scale: 1)
        let image = m.image(color: Color(1, 0.5, 0, 0.5))
        let i = m.coverage.firstIndex(of: 255)!
        XCTAssertEqual(image.pixels[i * 4], 128)
        XCTAssertEqual(image.pixels[i * 4 + 1], 64)
        XCTAssertEqual(image.pixels[i * 4 + 2], 0)
        XCTAssertEqual(image.pixels[i * 4 + 3], 128)
    }

    func testBoxOfZeroPointsGivesAnEmptyImage() throws {
        let image = try TextImage.render("H", style: TextStyle(), width: 0, height: 10)
        XCTAssertEqual(image.width, 0)
        XCTAssertEqual(TextImage.pixelSize(width: 10.2, height: 5, scale: 2).width, 21)
        XCTAssertEqual(TextImage.pixelSize(width: 1e300, height: 5, scale: 1e300).width, TextRasterizer.maximumSide)
    }
}
