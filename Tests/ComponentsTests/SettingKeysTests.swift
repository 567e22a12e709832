import Assets
import Components
import Foundation
import LayerMath
import Layers
import Scene
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Each documented key (docs/tv-screen.md) changes what it says. Expected values come
/// from the definitions: CATransform3D rotations and scales, iCarousel's physics rules,
/// the shelf's scroll rule.
final class SettingKeysTests: XCTestCase {
    /// A 1-card grid (card 200x120 at (100, 100)) with `extra` keys.
    func grid(_ extra: String = "") throws -> (Scene, FocusGrid) {
        let s = try scene(#"{"kind": "focusGrid", "name": "g", "frame": [100, 100, 200, 120], "columns": 1, "count": 1, "buttonSize": [200, 120], "spacing": 0\#(extra)}"#)
        s.update(to: 0)
        return (s, s.component(named: "g") as! FocusGrid)
    }

    /// The card transform after the right stick is held fully right and down for 2 s.
    func deflected(_ extra: String, x: Double = 1, y: Double = 0) throws -> Transform3D {
        let (s, g) = try grid(extra)
        s.handle(.controllerAxis("rightx", value: x), at: 0)
        s.handle(.controllerAxis("righty", value: y), at: 0)
        s.update(to: 2)
        return g.cards[0].card.transform
    }

    /// The Y rotation angle in a card transform RY(a) · RX(b) · T · S(s, s, 1) · P: row 3 of
    /// CATransform3DMakeRotation(a, 0, 1, 0) is (sin a, 0, cos a) and RX keeps its first
    /// column, so m11 = cos(a) s and m31 = sin(a) s.
    func yAngle(_ t: Transform3D) -> Double { atan2(t.m31, t.m11) }

    func testTiltMaxAngleIsTheAngleAtFullDeflection() throws {
        // Full deflection is pose x = 0.25; the card turns by -angle about y.
        XCTAssertEqual(yAngle(try deflected("")), -Double.pi / 32, accuracy: 1e-6)
        XCTAssertEqual(yAngle(try deflected(#", "tiltMaxAngle": 20"#)), -20 * Double.pi / 180, accuracy: 1e-6)
    }

    func testTiltReverseLeansTheOtherWay() throws {
        XCTAssertEqual(yAngle(try deflected(#", "tiltReverse": true, "tiltMaxAngle": 10"#)), 10 * Double.pi / 180, accuracy: 1e-6)
    }

    func testTiltAxisLocksOneAxis() throws {
        // Stick right and down: "y" keeps only the x-axis rotation (no y turn).
        let both = try deflected("", x: 1, y: 1)
        let y = try deflected(#", "tiltAxis": "y""#, x: 1, y: 1)
        let x = try deflected(#", "tiltAxis": "x""#, x: 1, y: 1)
        XCTAssertNotEqual(both.m13, 0, accuracy: 1e-6)
        XCTAssertEqual(y.m13, 0, accuracy: 1e-12)          // no rotation about y
        XCTAssertEqual(x.m23, 0, accuracy: 1e-12)          // no rotation about x
        XCTAssertNotEqual(x.m13, 0, accuracy: 1e-6)
    }

    func testPerspectiveIsTheEyeDistance() throws {
        let (_, g) = try grid(#", "perspective": 250"#)
        XCTAssertEqual(g.cards[0].card.transform.m34, -1.0 / 250, accuracy: 1e-12)
    }

    func testScaleIsTheFocusedCardsScale() throws {
        let (_, g) = try grid(#", "scale": 1.3"#)
        XCTAssertEqual(g.cards[0].card.transform.m11, 1.3, accuracy: 1e-12)
    }

    func testTransitionSpeedAndEasingTimeTheReturnToRest() throws {
        // Full tilt, release at t = 2: linear over 1000 ms is half way back at 2.5 s.
        let (s, g) = try grid(#", "transitionSpeed": 1000, "transitionEasing": "linear""#)
        s.handle(.controllerAxis("rightx", value: 1), at: 0)
        s.handle(.controllerAxis("rightx", value: 0), at: 2)
        s.update(to: 2.5)
        XCTAssertEqual(yAngle(g.cards[0].card.transform), -Double.pi / 64, accuracy: 1e-4)
        s.update(to: 3.0)
        XCTAssertEqual(yAngle(g.cards[0].card.transform), 0, accuracy: 1e-12)
        // easeIn (0.42, 0, 1, 1) is slower at first: less than half way at 2.5 s.
        let (s2, g2) = try grid(#", "transitionSpeed": 1000, "transitionEasing": "easeIn""#)
        s2.handle(.controllerAxis("rightx", value: 1), at: 0)
        s2.handle(.controllerAxis("rightx", value: 0), at: 2)
        s2.update(to: 2.5)
        XCTAssertLessThan(yAngle(g2.cards[0].card.transform), -Double.pi / 64 - 1e-3)
    }

    func testGlareMaxOpacityScalesTheFocusedGlare() throws {
        XCTAssertEqual(try grid().1.cards[0].spotlight.opacity, 1)
        XCTAssertEqual(try grid(#", "glareMaxOpacity": 0.4"#).1.cards[0].spotlight.opacity, 0.4, accuracy: 1e-12)
    }

    func testGlareColorAndShapeMakeTheirImage() throws {
        let images = ImageStore()
        let s = try SceneLoader.parse(#"{"canvas": {"width": 400, "height": 300}, "components": [{"kind": "focusGrid", "name": "g", "frame": [0, 0, 200, 120], "columns": 1, "count": 1, "glareColor": [1, 0, 0, 1], "glareShape": "linear"}]}"#,
                                      file: "t.json", directory: "/tmp", images: images)
        let g = s.component(named: "g") as! FocusGrid
        guard case .image(let ref) = g.cards[0].spotlight.contents, let image = images.image(for: ref) else {
            return XCTFail("no glare image")
        }
        // Linear: alpha grows from 0 at the top to the colour at the bottom; red only.
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
        XCTAssertLessThan(px(128, 2)[3], 8)
        XCTAssertGreaterThan(px(128, image.height - 2)[3], 240)
        XCTAssertEqual(px(128, image.height - 2)[1], 0)
        XCTAssertEqual(px(128, image.height - 2)[0], px(128, image.height - 2)[3])
        XCTAssertThrowsError(try scene(#"{"kind": "focusGrid", "name": "g", "frame": [0, 0, 200, 120], "glareShape": "star"}"#))
    }

    /// The focused card's silhouette casts the layer's own shadow: opacity and offset as set,
    /// the blur's standard deviation half the radius (20 / 2), the colour as set; the
    /// silhouette is the card (200 x 120 at the origin, centre (100, 60)) with a rounded
    /// shadowPath over its bounds (cornerRadius 8 by default).
    func testShadowOpacityOffsetRadiusAndColor() throws {
        let (_, g) = try grid(#", "shadowOpacity": 0.9, "shadowOffset": [5, 20], "shadowRadius": 20, "shadowColor": [0, 0, 1, 1]"#)
        let silhouette = g.cards[0].shadow
        XCTAssertEqual(silhouette.shadow.opacity, 0.9, accuracy: 1e-12)
        XCTAssertEqual(silhouette.shadow.offset, Point(5, 20))
        XCTAssertEqual(silhouette.shadow.radius, 10)
        XCTAssertEqual(silhouette.shadow.color, Color(0, 0, 1, 1))
        XCTAssertEqual(silhouette.position, Point(100, 60))
        XCTAssertEqual(silhouette.bounds, Size(200, 120))
        let path = try XCTUnwrap(silhouette.shadowPath?.roundedRectangle)
        XCTAssertEqual(path.rect, Rect(x: 0, y: 0, width: 200, height: 120))
        XCTAssertEqual(path.cornerRadius, g.configuration.cornerRadius)
    }

    func testIdleDelaySwayAmplitudeAndScale() throws {
        // Idle weight reaches 1 at delay + 1 s; then scale = idleScale, sway = amp * 0.25 * sin(2π t / 6).
        let (s, g) = try grid(#", "idleDelay": 1, "idleScale": 1.5, "idleSwayAmplitude": 1, "tiltMaxAngle": 10"#)
        s.update(to: 2.5)       // sin(2π 2.5 / 6) = sin(150°) = 0.5: pose x = 0.125 = half tilt
        XCTAssertEqual(yAngle(g.cards[0].card.transform), -5 * Double.pi / 180, accuracy: 1e-6)
        let t = g.cards[0].card.transform
        let scale = (t.m11 * t.m11 + t.m31 * t.m31).squareRoot()
        XCTAssertEqual(scale, 1.5, accuracy: 1e-9)
        let (s2, g2) = try grid(#", "idleDelay": 10"#)
        s2.update(to: 2.5)
        XCTAssertEqual(g2.cards[0].card.transform.m11, 1.1, accuracy: 1e-12, "not idle yet: no sway, focus scale")
    }

    func testFocusEffectKeysRejectOutOfRangeValues() {
        for bad in [#""tiltMaxAngle": 91"#, #""tiltMaxAngle": -1"#, #""glareMaxOpacity": 2"#, #""idleDimming": 1.5"#,
                    #""transitionSpeed": -5"#, #""transitionEasing": "bouncy""#, #""transitionEasing": [2, 0, 0.5, 1]"#,
                    #""tiltAxis": "z""#, #""shadowOffset": [1e300, 0]"#, #""perspective": 0"#] {
            XCTAssertThrowsError(try scene(#"{"kind": "focusGrid", "name": "g", "frame": [0, 0, 200, 120], \#(bad)}"#), bad) { e in
                XCTAssertTrue("\(e)".contains("components[0]."), "\(e)")
            }
        }
    }

    // MARK: Carousel physics

    func carousel(_ extra: String = "") throws -> (Scene, Carousel) {
        let s = try scene(#"{"kind": "carousel", "name": "c", "frame": [0, 200, 1000, 300], "type": "linear", "count": 20, "startIndex": 5, "itemSize": [100, 100]\#(extra)}"#)
        s.update(to: 0)
        return (s, s.component(named: "c") as! Carousel)
    }

    /// A fast drag: 300 points to the left in 0.1 s (3 items, 30 items/s), released.
    func flick(_ s: Scene, from t0: Double = 0.1) {
        s.handle(.pointer(Point(600, 350), button: .left, down: true), at: t0)
        for k in 1...10 { s.handle(.move(Point(600 - 30 * Double(k), 350)), at: t0 + 0.01 * Double(k)) }
        s.handle(.pointer(Point(300, 350), button: .left, down: false), at: t0 + 0.1)
    }

    func testPagingEnabledMovesOneItemPerDrag() throws {
        let (s, c) = try carousel(#", "pagingEnabled": true"#)
        flick(s)
        s.update(to: 3)
        XCTAssertEqual(c.centredIndex, 6)
        let (s2, c2) = try carousel()
        flick(s2)
        s2.update(to: 5)
        XCTAssertGreaterThan(c2.centredIndex, 9, "without paging the flick travels on")
    }

    func testDecelerationRateSetsTheFlickDistance() throws {
        // iCarousel: distance = v / (60 (1 - rate)); a lower rate stops sooner.
        let (s, c) = try carousel(#", "decelerationRate": 0.5"#)
        flick(s)
        s.update(to: 5)
        let (s2, c2) = try carousel(#", "decelerationRate": 0.95"#)
        flick(s2)
        s2.update(to: 5)
        XCTAssertLessThan(c.centredIndex, c2.centredIndex)
        XCTAssertEqual(c.physicsSettings.decelerationRate, 0.5)
    }

    func testBouncesAndBounceDistanceLimitTheOvershoot() throws {
        // Drag 1000 points right from item 0: with bounce 1 the offset stops at most 1
        // item before 0; without bounces at 0.
        func pulled(_ extra: String) throws -> Double {
            let s = try scene(#"{"kind": "carousel", "name": "c", "frame": [0, 200, 1000, 300], "type": "linear", "count": 20, "startIndex": 0, "itemSize": [100, 100]\#(extra)}"#)
            let c = s.component(named: "c") as! Carousel
            s.update(to: 0)
            s.handle(.pointer(Point(100, 350), button: .left, down: true), at: 0.1)
            for k in 1...50 { s.handle(.move(Point(100 + 20 * Double(k), 350)), at: 0.1 + 0.01 * Double(k)) }
            return c.physics.offset
        }
        XCTAssertEqual(try pulled(#", "bounces": false"#), 0)
        XCTAssertGreaterThanOrEqual(try pulled(""), -1)
        XCTAssertLessThan(try pulled(""), -0.5)
        XCTAssertGreaterThanOrEqual(try pulled(#", "bounceDistance": 3"#), -3)
        XCTAssertLessThan(try pulled(#", "bounceDistance": 3"#), -1.5)
    }

    func testScrollDurationTimesKeyScrolls() throws {
        // One Right press: ease-in-out from 5 to 6; half way (5.5) at half the duration.
        let (s, c) = try carousel(#", "scrollDuration": 2"#)
        s.handle(.key("Right", down: true), at: 1)
        s.update(to: 2)
        XCTAssertEqual(c.physics.offset, 5.5, accuracy: 1e-9)
        s.update(to: 3)
        XCTAssertEqual(c.physics.offset, 6, accuracy: 1e-9)
    }

    func testAutoscrollResumeDelay() throws {
        // Autoscroll 1 item/s resumes `autoscrollResumeDelay` after the last interaction.
        let (s, c) = try carousel(#", "autoscroll": 1, "autoscrollResumeDelay": 0.5"#)
        s.handle(.key("Right", down: true), at: 0)       // scroll 5 -> 6 in 0.4 s
        s.update(to: 0.5)
        XCTAssertEqual(c.physics.offset, 6, accuracy: 1e-9)
        s.update(to: 1.0)
        XCTAssertEqual(c.physics.offset, 6.5, accuracy: 1e-9)
        let (s2, c2) = try carousel(#", "autoscroll": 1, "autoscrollResumeDelay": 5"#)
        s2.handle(.key("Right", down: true), at: 0)
        s2.update(to: 1.0)
        XCTAssertEqual(c2.physics.offset, 6, accuracy: 1e-9)
    }

    func testFocusedItemScaleLiftsTheCentredItem() throws {
        let (_, c) = try carousel(#", "focusedItemScale": 1.2"#)
        let centred = c.rootLayer.sublayers.first { $0.tag == 5 }!
        XCTAssertEqual(centred.transform.m11, 1.2, accuracy: 1e-12)
        let neighbour = c.rootLayer.sublayers.first { $0.tag == 6 }!
        XCTAssertEqual(neighbour.transform.m11, 1, accuracy: 1e-12)
    }

    // MARK: Shelf

    func shelf(_ extra: String) throws -> (Scene, Shelf) {
        let s = try scene(#"{"kind": "shelf", "name": "s", "frame": [0, 0, 1280, 720], "rows": [\#((0..<5).map { #"{"title": "ROW \#($0)", "content": {"kind": "focusGrid", "name": "r\#($0)", "frame": [0, 0, 1280, 200], "count": 2, "buttonSize": [200, 120]}}"# }.joined(separator: ","))]\#(extra)}"#)
        s.update(to: 0)
        return (s, s.component(named: "s") as! Shelf)
    }

    func testShelfLayoutKeys() throws {
        // Rows are titleHeight + 200 high, rowSpacing apart, below the header.
        let (_, a) = try shelf(#", "titleHeight": 50, "rowSpacing": 10, "header": {"title": "HI", "height": 100}"#)
        XCTAssertEqual(a.rows.map(\.top), [100, 360, 620, 880, 1140])
        XCTAssertEqual(a.rows[1].contentTop, 410)
        let (_, b) = try shelf("")
        XCTAssertEqual(b.rows.map(\.top), [0, 264, 528, 792, 1056])
    }

    func testScrollInsetKeepsRoomBelowTheFocusedRow() throws {
        // Row 2 (528...768) with inset 100: 768 + 100 - 720 = 148.
        let (s, sh) = try shelf(#", "scrollInset": 100"#)
        s.handle(.key("Down", down: true), at: 0.1)
        s.handle(.key("Down", down: true), at: 0.2)
        s.update(to: 1)
        XCTAssertEqual(sh.physics.offset, 148, accuracy: 1e-9)
        let (s2, sh2) = try shelf(#", "scrollInset": 0"#)
        s2.handle(.key("Down", down: true), at: 0.1)
        s2.handle(.key("Down", down: true), at: 0.2)
        s2.update(to: 1)
        XCTAssertEqual(sh2.physics.offset, 48, accuracy: 1e-9)
    }

    func testTitleColorPaintsTheTitles() throws {
        let images = ImageStore()
        let s = try SceneLoader.parse(#"{"canvas": {"width": 400, "height": 300}, "components": [{"kind": "shelf", "name": "s", "frame": [0, 0, 400, 300], "titleColor": [0, 1, 0, 1], "rows": [{"title": "I", "content": {"kind": "layer", "name": "l", "bounds": [10, 10], "position": [5, 5], "color": [1, 1, 1, 1]}}]}]}"#,
                                      file: "t.json", directory: "/tmp", images: images)
        let shelf = s.component(named: "s") as! Shelf
        let title = shelf.rows[0].layer.sublayers[0]
        guard case .image(let ref) = title.contents, let image = images.image(for: ref) else { return XCTFail("no title") }
        let lit = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 3] == 255 }
        XCTAssertFalse(lit.isEmpty)
        for i in lit { XCTAssertEqual(Array(image.pixels[i..<i + 3]), [0, 255, 0]) }
    }

    func testShelfErrorsNameTheRow() {
        XCTAssertThrowsError(try scene(#"{"kind": "shelf", "name": "s", "frame": [0, 0, 100, 100], "rows": [{"content": {"kind": "shelf", "name": "t", "frame": [0, 0, 10, 10], "rows": []}}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("rows[0].content.kind"), "\(e)")
        }
        XCTAssertThrowsError(try scene(#"{"kind": "shelf", "name": "s", "frame": [0, 0, 100, 100], "rows": [{"titel": "x", "content": {}}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("unknown key \"titel\""), "\(e)")
        }
        XCTAssertThrowsError(try scene(#"{"kind": "shelf", "name": "s", "frame": [0, 0, 100, 100], "rows": []}"#))
        let long = String(repeating: "x", count: 1001)
        XCTAssertThrowsError(try scene(#"{"kind": "shelf", "name": "s", "frame": [0, 0, 100, 100], "rows": [{"title": "\#(long)", "content": {"kind": "layer", "name": "l", "bounds": [1, 1]}}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("rows[0].title: expected a title of at most 1000 characters"), "\(e)")
        }
    }
}
