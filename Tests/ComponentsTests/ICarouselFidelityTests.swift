import Assets
import XCTest
import LayerMath
import Scene
import Layers
import _TestSupport
@testable import Components

/// iCarousel 1.8.3 (iCarousel.m) for every
/// type, horizontal and vertical, at rest and mid-scroll, with non-default options.
///
/// The oracle below is `transformForItemViewWithOffset:` transcribed with Core
/// Animation's functions: `CATransform3DTranslate(t, x, y, z)` = `T(x, y, z) * t` and
/// `CATransform3DRotate(t, a, x, y, z)` = `R(a, x, y, z) * t` (row vectors).
final class ICarouselFidelityTests: XCTestCase {
    private func translate(_ t: Transform3D, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .translation(x, y, z) * t
    }
    private func rotate(_ t: Transform3D, _ a: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .rotation(a, x, y, z) * t
    }

    struct Options {
        var spacing: Double?, tilt: Double?, arc = 2 * Double.pi, perspective = 500.0
        var viewpoint = Point(0, 0)
    }

    /// iCarousel's transform for `offset`; `w` = `_itemWidth`, `count` =
    /// `circularCarouselItemCount`, CoverFlow2 with the flip recomputed per item.
    private func expected(_ type: CarouselType, _ offset: Double, w: Double, count: Double, vertical: Bool,
                          _ o: Options) -> Transform3D {
        var base = Transform3D.identity
        base.m34 = -1 / o.perspective
        base = translate(base, -o.viewpoint.x, -o.viewpoint.y, 0)
        switch type {
        case .linear:
            let sp = o.spacing ?? 1
            return vertical ? translate(base, 0, offset * w * sp, 0) : translate(base, offset * w * sp, 0, 0)
        case .rotary, .invertedRotary:
            let sp = o.spacing ?? 1
            var radius = max(w * sp / 2, w * sp / 2 / tan(o.arc / 2 / count))
            var angle = offset / count * o.arc
            if type == .invertedRotary { radius = -radius; angle = -angle }
            return vertical ? translate(base, 0, radius * sin(angle), radius * cos(angle) - radius)
                : translate(base, radius * sin(angle), 0, radius * cos(angle) - radius)
        case .cylinder, .invertedCylinder:
            let sp = o.spacing ?? 1
            var radius = max(0.01, w * sp / 2 / tan(o.arc / 2 / count))
            var angle = offset / count * o.arc
            if type == .invertedCylinder { radius = -radius; angle = -angle }
            var t = translate(base, 0, 0, -radius)
            t = vertical ? rotate(t, angle, -1, 0, 0) : rotate(t, angle, 0, 1, 0)
            return translate(t, 0, 0, radius + 0.01)
        case .wheel, .invertedWheel:
            let sp = o.spacing ?? 1
            var radius = w * sp * count / o.arc
            var angle = o.arc / count
            if type == .invertedWheel { radius = -radius; angle = -angle }
            if vertical {
                let t = rotate(translate(base, -radius, 0, 0), angle * offset, 0, 0, 1)
                return translate(t, radius, 0, offset * 0.01)
            }
            let t = rotate(translate(base, 0, radius, 0), angle * offset, 0, 0, 1)
            return translate(t, 0, -radius, offset * 0.01)
        case .coverFlow, .coverFlow2:
            let tilt = o.tilt ?? 0.9, sp = o.spacing ?? 0.25
            let c = max(-1, min(1, offset))
            let x = (c * 0.5 * tilt + offset * sp) * w
            let z = abs(c) * -w * 0.5
            if vertical { return rotate(translate(base, 0, x, z), -c * .pi / 2 * tilt, -1, 0, 0) }
            return rotate(translate(base, x, 0, z), -c * .pi / 2 * tilt, 0, 1, 0)
        case .timeMachine, .invertedTimeMachine:
            var tilt = o.tilt ?? 0.3, offset = offset
            let sp = o.spacing ?? 1
            if type == .invertedTimeMachine { tilt = -tilt; offset = -offset }
            return vertical ? translate(base, 0, offset * w * tilt, offset * w * sp)
                : translate(base, offset * w * tilt, 0, offset * w * sp)
        case .rotatedFlow:
            return .identity
        }
    }

    /// iCarousel's `offsetForItemAtIndex:`.
    private func offset(of index: Int, scroll: Double, count n: Int, wrap: Bool) -> Double {
        var o = Double(index) - scroll
        if wrap {
            if o > Double(n) / 2 { o -= Double(n) } else if o < -Double(n) / 2 { o += Double(n) }
        }
        return o
    }

