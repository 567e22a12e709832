import Assets
import Scene
import XCTest
import Components
import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#endif

final class FocusGridTests: XCTestCase {
    func grid(_ extra: String = "") throws -> (Scene, FocusGrid) {
        let s = try scene(#"{"kind": "focusGrid", "name": "g", "frame": [40, 40, 1200, 640]\#(extra.isEmpty ? "" : ", " + extra)}"#)
        return (s, s.component(named: "g") as! FocusGrid)
    }

    func key(_ s: Scene, _ k: String, at t: Double) {
        s.handle(.key(k, down: true), at: t)
        s.handle(.key(k, down: false), at: t + 0.01)
    }

    func pose(_ g: FocusGrid, _ i: Int, x: Double = 0, y: Double = 0, scale: Double, lift: Double) -> Transform3D {
        FocusGrid.geometry.cardTransform(ParallaxPose(x: x, y: y, cardScale: scale, layerLift: lift))
    }

    func assertClose(_ a: Transform3D, _ b: Transform3D, _ accuracy: Double = 1e-6,
                     file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
    }

    /// The built-in icon is painted for the grid's own cards: 12 cards in 4 columns over
    /// 1200 points with 40 between them are 270 points wide, so the 400x240 icon, not the
    /// 800x480 one meant for cards wider than 400 points (which a layout of one card, the
    /// frame's whole width, used to pick: each layer then drawn at half its texels).
    func testTheBuiltInIconFollowsTheGridsCardWidthNotTheFramesWidth() throws {
        let (_, g) = try grid()
        for layer in g.cards[0].images {
            guard case .image(let ref) = layer.contents else { return XCTFail("\(layer.name): no image") }
            XCTAssertEqual(ref.width, 400, layer.name)
            XCTAssertEqual(ref.height, 240, layer.name)
        }
        let (_, one) = try grid(#""count": 1"#)
        guard case .image(let big) = one.cards[0].images[0].contents else { return XCTFail("no image") }
        XCTAssertEqual(big.width, 800, "one card fills the 1200-point frame: the large icon")
    }

    func testLayoutAndQuadNames() throws {
        let (s, g) = try grid()
        XCTAssertEqual(g.cards.count, 12)
        XCTAssertEqual(g.cardFrames[0].width, (1200 - 3 * 40) / 4)
        XCTAssertEqual(g.cardFrames[0].height, g.cardFrames[0].width * 0.6, accuracy: 1e-9)
        XCTAssertEqual(g.cardFrames[5].minX - g.cardFrames[4].minX, g.cardFrames[0].width + 40)
        s.update(to: 0.5)
        let names = Set(s.rootLayers.flatten(canvas: s.canvas).quads.map(\.name))
        for i in 0..<12 { XCTAssertTrue(names.contains("g/button\(i)/0"), "button \(i)") }
        XCTAssertTrue(names.contains("g/button0/spotlight"))   // focused: lit
        XCTAssertFalse(names.contains("g/button1/spotlight"))  // unfocused: dark
        // The focused card draws last among the cards.
        XCTAssertEqual(s.rootLayers.flatten(canvas: s.canvas).quads.last?.name, "g/button0/spotlight")
    }

    func testKeyNavigationIsClampedAtTheEdges() throws {
        let (s, g) = try grid()
        var t = 0.0
        func go(_ k: String) { t += 0.1; key(s, k, at: t) }
        go("Left"); XCTAssertEqual(g.focusedIndex, 0)
        go("Up"); XCTAssertEqual(g.focusedIndex, 0)
        go("Right"); XCTAssertEqual(g.focusedIndex, 1)
        go("Right"); go("Right"); go("Right"); XCTAssertEqual(g.focusedIndex, 3)
        go("Down"); XCTAssertEqual(g.focusedIndex, 7)
        go("Down"); go("Down"); XCTAssertEqual(g.focusedIndex, 11)
        go("Up"); XCTAssertEqual(g.focusedIndex, 7)
        s.handle(.controllerButton("DpadLeft", down: true), at: t + 0.1)
        XCTAssertEqual(g.focusedIndex, 6)
    }

    func testDownIntoAShortLastRowGoesToItsLastCard() throws {
        let (s, g) = try grid(#""count": 6"#)
        key(s, "Right", at: 0.1); key(s, "Right", at: 0.2); key(s, "Right", at: 0.3)
        XCTAssertEqual(g.focusedIndex, 3)
        key(s, "Down", at: 0.4)
        XCTAssertEqual(g.focusedIndex, 5)
    }

    /// A card is composited from its kept image (rasterized) only while its look stays the
    /// same from one update to the next; a card that moves is drawn live (re-rasterizing it
    /// every frame would cost an offscreen pass and a composite more). At rest every card is
    /// kept; during a focus move the two cards that change are live, and kept again one
    /// update after they stop; when the idle sway starts (3 s after the last input, fading
    /// in over 1 s) only the focused card is live.
    func testMovingCardsAreDrawnLiveAndRestingOnesFromTheirKeptImage() throws {
        let (s, g) = try grid()
        func live() -> [Int] { g.cards.indices.filter { !g.cards[$0].root.shouldRasterize } }
        s.update(to: 1)
        XCTAssertEqual(live(), [], "at rest")
        key(s, "Right", at: 1)
        s.update(to: 1.1)
        XCTAssertEqual(live(), [0, 1], "focus moving from card 0 to card 1")
        s.update(to: 1.4)
        XCTAssertEqual(live(), [0, 1], "moved since the last update (the move ends at 1.3)")
        s.update(to: 1.5)
        XCTAssertEqual(live(), [], "at rest again")
        s.update(to: 1.01 + FocusGrid.idleDelay + FocusGrid.idleFadeIn + 1)
        s.update(to: 1.01 + FocusGrid.idleDelay + FocusGrid.idleFadeIn + 1.2)
        XCTAssertEqual(live(), [1], "only the focused card sways")
    }

    func testFocusChangeAnimatesBothCards() throws {
        let (s, g) = try grid()
        s.update(to: 1)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1, lift: 1))
        key(s, "Right", at: 1)
        s.update(to: 1.15)
        let lifted = g.cards[1].card.transform.m11, dropped = g.cards[0].card.transform.m11
        XCTAssertGreaterThan(lifted, 1.05); XCTAssertLessThan(lifted, 1.1)   // easeOut: past half-way
        XCTAssertLessThan(dropped, 1.05); XCTAssertGreaterThan(dropped, 1.0)
        s.update(to: 1.3)
        assertClose(g.cards[1].card.transform, pose(g, 1, scale: 1.1, lift: 1))
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1, lift: 0))
        XCTAssertEqual(g.cards[0].spotlight.opacity, 0)
        XCTAssertEqual(g.cards[1].shadow.shadow.opacity, 0.6, accuracy: 1e-9)
        XCTAssertEqual(g.cards[0].shadow.shadow.opacity, 0.5, accuracy: 1e-9)
    }

    func testReturnPressesTheFocusedCardIn() throws {
        let (s, g) = try grid()
        s.handle(.key("Return", down: true), at: 1)
        XCTAssertTrue(g.isPressed)
        s.update(to: 1.12)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1 * 0.95, lift: 1))
        s.handle(.controllerButton("A", down: false), at: 1.5)
        XCTAssertFalse(g.isPressed)
        s.update(to: 1.62)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1, lift: 1))
    }

    func testPointerSwaysTheFocusedCardAndFocusesWhatItHovers() throws {
        let (s, g) = try grid()
        let f = g.cardFrames[0]
        // Bottom-right corner of card 0 (canvas = grid frame origin + card frame).
        s.handle(.move(Point(40 + f.maxX - 0.01, 40 + f.maxY - 0.01)), at: 1)
        s.update(to: 3)   // 20 lag time constants later: at the target
        assertClose(g.cards[0].card.transform, pose(g, 0, x: 0.25, y: 0.25, scale: 1.1, lift: 1), 2e-3)
        // Hovering card 5 moves the focus there; card 0 straightens.
        let f5 = g.cardFrames[5]
        s.handle(.move(Point(40 + f5.midX, 40 + f5.midY)), at: 3)
        XCTAssertEqual(g.focusedIndex, 5)
        s.update(to: 5)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1, lift: 0), 1e-4)
        // A click presses it.
        s.handle(.pointer(Point(40 + f5.midX, 40 + f5.midY), button: .left, down: true), at: 5)
        XCTAssertTrue(g.isPressed)
        s.handle(.pointer(Point(40 + f5.midX, 40 + f5.midY), button: .left, down: false), at: 5.2)
        XCTAssertFalse(g.isPressed)
    }

    func testRightStickSwaysWithADeadZone() throws {
        let (s, g) = try grid()
        s.handle(.controllerAxis("rightx", value: -1), at: 1)
        s.handle(.controllerAxis("righty", value: 0.5), at: 1)
        s.update(to: 3)
        assertClose(g.cards[0].card.transform, pose(g, 0, x: -0.25, y: 0.125, scale: 1.1, lift: 1), 1e-4)
        s.handle(.controllerAxis("rightx", value: 0.1), at: 3)
        s.handle(.controllerAxis("righty", value: 0.05), at: 3)
        s.update(to: 5)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1, lift: 1), 1e-4)
    }

    func testIdleFocusedCardGrowsAndSwaysThenStopsOnInput() throws {
        let (s, g) = try grid()
        s.update(to: 2.9)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1, lift: 1))
        XCTAssertEqual(g.idleWeight(at: 2.9), 0)
        XCTAssertEqual(g.idleWeight(at: 3.5), 0.5, accuracy: 1e-6)
        for t in [4.0, 4.7, 6.1] {
            s.update(to: t)
            let x = 0.12 * sin(2 * Double.pi * t / 6), y = 0.12 * sin(2 * Double.pi * t / 4)
            assertClose(g.cards[0].card.transform, pose(g, 0, x: x, y: y, scale: 1.15, lift: 1))
            assertClose(g.cards[1].card.transform, pose(g, 1, scale: 1, lift: 0))   // unfocused cards rest
        }
        // Any input fades the idle motion out over 0.3 s (no jump), then it is gone.
        s.handle(.controllerAxis("leftx", value: 0.5), at: 7)   // not a stick we use: no input
        XCTAssertEqual(g.idleWeight(at: 7.01), 1, accuracy: 1e-9)
        s.handle(.key("Escape", down: true), at: 7)
        XCTAssertEqual(g.idleWeight(at: 7), 1, accuracy: 1e-9)
        XCTAssertEqual(g.idleWeight(at: 7.3), 0, accuracy: 1e-9)
        s.update(to: 7.3)
        assertClose(g.cards[0].card.transform, pose(g, 0, scale: 1.1, lift: 1))
        XCTAssertEqual(g.idleWeight(at: 10.5), 0.5, accuracy: 1e-6)   // idle again 3 s later
    }

    func testNoNaNUnderRandomEvents() throws {
        let (s, g) = try grid(#""count": 7, "columns": 3"#)
        var rng = SplitMix(seed: 7)
        var t = 0.0
        let keys = ["Left", "Right", "Up", "Down", "Return"]
        for _ in 0..<500 {
            t += rng.next() * 0.5
            let p = Point(rng.next() * 1400 - 60, rng.next() * 800 - 40)
            switch Int(rng.next() * 6) {
            case 0: s.handle(.key(keys[Int(rng.next() * 5)], down: rng.next() < 0.7), at: t)
            case 1: s.handle(.move(p), at: t)
            case 2: s.handle(.pointer(p, button: .left, down: rng.next() < 0.5), at: t)
            case 3: s.handle(.controllerAxis(rng.next() < 0.5 ? "rightx" : "righty", value: rng.next() * 2.4 - 1.2), at: t)
            case 4: s.handle(.move(Point(.nan, 1)), at: t)
            default: s.handle(.controllerAxis("rightx", value: .nan), at: t)
            }
            s.update(to: t)
            XCTAssertTrue((0..<7).contains(g.focusedIndex))
            for card in g.cards {
                XCTAssertTrue(card.card.transform.isFinite && card.shadow.transform.isFinite)
                for layer in card.images where !layer.transform.isFinite { XCTFail("\(layer.name) at \(t)") }
            }
        }
    }

    func testSceneErrorsNameTheJSONPath() {
        func error(_ extra: String) -> SceneError? {
            do { _ = try grid(extra); return nil } catch { return error as? SceneError }
        }
        XCTAssertEqual(error(#""rows": 3"#)?.path, "components[0].rows")
        XCTAssertEqual(error(#""columns": 0"#)?.path, "components[0].columns")
        XCTAssertEqual(error(#""count": 3, "buttons": [["a.png"]]"#)?.path, "components[0].buttons")
        XCTAssertEqual(error(#""buttons": [["missing.png"]]"#)?.path, "components[0].buttons[0][0]")
        XCTAssertEqual(error(#""buttons": [[]]"#)?.path, "components[0].buttons[0]")
        XCTAssertEqual(error(#""focus": 12"#)?.path, "components[0].focus")
        XCTAssertEqual(error(#""buttonSize": [10]"#)?.path, "components[0].buttonSize")
    }

    func testExampleScenesLoad() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/scenes").standardized.path
        for file in ["button.json", "button-finger.json", "grid.json"] {
            let scene = try SceneLoader.load(path: dir + "/" + file, images: ImageStore())
            scene.update(to: 1.5)
            XCTAssertFalse(scene.rootLayers.flatten(canvas: scene.canvas).quads.isEmpty, file)
        }
    }
}
