import Components
import LayerMath
import Layers
import Scene
import XCTest

/// The focus engine's rules (FocusEngine's doc) on small scenes whose geometry is worked
/// out by hand in each test.
final class FocusEngineTests: XCTestCase {
    func press(_ s: Scene, _ k: String, at t: Double) {
        s.handle(.key(k, down: true), at: t)
        s.handle(.key(k, down: false), at: t + 0.01)
    }

    func focusLog(_ s: Scene) -> () -> [String] {
        var log: [String] = []
        s.onFocusChange { c, i, _ in log.append("\(c)/\(i)") }
        return { log }
    }

    /// One-row grid of `count` cards 100x60, spacing 20, in a frame exactly that wide:
    /// card i at x = frame.x + 120 i.
    func row(_ name: String, x: Double, y: Double, count: Int, extra: String = "") -> String {
        let w = Double(count) * 100 + Double(count - 1) * 20
        return #"{"kind": "focusGrid", "name": "\#(name)", "frame": [\#(x), \#(y), \#(w), 60], "columns": \#(count), "count": \#(count), "buttonSize": [100, 60], "spacing": 20\#(extra)}"#
    }

    func testScoreIsGapPlusTwicePerpendicularGapAndNilBehind() {
        let a = Rect(x: 0, y: 0, width: 100, height: 60)
        // Right: b starts 50 to the right, 30 below a's bottom edge -> 50 + 2 * 30.
        let b = Rect(x: 150, y: 90, width: 100, height: 60)
        XCTAssertEqual(FocusEngine.score(from: a, to: b, .right)?.score, 110)
        XCTAssertEqual(FocusEngine.score(from: a, to: b, .right)?.tie, 90)     // centres 30 and 120
        // Down: b's centre (200, 120) is below a's bottom (60); gap 30, across gap 50.
        XCTAssertEqual(FocusEngine.score(from: a, to: b, .down)?.score, 130)
        // Nothing behind: b is neither left of nor above a.
        XCTAssertNil(FocusEngine.score(from: a, to: b, .left))
        XCTAssertNil(FocusEngine.score(from: a, to: b, .up))
        // Overlapping item whose centre is not past the edge: not a candidate.
        XCTAssertNil(FocusEngine.score(from: a, to: Rect(x: 40, y: 0, width: 100, height: 60), .right))
    }