    func testVerticalItemWidthIsTheItemViewsHeight() {
        var o = CarouselOptions()
        o.vertical = true
        o.itemSize = Size(300, 200)
        let v = CarouselLayout(type: .linear, options: o, frame: Size(500, 1000), count: 9)
        XCTAssertEqual(v.itemWidth, 200)
        XCTAssertEqual(v.dragPitch, 200)
        // numberOfVisibleItems = ceil(height / (itemWidth * spacing)) + 2 = ceil(1000 / 200) + 2.
        XCTAssertEqual(v.visibleCount, 7)
        o.vertical = false
        XCTAssertEqual(CarouselLayout(type: .linear, options: o, frame: Size(500, 1000), count: 9).itemWidth, 300)
        o.vertical = true
        o.itemWidth = 150                            // carouselItemWidth: wins
        XCTAssertEqual(CarouselLayout(type: .linear, options: o, frame: Size(500, 1000), count: 9).itemWidth, 150)
    }

    /// Every type, both orientations, non-default options: each item's transform at
    /// rest and at several moments of a key-press scroll (not a drag).
    func testEveryTypeAtRestAndMidScrollMatchesICarousel() {
        for vertical in [false, true] {
            for type in CarouselType.allCases where type != .rotatedFlow {
                var o = CarouselOptions()
                o.vertical = vertical
                o.itemSize = Size(240, 180)
                o.spacing = 0.8
                o.tilt = 0.6
                o.arc = 1.5 * .pi
                o.perspective = 800
                o.viewpointOffset = Point(10, -20)
                let oracle = Options(spacing: 0.8, tilt: 0.6, arc: 1.5 * .pi, perspective: 800, viewpoint: Point(10, -20))
                let frame = vertical ? Rect(x: 0, y: 0, width: 500, height: 1000) : Rect(x: 0, y: 0, width: 1000, height: 500)
                let n = 40
                let c = Carousel(name: "c", frame: frame, count: n, type: type, options: o, images: ImageStore(),
                                 startIndex: 20)
                // _itemWidth: the view's height when vertical.
                let w = vertical ? 180.0 : 240.0
                XCTAssertEqual(c.layout.itemWidth, w)
                // circularCarouselItemCount = min(30, max(12, ceil(extent / (0.8 w)) * pi)), truncated.
                let count = Double(min(n, Int(min(30, max(12, (1000 / (0.8 * w)).rounded(.up) * .pi)))))
                let key = vertical ? "Down" : "Right"
                c.update(to: 0)
                _ = c.moveFocus(FocusDirection(key: key)!, at: 0.05)
                for t in [0.05, 0.12, 0.25, 0.33, 0.45, 1.0] {
                    c.update(to: t)
                    let scroll = c.physics.offset
                    XCTAssertTrue(c.rootLayer.sublayers.contains { $0.tag == c.centredIndex }, "\(type) \(vertical)")
                    for layer in c.rootLayer.sublayers {
                        let off = offset(of: layer.tag, scroll: scroll, count: n, wrap: c.physics.wrap)
                        let e = expected(type, off, w: w, count: count, vertical: vertical, oracle)
                        assertClose(layer.transform, e, 1e-9, "\(type) vertical \(vertical) item \(layer.tag) at \(scroll)")
                        XCTAssertEqual(layer.position, Point(frame.width / 2, frame.height / 2))
                    }
                }
                XCTAssertEqual(c.physics.offset, 21, "\(type) \(vertical)")
            }
        }
    }

    func testVerticalDepthTiesBreakOnY() {
        // Linear items all have depth m13 + m23 + m33 + m43 = 1: iCarousel then puts the
        // item farther from the current one (in y when vertical) behind.
        var o = CarouselOptions()
        o.vertical = true
        o.itemSize = Size(300, 200)
        o.spacing = 0.5                              // items overlap by half
        let c = Carousel(name: "c", frame: Rect(x: 0, y: 0, width: 500, height: 1000), count: 9, type: .linear,
                         options: o, images: ImageStore(), startIndex: 4)
        c.update(to: 0)
        let order = c.rootLayer.sublayers.map(\.tag)
        let distances = order.map { abs($0 - 4) }
        XCTAssertEqual(distances, distances.sorted(by: >), "drawing order \(order)")
        XCTAssertEqual(order.last, 4)
        // The tie coordinate is m12 + m22 + m32 + m42 when vertical, m11 + m21 + m31 + m41 otherwise.
        let t = Transform3D.translation(3, 7, 0) * .rotation(0.3, 0, 0, 1)
        XCTAssertEqual(c.layout.tieCoordinate(t), t.m12 + t.m22 + t.m32 + t.m42)
        o.vertical = false
        XCTAssertEqual(CarouselLayout(type: .linear, options: o, frame: Size(500, 500), count: 9).tieCoordinate(t),
                       t.m11 + t.m21 + t.m31 + t.m41)
    }

