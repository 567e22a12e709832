@testable import Assets
@testable import Components
import Foundation
import Images
import Input
import Scene
import XCTest
import _TestSupport

/// Letter jump in a `cardRow` (PageDown / PageUp, controller shoulders). Expected cards are
/// read off the titles by hand: the first card of the next / previous initial.
final class CardRowLetterJumpTests: XCTestCase {
    // Initials: A A B C C C D  (cards 0...6).
    let titles = ["Alien", "amelie", "Brazil", "Casablanca", "chinatown", "Cube", "Dune"]

    func row(_ titles: [String], directory: String = "/tmp", items: String? = nil) throws -> (Scene, CardRow) {
        let list = items ?? "[" + titles.map { #"{"title": "\#($0)"}"# }.joined(separator: ", ") + "]"
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "r", "frame": [0, 0, 1280, 400], "itemSize": [200, 300], "items": \#(list)}]}"#
        let s = try SceneLoader.parse(text, file: "scene.json", directory: directory, images: ImageStore())
        return (s, try XCTUnwrap(s.component(named: "r") as? CardRow))
    }

    func press(_ s: Scene, _ event: (Bool) -> InputEvent, at t: Double) {
        s.handle(event(true), at: t)
        s.handle(event(false), at: t + 0.01)
    }

    func testPageDownGoesToTheFirstCardOfEachNextInitialThenStops() throws {
        let (s, r) = try row(titles)
        var seen: [Int] = []
        for k in 0..<5 {
            press(s, { .key("PageDown", down: $0) }, at: Double(k))
            seen.append(r.focusedIndex)
        }
        XCTAssertEqual(seen, [2, 3, 6, 6, 6], "amelie counts as A; no initial after D")
    }

    func testPageUpFromInsideAGroupGoesToThePreviousInitialsFirstCard() throws {
        let (s, r) = try row(titles)
        r.setFocus(4, at: 0)    // chinatown, inside the C group
        var seen: [Int] = []
        for k in 1...4 {
            press(s, { .key("PageUp", down: $0) }, at: Double(k))
            seen.append(r.focusedIndex)
        }
        XCTAssertEqual(seen, [2, 0, 0, 0])
    }

    func testControllerShouldersJumpLikePageUpAndPageDown() throws {
        let (s, r) = try row(titles)
        press(s, { .controllerButton("RightShoulder", down: $0) }, at: 1)
        XCTAssertEqual(r.focusedIndex, 2)
        press(s, { .controllerButton("RightShoulder", down: $0) }, at: 2)
        XCTAssertEqual(r.focusedIndex, 3)
        press(s, { .controllerButton("LeftShoulder", down: $0) }, at: 3)
        XCTAssertEqual(r.focusedIndex, 2)
    }

    func testOneInitialEverywhereDoesNotMove() throws {
        let (s, r) = try row(["Up", "Us", "Ugetsu"])
        r.setFocus(1, at: 0)
        press(s, { .key("PageDown", down: $0) }, at: 1)
        XCTAssertEqual(r.focusedIndex, 1)
        press(s, { .key("PageUp", down: $0) }, at: 2)
        XCTAssertEqual(r.focusedIndex, 1)
        XCTAssertNil(r.letterJumpTarget(from: 0, forward: false))
    }

    func testDigitsAndAccentedLettersAreInitialsOfTheirOwn() throws {
        // Initials: 1 1 E É É Z (É is not folded into E; digits group together).
        let (_, r) = try row(["12 Angry Men", "1917", "Eve", "Élise", "Émile", "Zelig"])
        XCTAssertEqual(r.letterJumpTarget(from: 0, forward: true), 2)
        XCTAssertEqual(r.letterJumpTarget(from: 2, forward: true), 3)
        XCTAssertEqual(r.letterJumpTarget(from: 3, forward: true), 5)
        XCTAssertEqual(r.letterJumpTarget(from: 5, forward: false), 3)
        XCTAssertEqual(r.letterJumpTarget(from: 4, forward: false), 2)
    }

    func testAFoldersFilesJumpByTheirFileNamesInitials() throws {
        let dir = try TemporaryDirectory()
        let poster = try Image.solid(width: 4, height: 6, 200, 40, 40).encodePNG()
        // Sorted by bytes: "B" (0x42) < "a" (0x61) < "É" (0xC3 0x89).
        for name in ["apple.png", "avocado.png", "Brazil.png", "Élan.png"] { try dir.write("p/" + name, bytes: poster) }
        let (_, r) = try row([], directory: dir.path, items: #""p""#)
        XCTAssertEqual((0..<r.count).map { r.catalogue.title($0) }, ["Brazil", "apple", "avocado", "Élan"])
        XCTAssertEqual(r.letterJumpTarget(from: 0, forward: true), 1)
        XCTAssertEqual(r.letterJumpTarget(from: 1, forward: true), 3, "apple and avocado share A")
        XCTAssertEqual(r.letterJumpTarget(from: 3, forward: false), 1)
        XCTAssertNil(r.letterJumpTarget(from: 3, forward: true))
    }
}
