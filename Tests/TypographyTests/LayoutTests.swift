import XCTest
@testable import Typography

/// Line breaking, truncation, alignment and line spacing with DejaVu Sans at 2048 pixels
/// per em, where one font unit is one pixel. Advances from the font's hmtx table (see
/// ShapingTests): H 1540, space 651, "…" 2048, CJK ideographs (Droid Sans Fallback) one
/// em = 2048. Vertical metrics from hhea: ascender 1901, descender -483, line gap 0, so
/// the line pitch is 2384.
final class LayoutTests: XCTestCase {
    private func layout(_ s: String, width: Double, height: Double = 100_000, _ configure: (inout TextStyle) -> Void = { _ in })
        throws -> TextLayout {
        var style = TextStyle(fontSize: 2048, alignment: .left)
        configure(&style)
        return try TextLayout(s, style: style, width: width, height: height)
    }

    func testUnwrappedTextIsOneLinePerParagraph() throws {
        let l = try layout("H H H\nH", width: 10)
        XCTAssertEqual(l.lines.map(\.text), ["H H H", "H"])
        XCTAssertEqual(l.lines[0].width, 1540 * 3 + 651 * 2)
    }

    func testWrapBreaksAtTheLastSpaceThatFits() throws {
        // "H H" = 3731 fits in 4000, "H H H" = 5922 does not.
        let l = try layout("H H H H", width: 4000) { $0.isWrapped = true }
        XCTAssertEqual(l.lines.map(\.text), ["H H", "H H"])
    }

    func testWordWiderThanTheLineBreaksBetweenCharacters() throws {
        let l = try layout("HHHHH", width: 4000) { $0.isWrapped = true }
        XCTAssertEqual(l.lines.map(\.text), ["HH", "HH", "H"])
    }

    func testCJKWrapsBetweenIdeographsButNotBeforeAFullWidthComma() throws {
        // Two ems fit in 4500. No break between 好 and ， (kinsoku), so 你 stands alone.
        let l = try layout("你好，世界", width: 4500) { $0.isWrapped = true }
        XCTAssertEqual(l.lines.map(\.text), ["你", "好，", "世界"])
    }

    func testBaselinesStartAtTheAscenderAndStepByTheLinePitchPlusLineSpacing() throws {
        let l = try layout("H\nH\nH", width: 4000) { $0.lineSpacing = 100 }
        XCTAssertEqual(l.lines.map(\.baseline), [1901, 1901 + 2484, 1901 + 2 * 2484])
    }

    func testTruncationEndKeepsAsManyCharactersAsFitBeforeTheEllipsis() throws {
        // "HHH…" = 4620 + 2048 = 6668 <= 6700; "HHHH…" = 8208 does not fit.
        let l = try layout("HHHHHH", width: 6700) { $0.truncation = .end }
        XCTAssertEqual(l.lines.map(\.text), ["HHH…"])
        XCTAssertEqual(l.lines[0].width, 6668)
    }

    func testTruncationStartAndMiddle() throws {
        XCTAssertEqual(try layout("HHHHHH", width: 6700) { $0.truncation = .start }.lines.map(\.text), ["…HHH"])
        XCTAssertEqual(try layout("HHHHHH", width: 6700) { $0.truncation = .middle }.lines.map(\.text), ["HH…H"])
    }

    func testTruncationLeavesTextThatFitsAlone() throws {
        XCTAssertEqual(try layout("HHH", width: 4620) { $0.truncation = .end }.lines.map(\.text), ["HHH"])
    }

    func testWrappedTextTruncatesTheLastLineThatFitsInTheHeight() throws {
        // Three lines of "H H" wrapped; height for two (2 * 2384 = 4768 <= 5000 < 3 * 2384).
        // The second line takes the rest of the paragraph, "H H H H", and ends in "…":
        // "H…" (3588) fits in 4000, "H H…" (5779) does not.
        let l = try layout("H H H H H H", width: 4000, height: 5000) { $0.isWrapped = true; $0.truncation = .end }
        XCTAssertEqual(l.lines.map(\.text), ["H H", "H…"])
        let fits = try layout("H H H H", width: 4000, height: 5000) { $0.isWrapped = true; $0.truncation = .end }
        XCTAssertEqual(fits.lines.map(\.text), ["H H", "H H"], "text that fits is not truncated")
    }

    func testAlignmentMovesTheLineByTheFreeSpace() throws {
        // "H" is 1540 wide in 4000: 2460 free.
        XCTAssertEqual(try layout("H", width: 4000) { $0.alignment = .left }.lines[0].glyphs[0].x, 0)
        XCTAssertEqual(try layout("H", width: 4000) { $0.alignment = .right }.lines[0].glyphs[0].x, 2460)
        XCTAssertEqual(try layout("H", width: 4000) { $0.alignment = .center }.lines[0].glyphs[0].x, 1230)
        XCTAssertEqual(try layout("H", width: 4000) { $0.alignment = .natural }.lines[0].glyphs[0].x, 0)
    }

    func testNaturalAlignmentIsRightForAnArabicParagraph() throws {
        let l = try layout("سلام", width: 10000) { $0.alignment = .natural }
        // Width 1268 + 1222 + 1716 = 4206: the line starts at 10000 - 4206.
        XCTAssertEqual(l.lines[0].glyphs[0].x, 10000 - 4206)
    }

    func testJustifiedStretchesSpacesExceptOnTheLastLine() throws {
        // Line 1 "H H" (3731) gets 269 more in its one space: the second H moves to 2460.
        let l = try layout("H H H H", width: 4000) { $0.isWrapped = true; $0.alignment = .justified }
        XCTAssertEqual(l.lines[0].glyphs.map(\.x), [0, 1540, 2460])
        XCTAssertEqual(l.lines[1].glyphs.map(\.x), [0, 1540, 2191], "the last line is not stretched")
    }

    func testEmptyAndHostileInputsLayOutQuickly() throws {
        XCTAssertEqual(try layout("", width: 100).lines.count, 1)
        XCTAssertEqual(try TextLayout("H", style: TextStyle(fontSize: 1e300), width: 1e300, height: 1e-300).pixelSize, 4096)
        XCTAssertEqual(try TextLayout("H", style: TextStyle(fontSize: .nan), width: 100, height: 100).lines.count, 0)
        XCTAssertEqual(try TextLayout("H", style: TextStyle(fontSize: -5), width: 100, height: 100).lines.count, 0)
        let long = String(repeating: "word ", count: 10_000)
        let start = Date()
        let l = try TextLayout(long, style: TextStyle(fontSize: 12, isWrapped: true), width: 300, height: 200)
        XCTAssertGreaterThan(l.lines.count, 100)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}