    func testCoverFlow2ItemToggleMakesEveryItemLookLikeCoverFlow() {
        let l = CarouselLayout(type: .coverFlow2, frame: Size(1000, 400), count: 9)
        for offset in stride(from: -2.5, through: 2.5, by: 0.05) {
            let toggle = CarouselLayout.coverFlow2ItemToggle(offset: offset)
            XCTAssertEqual(l.coverFlow2Clamp(offset: offset, toggle: toggle), max(-1, min(1, offset)), accuracy: 1e-12,
                           "offset \(offset)")
        }
        // By hand from transformItemView: offset 0.3 -> -0.3; 0.7 -> 0.3; -0.7 -> -0.3; 1.2 -> 0.
        XCTAssertEqual(CarouselLayout.coverFlow2ItemToggle(offset: 0.3), -0.3, accuracy: 1e-12)
        XCTAssertEqual(CarouselLayout.coverFlow2ItemToggle(offset: 0.7), 0.3, accuracy: 1e-12)
        XCTAssertEqual(CarouselLayout.coverFlow2ItemToggle(offset: -0.7), -0.3, accuracy: 1e-12)
        XCTAssertEqual(CarouselLayout.coverFlow2ItemToggle(offset: 1.2), 0)
    }

    /// A key press is not a drag: mid-scroll and at rest CoverFlow2 is CoverFlow, even
    /// when the frame is rendered with a single update (as `parallax-render` does).
    func testCoverFlow2AfterKeyPressLooksLikeCoverFlow() {
        for vertical in [false, true] {
            for updates in [[0.1, 0.2, 0.3, 0.45, 0.6, 1.0], [0.3], [1.0]] {
                var o = CarouselOptions()
                o.vertical = vertical
                o.itemSize = Size(200, 200)
                func make(_ type: CarouselType) -> Carousel {
                    Carousel(name: "c", frame: Rect(x: 0, y: 0, width: 1000, height: 1000), count: 15, type: type,
                             options: o, images: ImageStore(), startIndex: 7)
                }
                let two = make(.coverFlow2), one = make(.coverFlow)
                for c in [two, one] {
                    c.update(to: 0)
                    _ = c.moveFocus(vertical ? .down : .right, at: 0.05)
                }
                for t in updates {
                    two.update(to: t); one.update(to: t)
                    XCTAssertEqual(two.toggle, 0)
                    let a = Dictionary(uniqueKeysWithValues: two.rootLayer.sublayers.map { ($0.tag, $0.transform) })
                    for layer in one.rootLayer.sublayers {
                        guard let m = a[layer.tag] else { XCTFail("item \(layer.tag) missing"); continue }
                        assertClose(m, layer.transform, 1e-12, "item \(layer.tag) at t \(t), vertical \(vertical)")
                    }
                }
            }
        }
    }

    /// A slow drag across the half-way point: the flip jumps to -1 when the index
    /// changes and eases back to 0 within 0.4 s (iCarousel's MAX_TOGGLE_DURATION).
    func testCoverFlow2DragFlipEasesBackToZeroWithinPointFourSeconds() {
        let c = Carousel(name: "c", frame: Rect(x: 0, y: 0, width: 1000, height: 400), count: 15, type: .coverFlow2,
                         options: { var o = CarouselOptions(); o.itemSize = Size(200, 300); return o }(),
                         images: ImageStore(), startIndex: 7)
        c.update(to: 0)
        // dragPitch = itemWidth / offsetMultiplier = 100 pt per item: drag left 80 pt at
        // 50 pt/s (0.5 offset/s, iCarousel's `_startVelocity` 0.25 item/s).
        c.handle(.pointer(Point(600, 200), button: .left, down: true), at: 0)
        var toggles: [Int: Double] = [:]                         // by move number
        var changedAt: Int?
        for i in 1...80 {
            c.handle(.move(Point(600 - Double(i), 200)), at: Double(i) * 0.02)
            c.update(to: Double(i) * 0.02)
            toggles[i] = c.toggle
            if changedAt == nil && c.centredIndex == 8 { changedAt = i }
        }
        XCTAssertEqual(changedAt, 51)                            // 51 pt: offset 7.51
        // toggleDuration = 0.2 + 0.2 * min(1, 1 / 0.25) = 0.4 s; easeInOut(0.5) = 0.5.
        XCTAssertEqual(toggles[50], 0)
        XCTAssertEqual(toggles[51] ?? 0, -1, accuracy: 1e-9)
        XCTAssertEqual(toggles[61] ?? 0, -0.5, accuracy: 1e-9)  // 0.2 s later
        XCTAssertEqual(toggles[71] ?? 1, 0, accuracy: 1e-12)    // 0.4 s later
        // While flipping, the new centre item's clamp follows the toggle.
        XCTAssertEqual(c.layout.coverFlow2Clamp(offset: 0.3, toggle: -0.5), 0.5, accuracy: 1e-12)
        let t = 1.6
        c.handle(.pointer(Point(530, 200), button: .left, down: false), at: t + 0.5)
        c.update(to: t + 2)
        XCTAssertEqual(c.physics.offset, 8)
        XCTAssertEqual(c.toggle, 0)
    }
}
