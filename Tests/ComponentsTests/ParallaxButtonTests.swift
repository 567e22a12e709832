import Assets
import Scene
import XCTest
import Components
import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#endif

/// The seed's matrices written out by hand from JZParallaxButton.m (independently of
/// `ParallaxGeometry`), composed the way Core Animation composes layers.
enum Seed {
    static let w = 400.0, h = 240.0, x = 440.0, y = 240.0   // card frame in a 1280x720 canvas
    static var cx: Double { x + w / 2 }
    static var cy: Double { y + h / 2 }

    static func P() -> Transform3D { var t = Transform3D.identity; t.m34 = -1.0 / 800; return t }

    static func f(_ method: ParallaxMethod, _ u: Double) -> Double {
        switch method {
        case .linear: return u
        case .easeIn: return pow(u, 0.5)
        case .easeOut: return pow(u, 2)
        }
    }

    /// Card transform for S/X and C/Y, active (scale 1.1).
    static func card(_ s: Double, _ c: Double, reverse: Bool = false, fix: Bool = false) -> Transform3D {
        if reverse {
            return Transform3D.rotation(0.5 * s, 0, 1, 0) * .rotation(-0.5 * c, 1, 0, 0)
                * .translation(-25 * s, (fix ? -25 : 25) * c, 0) * .scale(1.1, 1.1, 1) * P()
        }
        return Transform3D.rotation(-0.5 * s, 0, 1, 0) * .rotation(0.5 * c, 1, 0, 0)
            * .translation(25 * s, 25 * c, 0) * .scale(1.1, 1.1, 1) * P()
    }

    /// Image layer i of n (n counts the spotlight), or the spotlight when i == n - 1 and `spot`.
    static func layer(_ s: Double, _ c: Double, i: Int, n: Int, method: ParallaxMethod, spot: Bool,
                      reverse: Bool = false) -> Transform3D {
        let fi = f(method, Double(i) / Double(n))
        var k = spot ? 400 * fi : -20 * fi
        if reverse { k = -k }
        let sc = 1 + 0.4 / 10 * fi
        return Transform3D.translation(k * s, k * c, 0) * .scale(sc, sc, 1) * P()
    }

    static func cardWorld(_ pose: Transform3D) -> Transform3D {
        Transform3D.translation(-w / 2, -h / 2) * pose * .translation(cx, cy) * .flatten
    }

    static func layerWorld(_ layerPose: Transform3D, card: Transform3D) -> Transform3D {
        Transform3D.translation(-w / 2, -h / 2) * layerPose * .translation(w / 2, h / 2) * .flatten * cardWorld(card)
    }

    static func corners(_ m: Transform3D) -> [Point] {
        [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map { m.project($0) }
    }

    /// Expected corners of every image quad and the spotlight, by quad name.
    static func expected(name: String, s: Double, c: Double, images: Int, method: ParallaxMethod,
                         reverse: Bool = false, fix: Bool = false) -> [String: [Point]] {
        let card = card(s, c, reverse: reverse, fix: fix)
        let n = images + 1
        var out: [String: [Point]] = [:]
        for i in 0..<images {
            out["\(name)/\(i)"] = corners(layerWorld(layer(s, c, i: i, n: n, method: method, spot: false, reverse: reverse), card: card))
        }
        out["\(name)/spotlight"] = corners(layerWorld(layer(s, c, i: n - 1, n: n, method: method, spot: true, reverse: reverse), card: card))
        return out
    }
}

func scene(_ json: String, canvas: String = #"{"width": 1280, "height": 720}"#) throws -> Scene {
    try SceneLoader.parse(#"{"canvas": \#(canvas), "components": [\#(json)]}"#, file: "test.json",
                          directory: "/tmp", images: ImageStore())
}

func buttonJSON(_ extra: String = "") -> String {
    #"{"kind": "parallaxButton", "name": "b", "frame": [440, 240, 400, 240]\#(extra.isEmpty ? "" : ", " + extra)}"#
}

final class ParallaxButtonTests: XCTestCase {
    // MARK: Helpers

