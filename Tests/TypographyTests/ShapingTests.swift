import XCTest
@testable import Typography

/// Shaping checked against the fonts' own tables. Expected values were read from
/// DejaVuSans.ttf (fonts-dejavu-core 2.37) with a 40-line Python `struct` parser of its
/// cmap (format 4), hmtx and kern tables, independent of HarfBuzz: units per em 2048;
/// advances H 1540, A 1401, V 1401, space 651, f 721, U+FB01 "fi" 1290 (glyph 5042);
/// kern pair A-V -131; Arabic seen 1377 (initial U+FEB3: 5293, advance 1716), lam-alef
/// final U+FEFC 5366 (advance 1222), meem 1390 (advance 1268). Shaping at 2048 pixels per em makes one font unit one pixel.
final class ShapingTests: XCTestCase {
    private func shaper(_ font: String = "DejaVu Sans", pixelSize: Double = 2048) throws -> TextShaper {
        TextShaper(face: try FontLibrary.shared.face(named: font), pixelSize: pixelSize)
    }

    private func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func testLatinAdvancesMatchTheHmtxTable() throws {
        let line = try shaper().shape(scalars("H H"))
        XCTAssertEqual(line.glyphs.map(\.advance), [1540, 651, 1540])
        XCTAssertEqual(line.width, 1540 + 651 + 1540)
        XCTAssertEqual(line.glyphs.map(\.x), [0, 1540, 1540 + 651])
    }

    func testKerningPairAVTightensByTheKernTableValue() throws {
        let line = try shaper().shape(scalars("AV"))
        XCTAssertEqual(line.glyphs.count, 2)
        XCTAssertEqual(line.width, 1401 + 1401 - 131)
    }

    func testFiBecomesOneLigatureGlyph() throws {
        let line = try shaper().shape(scalars("fi"))
        XCTAssertEqual(line.glyphs.map(\.glyph), [5042])
        XCTAssertEqual(line.width, 1290)
    }

    func testArabicJoinsFormsTheLamAlefLigatureAndRunsRightToLeft() throws {
        // "سلام" = seen lam alef meem: seen takes its initial form (U+FEB3, glyph 5293), lam + alef
        // become the final lam-alef ligature (U+FEFC, glyph 5366, advance 1222), meem stays
        // isolated (alef does not join to the left; glyph 1390 = U+FEE1's outline 5339 or the
        // base glyph). Shown right to left: meem leftmost, seen rightmost.
        let line = try shaper().shape(scalars("سلام"))
        XCTAssertEqual(line.direction, .rightToLeft)
        XCTAssertEqual(line.glyphs.map(\.cluster), [3, 1, 0], "visual order is the reverse of logical order")
        XCTAssertEqual(line.glyphs[0].glyph == 1390 || line.glyphs[0].glyph == 5339, true, "meem isolated")
        XCTAssertEqual(line.glyphs[1].glyph, 5366, "lam-alef ligature, final form")
        XCTAssertEqual(line.glyphs[1].advance, 1222)
        XCTAssertEqual(line.glyphs[2].glyph, 5293, "seen takes its initial form")
        XCTAssertEqual(line.glyphs[2].advance, 1716)
        let isolatedSeen = try FontLibrary.shared.face(named: "DejaVu Sans").glyphIndex(0x633)
        XCTAssertEqual(isolatedSeen, 1377)
        XCTAssertEqual(line.width, 1268 + 1222 + 1716)
    }

    func testHebrewInsideLatinKeepsLatinOrderAndReversesTheHebrewRun() throws {
        // Logical "ab אבג cd": the Hebrew word is shown right to left, between the Latin words.
        let line = try shaper().shape(scalars("ab \u{5D0}\u{5D1}\u{5D2} cd"))
        XCTAssertEqual(line.direction, .leftToRight)
        XCTAssertEqual(line.glyphs.map(\.cluster), [0, 1, 2, 5, 4, 3, 6, 7, 8])
    }

    func testRightToLeftParagraphPutsTheLatinWordOnTheLeft() throws {
        // Logical "אב cd": RTL paragraph, so visually "cd" comes first (left), then the space, then "בא".
        let line = try shaper().shape(scalars("\u{5D0}\u{5D1} cd"))
        XCTAssertEqual(line.direction, .rightToLeft)
        XCTAssertEqual(line.glyphs.map(\.cluster), [3, 4, 2, 1, 0])
    }

    func testCJKFallsBackToAFontWithIdeographsAtFullWidthAdvances() throws {
        // Which CJK font fontconfig picks depends on the host (Droid Sans Fallback from the
        // set-up, or Noto CJK where installed): the test names none, only the primary font.
        let line = try shaper(pixelSize: 40).shape(scalars("你好, 世界"))
        XCTAssertEqual(line.glyphs.count, 6)
        XCTAssertFalse(line.glyphs.contains { $0.glyph == 0 }, "no missing-glyph boxes")
        let ideographs = line.glyphs.filter { [0, 1, 4, 5].contains($0.cluster) }
        XCTAssertEqual(ideographs.count, 4, "one glyph per ideograph")
        let comma = try XCTUnwrap(line.glyphs.first { $0.cluster == 2 })
        XCTAssertEqual(comma.face.familyName, "DejaVu Sans", "the comma is in the primary font")
        // DejaVu Sans has no ideographs, so they come from a fallback face; they are one em
        // wide: 40 pixels at 40 pixels per em.
        XCTAssertEqual(ideographs.map { $0.face.familyName == "DejaVu Sans" }, [false, false, false, false])
        XCTAssertEqual(ideographs.map(\.advance), [40, 40, 40, 40])
    }

    func testEmptyStringShapesToNothing() throws {
        let line = try shaper().shape([])
        XCTAssertEqual(line.glyphs.count, 0)
        XCTAssertEqual(line.width, 0)
    }

    func testFontNamesWithStyleWordsBecomeFontconfigProperties() throws {
        XCTAssertEqual(FontLibrary.pattern(forName: "DejaVu Sans Bold"), "DejaVu Sans:bold")
        XCTAssertEqual(FontLibrary.pattern(forName: "DejaVu Serif Bold Italic"), "DejaVu Serif:bold:italic")
        XCTAssertEqual(FontLibrary.pattern(forName: "Sans:bold"), "Sans:bold")
        XCTAssertEqual(FontLibrary.pattern(forName: "Bold"), "Bold")
        let bold = try FontLibrary.shared.face(named: "DejaVu Sans Bold")
        XCTAssertEqual(bold.familyName, "DejaVu Sans")
        XCTAssertEqual(bold.styleName, "Bold")
    }

    func testUnknownFontFallsBackToTheNearestInstalledFont() throws {
        let face = try FontLibrary.shared.face(named: "No Such Font 12345")
        XCTAssertFalse(face.familyName.isEmpty)
    }
}
