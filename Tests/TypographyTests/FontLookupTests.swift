import XCTest
@testable import Typography

final class FontLookupTests: XCTestCase {
    func testDefaultFontIsDejaVuSansFromFontsDejavuCore() throws {
        let face = try FontLibrary.shared.face(named: TextStyle.defaultFont)
        XCTAssertEqual(face.familyName, "DejaVu Sans")
        XCTAssertEqual(face.styleName, "Book")
        XCTAssertTrue(face.path.hasSuffix("DejaVuSans.ttf"), face.path)
    }
}
