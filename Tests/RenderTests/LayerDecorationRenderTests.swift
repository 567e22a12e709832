import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// CALayer's background, border and shadow on screen, probed at pixels whose values follow
/// from the definitions (premultiplied "over", the border inset from the bounds, a
/// Gaussian blur of the shadow's shape).
final class LayerDecorationRenderTests: XCTestCase {
    private func layer(_ frame: Rect) -> Layer {
        let l = Layer(name: "l")
        l.frame = frame
        return l
    }

    /// A half-transparent white image over a red background: 0.5 white + 0.5 red =
    /// (255, 128, 128).
    func testBackgroundShowsThroughATranslucentImage() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35001, width: 4, height: 4)
        h.images.images[ref.id] = makeImage(width: 4, height: 4) { _, _ in (255, 255, 255, 128) }
        let l = layer(Rect(x: 8, y: 8, width: 48, height: 48))
        l.backgroundColor = Color(1, 0, 0, 1)
        l.contents = .image(ref)
        let image = try h.render([l], canvas: Size(64, 64), dump: "decoration-background")
        assertPixel(image, 32, 32, (255, 127, 127, 255), tolerance: 2)
        assertPixel(image, 4, 4, (0, 0, 0, 255), tolerance: 0, "outside the bounds")
    }

    /// Letterboxing (`resizeAspect`): a 4 x 2 blue image in a 48 x 48 layer fills a 48 x 24
    /// band in the middle; above and below it the background shows.
    func testBackgroundFillsTheLetterboxOfResizeAspect() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35002, width: 4, height: 2, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 4, height: 2) { _, _ in (0, 0, 255, 255) }
        let l = layer(Rect(x: 8, y: 8, width: 48, height: 48))
        l.backgroundColor = Color(0, 1, 0, 1)
        l.contents = .image(ref)
        l.contentsGravity = .resizeAspect
        let image = try h.render([l], canvas: Size(64, 64))
        assertPixel(image, 32, 32, (0, 0, 255, 255), tolerance: 1, "the image band, y 20...44")
        assertPixel(image, 32, 12, (0, 255, 0, 255), tolerance: 1, "the letterbox above")
        assertPixel(image, 32, 50, (0, 255, 0, 255), tolerance: 1, "the letterbox below")
    }

    /// Half opacity over an opaque background and an opaque image composites them as one
    /// image: 0.5 blue over black is (0, 0, 128), not 0.5 blue over 0.5 red (64, 0, 128).
    /// The image is magnified (4 x 4 texels over 48 x 48 points), so no mip chain is built
    /// for it: nothing but the draw itself binds its texture inside the group's image.
    func testHalfOpacityOverBackgroundAndImageIsOneGroup() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35003, width: 4, height: 4, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 4, height: 4) { _, _ in (0, 0, 255, 255) }
        let l = layer(Rect(x: 8, y: 8, width: 48, height: 48))
        l.backgroundColor = Color(1, 0, 0, 1)
        l.contents = .image(ref)
        l.opacity = 0.5
        let image = try h.render([l], canvas: Size(64, 64))
        assertPixel(image, 32, 32, (0, 0, 128, 255), tolerance: 2)
    }

    /// A 4-point border inside a 40 x 40 layer at (10, 10): green from x 10 to 14, the blue
    /// background inside it, nothing outside the bounds.
    func testBorderIsInsetFromTheBounds() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.borderWidth = 4
        l.borderColor = Color(0, 1, 0, 1)
        let image = try h.render([l], canvas: Size(64, 64), dump: "decoration-border")
        assertPixel(image, 9, 30, (0, 0, 0, 255), tolerance: 0, "left of the bounds")
        for x in [10, 13] { assertPixel(image, x, 30, (0, 255, 0, 255), tolerance: 1, "inside the border, x \(x)") }
        assertPixel(image, 14, 30, (0, 0, 255, 255), tolerance: 1, "just inside the border")
        assertPixel(image, 30, 47, (0, 255, 0, 255), tolerance: 1, "bottom border (46...50)")
        assertPixel(image, 30, 30, (0, 0, 255, 255), tolerance: 0, "the middle")
    }

    /// The border follows cornerRadius: outer radius 10, inner radius 10 - 4 = 6 (both
    /// centred at (20, 20)). Pixel centre (11.5, 11.5) is 12.0 from that centre: outside;
    /// (15.5, 15.5) is 6.36: 0.36 outside the inner curve, border coverage 0.5 + 0.36, so
    /// (0, 219, 36); (17.5, 17.5) is 3.5: inside the inner curve.
    func testBorderFollowsTheCornerRadius() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.cornerRadius = 10
        l.borderWidth = 4
        l.borderColor = Color(0, 1, 0, 1)
        let image = try h.render([l], canvas: Size(64, 64))
        assertPixel(image, 11, 11, (0, 0, 0, 255), tolerance: 1, "outside the rounded corner")
        assertPixel(image, 15, 15, (0, 219, 36, 255), tolerance: 8, "in the border's curve")
        assertPixel(image, 17, 17, (0, 0, 255, 255), tolerance: 1, "inside the inner curve")
    }

    /// The border is drawn above the sublayers: a red sublayer filling the bounds leaves
    /// the border green.
    func testBorderIsAboveSublayers() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
        l.borderWidth = 4
        l.borderColor = Color(0, 1, 0, 1)
        let child = layer(Rect(x: 0, y: 0, width: 40, height: 40))
        child.backgroundColor = Color(1, 0, 0, 1)
        l.addSublayer(child)
        let image = try h.render([l], canvas: Size(64, 64))
        assertPixel(image, 11, 30, (0, 255, 0, 255), tolerance: 1, "border over the sublayer")
        assertPixel(image, 30, 30, (255, 0, 0, 255), tolerance: 1, "the sublayer inside")
    }

    /// The shadow of a 20 x 20 layer at (10, 10), offset 30 to the right, radius (standard
    /// deviation) 2, opacity 1, black over white: the shadow's left edge is x = 40. Pixel
    /// centres 39.5 and 40.5 lie 0.25 sigma either side, so their coverages sum to 1 (half
    /// the opacity at the edge's middle); x 34 (centre 3.25 sigma outside) is white to 1/255;
    /// x 50 (5 sigma inside every edge) is black.
    func testShadowIsHalfAtItsEdgeNothingThreeRadiiOutAndFullInside() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 20, height: 20))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.shadow.opacity = 1
        l.shadow.radius = 2
        l.shadow.offset = Point(30, 0)
        let image = try h.render([l], canvas: Size(64, 40), background: .white, dump: "decoration-shadow")
        let a = Int(image.pixel(39, 20).r), b = Int(image.pixel(40, 20).r)
        XCTAssertEqual(Double(a + b) / 2, 127.5, accuracy: 2, "half at the edge: \(a), \(b)")
        // Coverage at 0.25 sigma inside: Phi(0.25) = 0.5987, so 255 * (1 - 0.5987) = 102.3.
        XCTAssertEqual(Double(b), 102.3, accuracy: 3)
        assertPixel(image, 34, 20, (255, 255, 255, 255), tolerance: 1, "three radii outside")
        assertPixel(image, 50, 20, (0, 0, 0, 255), tolerance: 1, "well inside")
        assertPixel(image, 20, 20, (0, 0, 255, 255), tolerance: 0, "the layer over its shadow's tail")
    }

    /// shadowOffset's direction: +height moves the shadow down. With offset (0, 8), 4.5
    /// points below the layer is inside the shadow (3.5 from its edge: dark) and 4.5 above is
    /// 12.5 outside it (white).
    func testShadowOffsetMovesItDown() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 20, y: 20, width: 20, height: 20))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.shadow.opacity = 1
        l.shadow.radius = 2
        l.shadow.offset = Point(0, 8)
        let image = try h.render([l], canvas: Size(60, 60), background: .white)
        // Phi(1.75) = 0.96: 255 * 0.04 = 10.2.
        XCTAssertEqual(Double(image.pixel(30, 44).r), 10.2, accuracy: 3, "below")
        assertPixel(image, 30, 15, (255, 255, 255, 255), tolerance: 1, "above")
    }

    /// The shadow follows cornerRadius. Radius 10, sigma 0.5, offset 50: at the shadow shape's
    /// corner (60, 10), pixel centre (61.5, 11.5) is 1.5 inside both sides (coverage 0.99
    /// for square corners) but 12.0 from the corner circle's centre (70, 20), 2.0 (4 sigma)
    /// outside it: white; (75.5, 30.5) is 31 sigma inside.
    func testShadowFollowsTheCornerRadius() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.cornerRadius = 10
        l.shadow.opacity = 1
        l.shadow.radius = 0.5
        l.shadow.offset = Point(50, 0)
        let image = try h.render([l], canvas: Size(110, 60), background: .white)
        assertPixel(image, 61, 11, (255, 255, 255, 255), tolerance: 3, "outside the rounded corner")
        assertPixel(image, 75, 30, (0, 0, 0, 255), tolerance: 1, "inside")
    }

    /// maskedCorners rounds only the corners named (CACornerMask): with the top-left corner
    /// alone, pixel (11, 11) is outside the radius-10 arc while the other three corners'
    /// pixels are inside their square corners; the border follows the same corners.
    func testMaskedCornersRoundOnlyTheCornersNamed() throws {
        let h = try RenderHarness.shared()
        let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.cornerRadius = 10
        l.maskedCorners = [.minXMinY]
        l.borderWidth = 2
        l.borderColor = Color(0, 1, 0, 1)
        let image = try h.render([l], canvas: Size(64, 64))
        assertPixel(image, 11, 11, (0, 0, 0, 255), tolerance: 1, "top left: rounded")
        for (x, y) in [(48, 11), (11, 48), (48, 48)] {
            assertPixel(image, x, y, (0, 255, 0, 255), tolerance: 1, "square corner (\(x), \(y)): the border")
        }
        assertPixel(image, 46, 13, (0, 0, 255, 255), tolerance: 1, "inside the square corner's border")
    }

    /// A masksToBounds clip follows maskedCorners, drawn in the quad shader (a child aligned
    /// with the clip) and as a stencil shape (a rotated child): with the bottom-right corner
    /// alone rounded, (48, 48) is cut away and (11, 11) is not.
    func testMaskedCornersShapeTheClip() throws {
        let h = try RenderHarness.shared()
        for angle in [0.0, 0.2] {
            let l = layer(Rect(x: 10, y: 10, width: 40, height: 40))
            l.masksToBounds = true
            l.cornerRadius = 10
            l.maskedCorners = [.maxXMaxY]
            let child = layer(Rect(x: -20, y: -20, width: 80, height: 80))
            child.backgroundColor = Color(1, 0, 0, 1)
            child.transform = .rotation(angle, 0, 0, 1)
            l.addSublayer(child)
            let image = try h.render([l], canvas: Size(64, 64))
            assertPixel(image, 48, 48, (0, 0, 0, 255), tolerance: 1, "rounded corner, child rotated \(angle)")
            assertPixel(image, 11, 11, (255, 0, 0, 255), tolerance: 1, "square corner, child rotated \(angle)")
            assertPixel(image, 5, 30, (0, 0, 0, 255), tolerance: 0, "outside the clip, child rotated \(angle)")
        }
    }

    /// magnificationFilter nearest: a 2 x 1 image (red, blue) magnified to 40 x 20 keeps a
    /// hard edge at x 20 (pixels 19 and 20 whole red and blue); linear blends them there.
    func testNearestMagnificationKeepsTexelsHard() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35004, width: 2, height: 1, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let l = layer(Rect(x: 0, y: 0, width: 40, height: 20))
        l.contents = .image(ref)
        l.magnificationFilter = .nearest
        let image = try h.render([l], canvas: Size(40, 20))
        assertPixel(image, 19, 10, (255, 0, 0, 255), tolerance: 0, "last red texel's pixel")
        assertPixel(image, 20, 10, (0, 0, 255, 255), tolerance: 0, "first blue texel's pixel")
        l.magnificationFilter = .linear
        let smooth = try h.render([l], canvas: Size(40, 20))
        // Pixel 19's centre (19.5) is 0.025 texel left of the texels' boundary at u 0.5:
        // linear gives red 0.5 + 0.025.
        XCTAssertEqual(Double(smooth.pixel(19, 10).r), 255 * 0.525, accuracy: 2)
    }

    /// contentsRect picks the image's right half (blue) to fill the bounds.
    func testContentsRectDrawsTheCell() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35005, width: 2, height: 1, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let l = layer(Rect(x: 0, y: 0, width: 40, height: 20))
        l.contents = .image(ref)
        l.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        l.magnificationFilter = .nearest
        let image = try h.render([l], canvas: Size(40, 20))
        for x in [0, 20, 39] { assertPixel(image, x, 10, (0, 0, 255, 255), tolerance: 0, "x \(x)") }
    }

    /// A replicator's instance colour multiplies an image's texels: white texels under
    /// instance colour (1, 0.5, 0.25) draw (255, 128, 64).
    func testReplicatorInstanceColourMultipliesImages() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 35006, width: 64, height: 64, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 64) { _, _ in (255, 255, 255, 255) }
        let r = layer(Rect(x: 0, y: 0, width: 64, height: 64))
        var settings = Replicator()
        settings.instanceColor = Color(1, 0.5, 0.25, 1)
        settings.instanceCount = 2
        settings.instanceTransform = .translation(32, 0, 0)
        r.replicator = settings
        let child = layer(Rect(x: 0, y: 0, width: 32, height: 32))
        child.contents = .image(ref)
        r.addSublayer(child)
        let image = try h.render([r], canvas: Size(64, 64))
        assertPixel(image, 16, 16, (255, 128, 64, 255), tolerance: 1, "instance 0")
        assertPixel(image, 48, 16, (255, 128, 64, 255), tolerance: 1, "instance 1")
        assertPixel(image, 16, 48, (0, 0, 0, 255), tolerance: 0, "nothing below")
    }
}

