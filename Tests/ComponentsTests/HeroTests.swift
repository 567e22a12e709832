@testable import Assets
@testable import Components
import LayerMath
import Layers
import Scene
import XCTest

/// The `hero` banner: one item at a time, Left / Right change it (wrapping), it moves on
/// by itself every `interval` seconds of idle while it has focus, cross-fading its art.
final class HeroTests: XCTestCase {
    let items = #"[{"title": "One", "subtitle": "First"}, {"title": "Two"}, {"title": "Three"}]"#

    func heroScene(first: Bool) throws -> (Scene, Hero) {
        let hero = #"{"kind": "hero", "name": "h", "frame": [40, 40, 1200, 300], "interval": 2, "items": \#(items)}"#
        let row = #"{"kind": "cardRow", "name": "r", "frame": [40, 400, 1200, 300], "itemSize": [200, 300], "items": [{"title": "A"}]}"#
        let s = try scene(first ? hero + ", " + row : row + ", " + hero)
        return (s, try XCTUnwrap(s.component(named: "h") as? Hero))
    }

    func testFocusedAndIdleItMovesOnEveryIntervalAndWraps() throws {
        let (s, h) = try heroScene(first: true)
        var log: [String] = []
        s.onEvent { if $0.kind == .index { log.append("\($0.item)@\($0.time)") } }
        s.update(to: 0)
        XCTAssertEqual(h.title.string, "One")
        XCTAssertEqual(h.subtitle.string, "First")
        s.update(to: 1.99)
        XCTAssertEqual(h.current, 0)
        s.update(to: 6.5)          // 2, 4 and 6 s, each at its own time
        XCTAssertEqual(log, ["1@2.0", "2@4.0", "0@6.0"])
        // Input restarts the wait: Return at 7 puts the next step at 9, not 8.
        s.handle(.key("Return", down: true), at: 7)
        s.handle(.key("Return", down: false), at: 7)
        s.update(to: 8.99)
        XCTAssertEqual(h.current, 0)
        s.update(to: 9)
        XCTAssertEqual(h.current, 1)
        XCTAssertEqual(h.subtitle.string, "", "an item without a subtitle shows none")
    }

    func testLeftAndRightChangeTheItemAndTheArtCrossFades() throws {
        let (s, h) = try heroScene(first: true)
        s.update(to: 0)
        s.handle(.key("Left", down: true), at: 0.5)
        s.handle(.key("Left", down: false), at: 0.51)
        XCTAssertEqual(h.current, 2, "Left from the first wraps to the last")
        s.update(to: 0.65)
        XCTAssertEqual(h.front.opacity, 0.5, accuracy: 1e-9, "half of the 0.3 s ease-in-out")
        XCTAssertEqual(h.title.string, "Three")
        s.update(to: 0.8)
        XCTAssertEqual(h.front.opacity, 1)
        XCTAssertTrue(h.back.isHidden)
        s.handle(.key("Down", down: true), at: 1)
        XCTAssertEqual(s.focus.focused?.component, "r", "Down leaves the banner")
    }

    func testWithoutFocusItStays() throws {
        let (s, h) = try heroScene(first: false)
        s.update(to: 0)
        s.update(to: 10)
        XCTAssertEqual(h.current, 0)
    }
}
