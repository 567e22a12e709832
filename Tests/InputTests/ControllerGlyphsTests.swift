import Input
import XCTest

/// Button labels by family against the makers' layouts: the bottom face button (SDL's A)
/// is A on Xbox, Cross on PlayStation and B on Nintendo.
final class ControllerGlyphsTests: XCTestCase {
    func testBottomRightLeftTopFaceButtonsPerFamily() {
        let faces = ["A", "B", "X", "Y"]
        XCTAssertEqual(faces.map { ControllerGlyphs.label($0, family: .xbox) }, ["A", "B", "X", "Y"])
        XCTAssertEqual(faces.map { ControllerGlyphs.label($0, family: .playStation) }, ["Cross", "Circle", "Square", "Triangle"])
        XCTAssertEqual(faces.map { ControllerGlyphs.label($0, family: .nintendo) }, ["B", "A", "Y", "X"])
    }

    func testMenuButtonsAndShoulders() {
        let names = ["Back", "Start", "Guide", "LeftShoulder", "RightShoulder", "LeftStick"]
        XCTAssertEqual(names.map { ControllerGlyphs.label($0, family: .xbox) }, ["View", "Menu", "Xbox", "LB", "RB", "LS"])
        XCTAssertEqual(names.map { ControllerGlyphs.label($0, family: .playStation) }, ["Share", "Options", "PS", "L1", "R1", "L3"])
        XCTAssertEqual(names.map { ControllerGlyphs.label($0, family: .nintendo) }, ["Minus", "Plus", "Home", "L", "R", "LS"])
    }

    func testUnknownButtonComesBackAsGiven() {
        XCTAssertEqual(ControllerGlyphs.label("Button17", family: .playStation), "Button17")
        XCTAssertEqual(ControllerGlyphs.label("", family: .nintendo), "")
    }

    func testFamilyFromControllerNames() {
        XCTAssertEqual(ControllerGlyphs.family(name: "PS5 Controller"), .playStation)
        XCTAssertEqual(ControllerGlyphs.family(name: "Sony Interactive Entertainment Wireless Controller"), .playStation)
        XCTAssertEqual(ControllerGlyphs.family(name: "Nintendo Switch Pro Controller"), .nintendo)
        XCTAssertEqual(ControllerGlyphs.family(name: "Xbox Series X Controller"), .xbox)
        XCTAssertEqual(ControllerGlyphs.family(name: "8BitDo SN30 Pro"), .xbox)
    }
}
