import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Where projected edges land, which way up images read back, HiDPI scaling, back faces.
final class GeometryTests: XCTestCase {
    let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    /// A 100x100 layer rotated 45 deg about Y with perspective 500: its right (+x) edge
    /// recedes, so it lands left of 150 and is shorter; probe just inside and outside.
    func testPerspectiveEdgeOfYRotatedLayer() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "tilted", bounds: Size(100, 100), position: Point(100, 100))
        layer.contents = .color(Color(1, 0, 0))
        layer.transform = Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500)

        // Expected edges from Transform3D math alone: T(-anchor) * transform * T(position).
        let m = Transform3D.translation(-50, -50) * layer.transform * .translation(100, 100)
        let rightMid = m.project(Point(100, 50)), rightTop = m.project(Point(100, 0))
        let leftMid = m.project(Point(0, 50))
        XCTAssertLessThan(rightMid.x, 150)          // receding edge moves in
        XCTAssertLessThan(rightMid.x - 100, 100 - leftMid.x)
        XCTAssertGreaterThan(rightTop.y, 0)

        let image = try h.render([layer], canvas: Size(200, 200), dump: "perspective")
        let y = 100
        let xEdge = rightMid.x   // ~133.0
        assertPixel(image, Int(xEdge) - 3, y, red, "inside the receding right edge at x=\(xEdge)")
        assertPixel(image, Int(xEdge) + 2, y, black, "outside the receding right edge at x=\(xEdge)")
        let xLeft = leftMid.x    // ~61.9
        assertPixel(image, Int(xLeft) + 2, y, red, "inside the near left edge at x=\(xLeft)")
        assertPixel(image, Int(xLeft) - 3, y, black, "outside the near left edge at x=\(xLeft)")
        // The right edge is shorter: near it, the top is lower than the layer's original top (50).
        let topAtRight = rightTop.y   // ~53.3
        assertPixel(image, Int(xEdge) - 4, Int(topAtRight) + 3, red, "below the top edge near the right")
        assertPixel(image, Int(xEdge) - 4, Int(topAtRight) - 3, black, "above the top edge near the right")
        // The edge pixel is partially covered (antialiased), between the two.
        let edge = image.pixel(Int(xEdge), y)
        XCTAssertEqual(edge.b, 0)
    }

    /// An asymmetric image (TL red, TR green, BL blue, BR white) reads back the right way up.
    func testOrientationOfAsymmetricImage() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 1001, width: 2, height: 2, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 2) { x, y in
            switch (x, y) {
            case (0, 0): return (255, 0, 0, 255)
            case (1, 0): return (0, 255, 0, 255)
            case (0, 1): return (0, 0, 255, 255)
            default: return (255, 255, 255, 255)
            }
        }
        let layer = Layer(name: "quadrants", bounds: Size(100, 100), position: Point(50, 50))
        layer.contents = .image(ref)
        let image = try h.render([layer], canvas: Size(100, 100), dump: "orientation")
        assertPixel(image, 10, 10, (255, 0, 0, 255), "top-left")
        assertPixel(image, 90, 10, (0, 255, 0, 255), "top-right")
        assertPixel(image, 10, 90, (0, 0, 255, 255), "bottom-left")
        assertPixel(image, 90, 90, (255, 255, 255, 255), "bottom-right")
    }

    /// An asymmetric 2D transform (rotation about Z, CA clockwise) lands where p * M says.
    func testRotationAboutZIsClockwise() throws {
        let h = try RenderHarness.shared()
        // A 100x20 bar anchored at its left end, rotated +90 deg about Z: CA turns +x into +y.
        let bar = Layer(name: "bar", bounds: Size(100, 20), position: Point(100, 100))
        bar.anchorPoint = Point(0, 0.5)
        bar.contents = .color(Color(1, 0, 0))
        bar.transform = .rotation(.pi / 2, 0, 0, 1)
        let image = try h.render([bar], canvas: Size(200, 200), dump: "rotateZ")
        assertPixel(image, 100, 180, red, "below the anchor")
        assertPixel(image, 100, 20, black, "above the anchor")
        assertPixel(image, 180, 100, black, "right of the anchor")
    }

    /// Canvas points scale uniformly onto a larger target (HiDPI) and centre when the aspect differs.
    func testCanvasScalesUniformlyAndCentres() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "square", bounds: Size(50, 50), position: Point(25, 25))
        layer.contents = .color(Color(1, 0, 0))
        let image = try h.render([layer], canvas: Size(100, 100), width: 200, height: 200)
        assertPixel(image, 95, 95, red)
        assertPixel(image, 105, 105, black)
        // Wider target: scale 2, centred horizontally with 50-pixel bars.
        let wide = try h.render([layer], canvas: Size(100, 100), width: 300, height: 200)
        assertPixel(wide, 45, 10, black, "letterbox bar")
        assertPixel(wide, 55, 10, red, "canvas origin moved right by 50")
        assertPixel(wide, 145, 95, red)
        assertPixel(wide, 155, 105, black)
    }

    /// A layer turned 180 deg about Y is drawn (mirrored) when double-sided and not drawn otherwise.
    func testBackFacingLayerNotDrawnWhenSingleSided() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "back", bounds: Size(80, 80), position: Point(50, 50))
        layer.contents = .color(Color(1, 0, 0))
        layer.transform = Transform3D.rotation(.pi, 0, 1, 0) * .perspective(500)
        let shown = try h.render([layer], canvas: Size(100, 100))
        assertPixel(shown, 50, 50, red, "double-sided back face is drawn")
        layer.isDoubleSided = false
        let hidden = try h.render([layer], canvas: Size(100, 100))
        assertPixel(hidden, 50, 50, black, "single-sided back face is culled")
        XCTAssertEqual(h.renderer.stats.quads, 0)
    }

    /// A layer that reaches behind the eye (w <= 0) is clipped at the eye plane: the part in
    /// front is drawn up to the canvas edge, the part behind does not reappear mirrored.
    func testPartBehindTheEyeIsClipped() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "long", bounds: Size(1000, 100), position: Point(100, 100))
        layer.anchorPoint = Point(0, 0.5)
        layer.contents = .color(Color(1, 0, 0))
        layer.transform = Transform3D.rotation(-.pi / 3, 0, 1, 0) * .perspective(200)   // +x edge toward the viewer
        let m = Transform3D.translation(0, -50) * layer.transform * .translation(100, 100)
        XCTAssertLessThan(m.apply(Vector4(1000, 50, 0, 1)).w, 0, "the far end is behind the eye")
        let image = try h.render([layer], canvas: Size(200, 200), dump: "behindEye")
        assertPixel(image, 150, 100, red, "in front of the eye")
        assertPixel(image, 195, 100, red, "up to the canvas edge")
        assertPixel(image, 50, 100, black, "the mirrored part behind the eye is not drawn")
        XCTAssertEqual(h.renderer.glErrors, [])
    }
}