    func testRightMovesOnlyTheFocusedComponentAndDownCrossesToTheCarousel() throws {
        // The issue's report: three cards above a carousel; Right moved both.
        let s = try scene(row("cards", x: 100, y: 40, count: 3) + "," +
                          #"{"kind": "carousel", "name": "c", "frame": [0, 300, 1280, 300], "type": "linear", "count": 9, "startIndex": 4, "itemSize": [200, 200]}"#)
        let cards = s.component(named: "cards") as! FocusGrid
        let carousel = s.component(named: "c") as! Carousel
        let log = focusLog(s)
        s.update(to: 0)
        press(s, "Right", at: 0.1)
        XCTAssertEqual(cards.focusedIndex, 1)
        XCTAssertEqual(carousel.physics.targetIndex, 4, "the carousel did not move")
        press(s, "Down", at: 0.5)
        XCTAssertTrue(carousel.containsFocus)
        XCTAssertFalse(cards.containsFocus)
        press(s, "Right", at: 1.0)
        XCTAssertEqual(carousel.physics.targetIndex, 5)
        XCTAssertEqual(cards.focusedIndex, 1, "the grid did not move")
        press(s, "Up", at: 1.5)
        XCTAssertEqual(log(), ["cards/0", "cards/1", "c/4", "c/5", "cards/1"])
    }

    func testWheelScrollsOnlyTheFocusedCarousel() throws {
        let s = try scene(row("cards", x: 100, y: 40, count: 3) + "," +
                          #"{"kind": "carousel", "name": "c", "frame": [0, 300, 1280, 300], "type": "linear", "count": 9, "startIndex": 4, "itemSize": [200, 200]}"#)
        let carousel = s.component(named: "c") as! Carousel
        s.update(to: 0)
        s.handle(.wheel(dx: 0, dy: -1), at: 0.1)        // one notch: one item, if it had focus
        s.update(to: 1)
        XCTAssertEqual(carousel.centredIndex, 4, "the grid has focus: the carousel ignores the wheel")
        press(s, "Down", at: 1)
        s.handle(.wheel(dx: 0, dy: -1), at: 1.1)
        s.update(to: 2)
        XCTAssertEqual(carousel.centredIndex, 5)
    }

    func testReturningFocusGetsTheRememberedItemUnlessTurnedOff() throws {
        // Top row of 3 at x 0, 120, 240; bottom row of 1 at x 240 (under card 2).
        for (remembers, expected) in [(true, 0), (false, 2)] {
            let s = try scene(row("top", x: 0, y: 0, count: 3, extra: #", "remembersLastFocusedItem": \#(remembers)"#) + ","
                              + row("bottom", x: 240, y: 200, count: 1))
            let top = s.component(named: "top") as! FocusGrid
            s.update(to: 0)
            press(s, "Down", at: 0.1)     // card 0 (x 0...100): bottom's card (240...340) is the only one below
            XCTAssertEqual(s.focus.focused?.component, "bottom")
            press(s, "Up", at: 0.5)       // from x 240...340: card 2 is straight above
            XCTAssertEqual(top.focusedIndex, expected, "remembersLastFocusedItem \(remembers)")
        }
    }

    func testFocusGuideRedirectsWhereTheGeometryFindsAnotherItem() throws {
        // From "a" (0...100, 0...60), Down finds "b" (0...100, 300...360, gap 240) unless a
        // guide right below a (0...100, 100...120, gap 40) sends focus to "c" far right.
        let base = row("a", x: 0, y: 0, count: 1) + "," + row("b", x: 0, y: 300, count: 1) + "," + row("c", x: 1000, y: 300, count: 1)
        var s = try scene(base)
        s.update(to: 0)
        press(s, "Down", at: 0.1)
        XCTAssertEqual(s.focus.focused?.component, "b")
        s = try scene(base + #", {"kind": "focusGuide", "name": "guide", "frame": [0, 100, 100, 20], "preferredFocus": "c"}"#)
        s.update(to: 0)
        press(s, "Down", at: 0.1)
        XCTAssertEqual(s.focus.focused?.component, "c")
    }

    func testFocusGuideItemPicksTheItemEvenWhenTheTargetRemembers() throws {
        // "c" (2 cards at x 1000, 1120) was visited on item 0; the guide names item 1.
        let s = try scene(row("a", x: 0, y: 0, count: 1) + "," + row("c", x: 1000, y: 300, count: 2) +
                          #", {"kind": "focusGuide", "name": "guide", "frame": [0, 100, 100, 20], "preferredFocus": "c", "item": 1}"#)
        let log = focusLog(s)
        s.update(to: 0)
        press(s, "Down", at: 0.1)
        XCTAssertEqual(log(), ["a/0", "c/1"])
        press(s, "Left", at: 0.5)       // c/0
        // Up from c/0 (1000...1100, 300...360): the guide scores 180 + 2 * 900 = 1980, a's
        // card 240 + 2 * 900 = 2040: the guide wins and gives item 1, not c's remembered 0.
        press(s, "Up", at: 0.9)
        XCTAssertEqual(log(), ["a/0", "c/1", "c/0", "c/1"])
    }

    func testFocusGuideErrorsNameTheGuideAndTheReason() {
        XCTAssertThrowsError(try scene(row("a", x: 0, y: 0, count: 1) + #", {"kind": "focusGuide", "name": "g", "frame": [0, 0, 10, 10], "preferredFocus": "nope"}"#)) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("components[1].preferredFocus"), text)
            XCTAssertTrue(text.contains("\"nope\" is not a focusable component (expected one of: a)"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        XCTAssertThrowsError(try scene(row("a", x: 0, y: 0, count: 2) + #", {"kind": "focusGuide", "name": "g", "frame": [0, 0, 10, 10], "preferredFocus": "a", "item": 5}"#)) { e in
            XCTAssertTrue("\(e)".contains("item 5 is not a focusable item of \"a\""), "\(e)")
        }
    }

    func testLeftStickMovesFocusAndRepeatsLikeAHeldKey() throws {
        let s = try scene(row("r", x: 0, y: 0, count: 6))
        let r = s.component(named: "r") as! FocusGrid
        s.update(to: 0)
        s.handle(.controllerAxis("leftx", value: 0.4), at: 0.1)    // under the 0.5 threshold
        XCTAssertEqual(r.focusedIndex, 0)
        s.handle(.controllerAxis("leftx", value: 0.9), at: 0.2)    // move now, then at 0.4, 0.58 (see below)
        XCTAssertEqual(r.focusedIndex, 1)
        s.update(to: 0.39); XCTAssertEqual(r.focusedIndex, 1)
        s.update(to: 0.4); XCTAssertEqual(r.focusedIndex, 2)
        s.update(to: 0.65); XCTAssertEqual(r.focusedIndex, 3)
        s.handle(.controllerAxis("leftx", value: 0), at: 0.7)
        s.update(to: 2); XCTAssertEqual(r.focusedIndex, 3)
    }

    func testStickHeldUntilAHugeTimeDoesBoundedWork() throws {
        let s = try scene(row("r", x: 0, y: 0, count: 3))
        s.update(to: 0)
        s.handle(.controllerAxis("leftx", value: 1), at: 0.1)
        s.update(to: 1e300)       // must return (at most 64 repeats are played)
        XCTAssertEqual((s.component(named: "r") as! FocusGrid).focusedIndex, 2)
    }

    func testPointerPressOnAnotherComponentMovesFocusThere() throws {
        let s = try scene(row("a", x: 0, y: 0, count: 2) + "," + row("b", x: 0, y: 300, count: 2))
        let b = s.component(named: "b") as! FocusGrid
        let log = focusLog(s)
        s.update(to: 0)
        s.handle(.move(Point(150, 330)), at: 0.1)      // hovers b's card 1 (120...220, 300...360)
        XCTAssertEqual(log(), ["a/0", "b/1"])
        XCTAssertTrue(b.containsFocus)
        XCTAssertFalse((s.component(named: "a") as! FocusGrid).containsFocus)
    }

    func testComponentsThatAreNotContainersStillGetEveryEvent() throws {
        // A parallax button beside a grid: its long press still works (pointer held 0.5 s).
        let s = try scene(row("g", x: 0, y: 0, count: 2) + "," +
                          #"{"kind": "parallaxButton", "name": "b", "frame": [600, 300, 400, 240]}"#)
        let button = s.component(named: "b") as! ParallaxButton
        s.update(to: 0)
        s.handle(.pointer(Point(800, 420), button: .left, down: true), at: 0.1)
        s.update(to: 0.7)
        XCTAssertNotEqual(button.phase, .rest)
        press(s, "Right", at: 0.8)
        XCTAssertEqual((s.component(named: "g") as! FocusGrid).focusedIndex, 1)
    }

    func testTheUnfocusedGridRestsItsCardAndIdleDimsTheOthers() throws {
        let s = try scene(row("a", x: 0, y: 0, count: 2, extra: #", "idleDimming": 0.5"#) + "," + row("b", x: 0, y: 300, count: 1))
        let a = s.component(named: "a") as! FocusGrid
        let b = s.component(named: "b") as! FocusGrid
        s.update(to: 0)
        XCTAssertEqual(b.cards[0].spotlight.opacity, 0, "b starts without focus: its card rests")
        XCTAssertEqual(a.cards[0].spotlight.opacity, 1)
        // Idle: 3 s without input, then a 1 s ease-in-out fade: card 1 at half opacity.
        s.update(to: 4.5)
        XCTAssertEqual(a.cards[1].root.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(a.cards[0].root.opacity, 1)
        press(s, "Down", at: 5)
        s.update(to: 5.5)
        XCTAssertEqual(a.cards[0].spotlight.opacity, 0, accuracy: 1e-9, "left: rests after the 0.3 s transition")
        XCTAssertEqual(b.cards[0].spotlight.opacity, 1, accuracy: 1e-9)
        XCTAssertEqual(a.cards[1].root.opacity, 1, accuracy: 1e-9, "no dimming without focus")
    }
    func testDownGoesToTheNextRowEvenWhenItsOnlyItemIsFarAcross() throws {
        // top: 4 cards at x 0, 120, 240, 360 (y 0...60); mid: one card centred in a
        // 1280-wide frame, x 590...690 (y 200...260), like a cover flow's centred item;
        // bottom: 4 cards like top's (y 400...460). From top/0 the item scores would pick
        // bottom/0 (340 + 2 * 0) over mid (140 + 2 * 490): the rows come first.
        let mid = #"{"kind": "focusGrid", "name": "mid", "frame": [0, 200, 1280, 60], "columns": 1, "count": 1, "buttonSize": [100, 60]}"#
        let s = try scene(row("top", x: 0, y: 0, count: 4) + "," + mid + "," + row("bottom", x: 0, y: 400, count: 4))
        let log = focusLog(s)
        s.update(to: 0)
        press(s, "Down", at: 0.1)
        press(s, "Down", at: 0.5)     // from x 590...690: bottom's card 3 (360...460) is nearest across
        press(s, "Up", at: 0.9)
        press(s, "Up", at: 1.3)       // top remembers card 0
        XCTAssertEqual(log(), ["top/0", "mid/0", "bottom/3", "mid/0", "top/0"])
        // Every item of top goes Down to mid, and every item of bottom Up to mid.
        for (from, key) in [("top", "Down"), ("bottom", "Up")] {
            for item in 0..<4 {
                s.focus.focus(component: from, item: item, at: 2)
                press(s, key, at: 2)
                XCTAssertEqual(s.focus.focused?.component, "mid", "\(key) from \(from)/\(item)")
            }
        }
    }
    func testHeldDpadRepeatsEveryPointTwoSecondsSpeedingUpToEveryPointZeroFive() throws {
        // Repeat k + 1 comes 0.2 - 0.15 * min(h / 1.5, 1) s after repeat k, made after a hold
        // of h: at 0.2, 0.38 (0.2 + 0.18), 0.542 (+ 0.162), 0.6878 (+ 0.1458)... every
        // 0.05 s once held 1.5 s.
        let s = try scene(#"{"kind": "focusGrid", "name": "r", "frame": [0, 0, 12000, 60], "columns": 100, "count": 100, "buttonSize": [100, 60], "spacing": 20}"#)
        let r = s.component(named: "r") as! FocusGrid
        s.update(to: 0)
        s.handle(.controllerButton("DpadRight", down: true), at: 0)
        s.handle(.controllerButton("DpadRight", down: true), at: 0.1)     // already held: nothing new
        for (t, index) in [(0.1, 1), (0.199, 1), (0.2, 2), (0.379, 2), (0.38, 3), (0.541, 3), (0.542, 4), (0.687, 4), (0.688, 5)] {
            s.update(to: t)
            XCTAssertEqual(r.focusedIndex, index, "at \(t)")
        }
        s.update(to: 3.0123)
        let before = r.focusedIndex
        s.update(to: 3.5123)
        XCTAssertEqual(r.focusedIndex - before, 10, "ten repeats in 0.5 s once at full speed")
        s.handle(.controllerButton("DpadRight", down: false), at: 3.6)
        let released = r.focusedIndex
        s.update(to: 5)
        XCTAssertEqual(r.focusedIndex, released, "no repeat after the button went up")
        // A held arrow key does not repeat by itself (the keyboard sends its repeats as downs).
        s.handle(.key("Left", down: true), at: 6)
        s.update(to: 7)
        XCTAssertEqual(r.focusedIndex, released - 1)
    }

    func testRightAtTheEndOfARowStaysRatherThanDroppingIntoTheNextRow() throws {
        // top: 2 cards at x 0...220 (y 0...60); bottom: 4 cards at x 0...460 (y 200...260),
        // its cards 2 and 3 right of top's last card but below its band.
        let s = try scene(row("top", x: 0, y: 0, count: 2) + "," + row("bottom", x: 0, y: 200, count: 4))
        let log = focusLog(s)
        s.update(to: 0)
        press(s, "Right", at: 0.1)
        press(s, "Right", at: 0.5)
        XCTAssertEqual(log(), ["top/0", "top/1"])
        XCTAssertEqual(s.focus.focused?.component, "top")
    }
}