    /// The quads by their names in the quads dump (a layer's shadow is `NAME/shadow`).
    func quads(_ s: Scene) -> [String: RenderQuad] {
        var out: [String: RenderQuad] = [:]
        for q in s.rootLayers.flatten(canvas: s.canvas).quads { out[q.name + q.part.nameSuffix] = q }
        return out
    }

    func assertMatches(_ s: Scene, _ expected: [String: [Point]], tolerance: Double = 0.5,
                       file: StaticString = #filePath, line: UInt = #line) {
        let q = quads(s)
        for (name, corners) in expected {
            guard let quad = q[name] else { XCTFail("no quad \(name) in \(q.keys.sorted())", file: file, line: line); continue }
            for (a, b) in zip(quad.cornerArray, corners) {
                XCTAssertLessThanOrEqual(a.distance(to: b), tolerance, "\(name): \(a) vs \(b)", file: file, line: line)
            }
        }
    }

    func button(_ s: Scene) -> ParallaxButton { s.component(named: "b") as! ParallaxButton }

    func press(_ s: Scene, _ p: Point, at t: Double, down: Bool) {
        s.handle(.pointer(p, button: .left, down: down), at: t)
    }

    // MARK: Poses vs the seed's math (quads-dump contract)

    func testAutoPoseMatchesSeedMathAtAnyTimeForEachParallaxMethod() throws {
        for method in ParallaxMethod.allCases {
            let s = try scene(buttonJSON(#""active": true, "parallaxMethod": "\#(method.rawValue)""#))
            for t in [0.5, 0.8, 1.7, 2.25, 3.9, 10.3, 100.05] {
                s.update(to: t)
                let theta = 2 * Double.pi * (t - 0.5) / 3
                assertMatches(s, Seed.expected(name: "b", s: sin(theta) / 4, c: cos(theta) / 4, images: 4, method: method))
            }
        }
    }

    func testAutoRotationIntervalIsHonoured() throws {
        let s = try scene(buttonJSON(#""active": true, "rotationInterval": 5"#))
        s.update(to: 2)
        let theta = 2 * Double.pi * 1.5 / 5
        assertMatches(s, Seed.expected(name: "b", s: sin(theta) / 4, c: cos(theta) / 4, images: 4, method: .linear))
    }

    func testFingerPoseFollowsThePointerAndClampsOutsideTheCard() throws {
        for method in ParallaxMethod.allCases {
            let s = try scene(buttonJSON(#""rotateMethod": "finger", "parallaxMethod": "\#(method.rawValue)""#))
            press(s, Point(500, 300), at: 0, down: true)
            var t = 1.0
            // Inside, on the edges, and far outside (clamped to the card).
            for p in [Point(500, 300), Point(640, 360), Point(840, 480), Point(1200, 10), Point(-50, 700), Point(445, 470)] {
                s.handle(.move(p), at: t)
                s.update(to: t)
                let lx = min(max(p.x - Seed.x, 0), Seed.w), ly = min(max(p.y - Seed.y, 0), Seed.h)
                let X = (lx - Seed.w / 2) / Seed.w / 2, Y = (ly - Seed.h / 2) / Seed.h / 2
                XCTAssertLessThanOrEqual(abs(X), 0.25)
                assertMatches(s, Seed.expected(name: "b", s: X, c: Y, images: 4, method: method))
                t += 0.37
            }
            XCTAssertEqual(button(s).phase, .active)
        }
    }

    func testFingerReverseKeepsTheSeedQuirkUnlessFixed() throws {
        for fix in [false, true] {
            let s = try scene(buttonJSON(#""rotateMethod": "fingerReverse", "fixReverseQuirk": \#(fix)"#))
            press(s, Point(800, 260), at: 0, down: true)
            s.update(to: 2)
            let X = (360 - 200) / 400.0 / 2, Y = (20 - 120) / 240.0 / 2
            assertMatches(s, Seed.expected(name: "b", s: X, c: Y, images: 4, method: .linear, reverse: true, fix: fix))
        }
        // The quirk is visible: the two cards differ in y.
        let a = Seed.card(0.1, 0.2, reverse: true, fix: false), b = Seed.card(0.1, 0.2, reverse: true, fix: true)
        XCTAssertNotEqual(a.m42, b.m42)
    }

    func testGeometryMatchesHandWrittenMatricesExactly() {
        for method in ParallaxMethod.allCases {
            for reverse in [false, true] {
                let g = ParallaxGeometry(parallaxMethod: method, reversed: reverse)
                let pose = ParallaxPose(x: 0.13, y: -0.21, cardScale: 1.1, layerLift: 1)
                assertClose(g.cardTransform(pose), Seed.card(0.13, -0.21, reverse: reverse))
                for i in 0..<3 {
                    assertClose(g.layerTransform(pose, index: i, count: 4),
                                Seed.layer(0.13, -0.21, i: i, n: 4, method: method, spot: false, reverse: reverse))
                }
                assertClose(g.spotlightTransform(pose, count: 4),
                            Seed.layer(0.13, -0.21, i: 3, n: 4, method: method, spot: true, reverse: reverse))
            }
        }
    }

    func assertClose(_ a: Transform3D, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: 1e-12, file: file, line: line) }
    }

    func testLayerOrderAndNames() throws {
        let s = try scene(buttonJSON(#""active": true"#))
        s.update(to: 1)
        let names = s.rootLayers.flatten(canvas: s.canvas).quads.map { $0.name + $0.part.nameSuffix }
        XCTAssertEqual(names, ["b/shadow", "b/0", "b/1", "b/2", "b/3", "b/spotlight"])
    }

    // MARK: State machine

    func testRestDrawsNoSpotlightNoShadowAndFlatLayers() throws {
        let s = try scene(buttonJSON())
        s.update(to: 3)
        XCTAssertEqual(button(s).phase, .rest)
        let q = quads(s)
        XCTAssertNil(q["b/spotlight"]); XCTAssertNil(q["b/shadow"])
        XCTAssertEqual(q["b/0"]!.cornerArray, [Point(440, 240), Point(840, 240), Point(840, 480), Point(440, 480)])
    }

    func testReleaseBeforeTheLongPressFiresDoesNothing() throws {
        let s = try scene(buttonJSON())
        press(s, Point(600, 300), at: 1, down: true)
        press(s, Point(600, 300), at: 1.49, down: false)
        for t in [1.5, 2, 3] { s.update(to: t); XCTAssertEqual(button(s).phase, .rest, "t=\(t)") }
    }

    func testPressOutsideTheCardDoesNothing() throws {
        let s = try scene(buttonJSON())
        press(s, Point(100, 100), at: 0, down: true)
        s.update(to: 2)
        XCTAssertEqual(button(s).phase, .rest)
    }

    func testFingerLifeCycle() throws {
        let s = try scene(buttonJSON(#""rotateMethod": "finger""#))
        let b = button(s)
        press(s, Point(640, 360), at: 1, down: true)   // centre: X = Y = 0
        s.update(to: 1.2); XCTAssertEqual(b.phase, .rest)
        s.update(to: 1.5); XCTAssertEqual(b.phase, .beginning)   // long press fired: shadow on
        XCTAssertEqual(b.layers.shadow.shadow.opacity, 0.6, accuracy: 1e-9)
        // Fade-in: spotlight opacity is half-way 0.05 s after the long press fired.
        s.update(to: 1.55); XCTAssertEqual(b.phase, .beginning)
        XCTAssertEqual(b.layers.spotlight.opacity, 0.5, accuracy: 1e-9)
        // Move: half-way through the 0.4 s move the card scale is half-way to 1.1.
        s.update(to: 1.8); XCTAssertEqual(b.phase, .beginning)
        XCTAssertEqual(b.layers.card.transform.m11, 1.05, accuracy: 1e-9)
        s.update(to: 2.0); XCTAssertEqual(b.phase, .active)
        s.update(to: 3.0); XCTAssertEqual(b.phase, .active)
        press(s, Point(640, 360), at: 3, down: false)
        s.update(to: 3.1); XCTAssertEqual(b.phase, .ending)
        s.update(to: 3.2)
        XCTAssertEqual(b.layers.card.transform.m11, 1.05, accuracy: 1e-9)   // half-way back
        XCTAssertEqual(b.layers.spotlight.opacity, 1)
        s.update(to: 3.45); XCTAssertEqual(b.phase, .ending)
        XCTAssertEqual(b.layers.spotlight.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(b.layers.shadow.shadow.opacity, 0.6, accuracy: 1e-9)
        s.update(to: 3.5); XCTAssertEqual(b.phase, .rest)
        XCTAssertEqual(b.layers.shadow.shadow.opacity, 0)
        XCTAssertEqual(b.layers.card.transform, Seed.P())
    }

    func testEndStartsFromTheCurrentPose() throws {
        let s = try scene(buttonJSON(#""rotateMethod": "finger""#))
        press(s, Point(700, 400), at: 0, down: true)
        s.handle(.move(Point(900, 600)), at: 1)        // clamped to the bottom-right corner: X = Y = 0.25
        press(s, Point(900, 600), at: 2, down: false)
        s.update(to: 2.1)   // a quarter of the way back
        let pose = ParallaxPose(x: 0.25 * 0.75, y: 0.25 * 0.75, cardScale: 1 + 0.1 * 0.75, layerLift: 0.75)
        let g = ParallaxGeometry()
        assertClose(button(s).layers.card.transform, g.cardTransform(pose))
        assertClose(button(s).layers.images[2].transform, g.layerTransform(pose, index: 2, count: 5))
    }

    func testReleaseDuringTheBeginAnimationEndsWhenItFinishes() throws {
        let s = try scene(buttonJSON(#""rotateMethod": "finger""#))
        let b = button(s)
        press(s, Point(600, 300), at: 0, down: true)
        press(s, Point(600, 300), at: 0.7, down: false)   // fired at 0.5, begin ends at 1.0
        for (t, phase) in [(0.8, ParallaxButton.Phase.beginning), (0.99, .beginning), (1.0, .ending)] {
            s.update(to: t); XCTAssertEqual(b.phase, phase, "t=\(t)")
        }
        // The end started from the full finger pose at 1.0.
        s.update(to: 1.2)
        let target = ParallaxPose.finger(at: Point(160, 60), size: Size(400, 240), cardScale: 1.1)
        assertClose(b.layers.card.transform, ParallaxGeometry().cardTransform(.mix(target, .rest, 0.5)))
        s.update(to: 1.45); XCTAssertEqual(b.phase, .ending)
        s.update(to: 1.5); XCTAssertEqual(b.phase, .rest)
    }

    func testAutoTogglesOnEachLongPressAndIgnoresRelease() throws {
        let s = try scene(buttonJSON())
        let b = button(s)
        press(s, Point(600, 300), at: 0, down: true)
        press(s, Point(600, 300), at: 0.6, down: false)
        s.update(to: 2); XCTAssertEqual(b.phase, .active)
        // Rotation clock: t0 = 0.5 + 0.5.
        let theta = 2 * Double.pi * (2 - 1) / 3
        assertMatches(s, Seed.expected(name: "b", s: sin(theta) / 4, c: cos(theta) / 4, images: 4, method: .linear))
        press(s, Point(600, 300), at: 3, down: true)
        s.update(to: 3.4); XCTAssertEqual(b.phase, .active)
        s.update(to: 3.6); XCTAssertEqual(b.phase, .ending)
        press(s, Point(600, 300), at: 3.7, down: false)
        s.update(to: 4.0); XCTAssertEqual(b.phase, .rest)
        press(s, Point(600, 300), at: 5, down: true)
        s.update(to: 5.6); XCTAssertEqual(b.phase, .beginning)
        s.update(to: 6.1); XCTAssertEqual(b.phase, .active)
    }

    func testActiveTrueBeginsAtTimeZero() throws {
        for method in RotateMethod.allCases {
            let s = try scene(buttonJSON(#""active": true, "rotateMethod": "\#(method.rawValue)""#))
            let b = button(s)
            s.update(to: 0.05); XCTAssertEqual(b.phase, .beginning); XCTAssertEqual(b.layers.spotlight.opacity, 0.5, accuracy: 1e-9)
            s.update(to: 0.5); XCTAssertEqual(b.phase, .active)
            if method == .auto {
                // t0 = 0.5: the first pose, θ = 0 (S = 0, C = 0.25).
                assertMatches(s, Seed.expected(name: "b", s: 0, c: 0.25, images: 4, method: .linear), tolerance: 1e-9)
            }
        }
    }

    func testSteppedModeReproducesTheTimerSteps() {
        var c = ParallaxButton.Configuration(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        c.stepped = true
        c.rotationFrames = 100
        c.rotationInterval = 3
        let step = 2 * Double.pi / 100
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 0, configuration: c), 0)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 0.029, configuration: c), 0)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 0.03, configuration: c), step, accuracy: 1e-12)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 0.065, configuration: c), 2 * step, accuracy: 1e-12)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 2.999, configuration: c), 99 * step, accuracy: 1e-12)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 3.0, configuration: c), 100 * step, accuracy: 1e-12)
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 3.03, configuration: c), step, accuracy: 1e-12)   // wraps to 1
        c.stepped = false
        XCTAssertEqual(ParallaxButton.rotationAngle(at: 0.75, configuration: c), Double.pi / 2, accuracy: 1e-12)
    }

    func testSteppedSceneHoldsPoseBetweenTicks() throws {
        let s = try scene(buttonJSON(#""active": true, "stepped": true, "rotationFrames": 10, "rotationInterval": 1"#))
        s.update(to: 0.5 + 0.25)   // 2 ticks of 0.1 s
        let theta = 2 * Double.pi * 2 / 10
        assertMatches(s, Seed.expected(name: "b", s: sin(theta) / 4, c: cos(theta) / 4, images: 4, method: .linear), tolerance: 1e-9)
    }

    func testShadowFollowsTheCardOffsetBelowIt() throws {
        let s = try scene(buttonJSON(#""active": true"#))
        s.update(to: 1.3)
        let q = quads(s)
        let shadow = q["b/shadow"]!, b = button(s)
        // Black at opacity 0.6 (the colour's alpha carries it), blurred by sigma 4 (radius 8 / 2),
        // the card's rounded shape (corner radius 5) grown by three sigma on every side.
        XCTAssertEqual(shadow.contents, .color(Color(0, 0, 0, 0.6)))
        XCTAssertEqual(shadow.part, .shadow(sigma: 4, inset: 12))
        XCTAssertEqual(shadow.size, Size(400 + 24, 240 + 24))
        XCTAssertEqual(shadow.cornerRadius, 5)
        // Its centre is the card's centre moved 12 points down in the card's plane, under the same pose.
        let centre = Seed.cardWorld(b.layers.card.transform).project(Point(200, 120 + 12))
        let m = shadow.matrix.project(Point(shadow.size.width / 2, shadow.size.height / 2))
        XCTAssertEqual(m.x, centre.x, accuracy: 1e-6)
        XCTAssertEqual(m.y, centre.y, accuracy: 1e-6)
        let noShadow = try scene(buttonJSON(#""active": true, "shadow": false"#))
        noShadow.update(to: 1.3)
        XCTAssertNil(quads(noShadow)["b/shadow"])
    }

    func testNoNaNUnderRandomEvents() throws {
        var rng = SplitMix(seed: 42)
        for method in RotateMethod.allCases {
            let s = try scene(buttonJSON(#""rotateMethod": "\#(method.rawValue)", "parallaxMethod": "easeIn""#))
            var t = 0.0
            for _ in 0..<400 {
                t += rng.next() * 0.3
                let p = Point(rng.next() * 1600 - 160, rng.next() * 1000 - 140)
                switch Int(rng.next() * 4) {
                case 0: s.handle(.pointer(p, button: .left, down: true), at: t)
                case 1: s.handle(.pointer(p, button: .left, down: false), at: t)
                case 2: s.handle(.move(p), at: t)
                default: s.handle(.move(Point(.nan, .infinity)), at: t)
                }
                s.update(to: t)
                let b = button(s)
                for layer in [b.layers.card, b.layers.shadow, b.layers.spotlight] + b.layers.images {
                    XCTAssertTrue(layer.transform.isFinite, "\(layer.name) at \(t)")
                    XCTAssertTrue(layer.opacity.isFinite && (0...1).contains(layer.opacity))
                }
            }
        }
    }

    // MARK: Scene file

    func testDefaultsAndBuiltinAssets() throws {
        let s = try scene(buttonJSON())
        let b = button(s)
        XCTAssertEqual(b.configuration.cornerRadius, 5)
        XCTAssertEqual(b.configuration.scaleBase, 1.1)
        XCTAssertEqual(b.configuration.rotationFrames, 100)
        XCTAssertEqual(b.layers.images.count, DefaultIcon.layerNames.count)
        XCTAssertEqual(b.layers.spotlight.contentsGravity, .resizeAspect)
        XCTAssertEqual(b.layers.spotlight.zPosition, 800)
        XCTAssertTrue(b.layers.card.masksToBounds)
    }

    func testParseErrorsNameTheJSONPath() {
        func error(_ extra: String) -> SceneError? {
            do { _ = try scene(buttonJSON(extra)); return nil } catch { return error as? SceneError }
        }
        XCTAssertEqual(error(#""colour": 1"#)?.path, "components[0].colour")
        XCTAssertEqual(error(#""rotationFrames": "ten""#)?.path, "components[0].rotationFrames")
        XCTAssertEqual(error(#""rotationFrames": 0"#)?.path, "components[0].rotationFrames")
        XCTAssertEqual(error(#""rotateMethod": "spin""#)?.path, "components[0].rotateMethod")
        XCTAssertEqual(error(#""active": "yes""#)?.path, "components[0].active")
        XCTAssertEqual(error(#""layers": ["nope.png"]"#)?.path, "components[0].layers[0]")
        XCTAssertEqual(error(#""layers": []"#)?.path, "components[0].layers")
        let stack = error(#""imagestack": "/""#)
        XCTAssertEqual(stack?.path, "components[0].imagestack")
        XCTAssertFalse(stack?.message.isEmpty ?? true)
        XCTAssertNotNil(error(#""frame": [0, 0, 0, 10]"#))
    }

    func testPainterSquareCoversInteriorPixelsFully() {
        // Regression: radius 0 used to give interior pixels coverage 0.5 (seams in text).
        var p = Painter(width: 8, height: 8)
        p.roundedRect(Rect(x: 2, y: 2, width: 4, height: 4), radius: 0, .white)
        let img = p.image()
        XCTAssertEqual(img.pixel(3, 3).a, 255)
        XCTAssertEqual(img.pixel(2, 5).a, 255)
        XCTAssertEqual(img.pixel(1, 3).a, 0)
        XCTAssertEqual(img.pixel(6, 6).a, 0)
    }

    func testDefaultIconAndSpotlightImages() {
        let icon = DefaultIcon.layers(width: 400, height: 240)
        XCTAssertEqual(icon.count, 4)
        XCTAssertTrue(icon[0].isOpaque)
        for layer in icon.dropFirst() {
            XCTAssertEqual(layer.width, 400); XCTAssertEqual(layer.height, 240)
            XCTAssertFalse(layer.isOpaque)
            XCTAssertTrue(layer.pixels.contains { $0 != 0 }, "layer has something drawn")
        }
        let spot = BuiltinImages.spotlight(size: 64)
        XCTAssertEqual(Double(spot.pixel(32, 32).a), 110, accuracy: 3)
        XCTAssertEqual(spot.pixel(0, 32).a, 0)            // fades out before the border: no visible square
        XCTAssertEqual(spot.pixel(0, 0).a, 0)
        XCTAssertGreaterThan(spot.pixel(16, 32).a, 20)     // halfway out: still lit
    }
}

/// A small deterministic generator for property tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A double in 0..<1.
    mutating func next() -> Double {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
