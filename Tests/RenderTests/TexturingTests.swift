import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Texture sampling: crisp texels, perspective-correct interpolation, rounded shapes, AA edges.
final class TexturingTests: XCTestCase {
    /// An 8x8 quadrant image magnified 10x: texel centres are exact (no ring artefacts,
    /// no cross-quadrant bleeding away from the seams).
    func testMagnifiedQuadrantsAreCrisp() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4001, width: 8, height: 8, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 8, height: 8) { x, y in
            x < 4 ? (y < 4 ? (255, 0, 0, 255) : (0, 0, 255, 255)) : (y < 4 ? (0, 255, 0, 255) : (255, 255, 255, 255))
        }
        let layer = Layer(name: "quadrants", bounds: Size(80, 80), position: Point(40, 40))
        layer.contents = .image(ref)
        let image = try h.render([layer], canvas: Size(80, 80), dump: "quadrants8")
        for (x, y) in [(5, 5), (25, 25), (34, 15), (15, 34)] {
            assertPixel(image, x, y, (255, 0, 0, 255), tolerance: 1, "red quadrant")
        }
        assertPixel(image, 45, 25, (0, 255, 0, 255), tolerance: 1)
        assertPixel(image, 25, 45, (0, 0, 255, 255), tolerance: 1)
        assertPixel(image, 55, 55, (255, 255, 255, 255), tolerance: 1)
    }

    /// Under perspective the image's middle column lands at the projected centre, not at the
    /// screen midpoint of the quad's edges (where affine interpolation would put it).
    func testTexturingIsPerspectiveCorrect() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4002, width: 64, height: 4, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 4) { x, _ in x < 32 ? (255, 0, 0, 255) : (0, 255, 0, 255) }
        let layer = Layer(name: "tilted", bounds: Size(160, 100), position: Point(100, 100))
        layer.anchorPoint = Point(0, 0.5)   // rotate about the left edge so the centre moves
        layer.contents = .image(ref)
        layer.transform = Transform3D.rotation(1.1, 0, 1, 0) * .perspective(300)
        let m = Transform3D.translation(0, -50) * layer.transform * .translation(100, 100)
        let seam = m.project(Point(80, 50)).x
        let affineSeam = (m.project(Point(0, 50)).x + m.project(Point(160, 50)).x) / 2
        // The far (right) half is foreshortened, so the true seam lies right of the affine one.
        XCTAssertGreaterThan(seam - affineSeam, 4, "the test needs a clear difference")
        let image = try h.render([layer], canvas: Size(300, 200), dump: "perspectiveTexture")
        assertPixel(image, Int(seam) - 3, 100, (255, 0, 0, 255), tolerance: 8, "left of the projected seam \(seam)")
        assertPixel(image, Int(seam) + 3, 100, (0, 255, 0, 255), tolerance: 8, "right of the projected seam")
        assertPixel(image, Int((seam + affineSeam) / 2), 100, (255, 0, 0, 255), tolerance: 8,
                    "between the seams: red when perspective-correct (affine would say green)")
    }

    /// A colour layer's own cornerRadius rounds its fill; the corner is antialiased.
    func testRoundedColourQuadAndAntialiasedEdge() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "rounded", bounds: Size(100, 100), position: Point(60, 60))
        layer.contents = .color(Color(1, 1, 1))
        layer.cornerRadius = 40
        let image = try h.render([layer], canvas: Size(120, 120), dump: "roundedQuad")
        assertPixel(image, 14, 14, (0, 0, 0, 255), "corner cut-out")
        assertPixel(image, 60, 11, (255, 255, 255, 255), "top edge middle")
        // Somewhere along the arc there are partially covered pixels.
        var partial = 0
        for x in 10..<50 {
            let v = image.pixel(x, x).r
            if v > 20 && v < 235 { partial += 1 }
        }
        XCTAssertGreaterThanOrEqual(partial, 1, "the arc is antialiased")
        // A straight edge at a fractional position is partially covered too.
        let half = Layer(name: "edge", bounds: Size(50.5, 20), position: Point(0, 0))
        half.anchorPoint = .zero
        half.contents = .color(Color(1, 1, 1))
        let edge = try h.render([half], canvas: Size(120, 120))
        assertPixel(edge, 49, 10, (255, 255, 255, 255))
        assertPixel(edge, 50, 10, (128, 128, 128, 255), tolerance: 12, "half-covered edge pixel")
        assertPixel(edge, 51, 10, (0, 0, 0, 255))
    }
}
