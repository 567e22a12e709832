import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// CALayer.mask on screen: the mask's composited alpha multiplies the layer's pixels, in the
/// layer's bounds space. Expected values from the definition: a red (255, 0, 0) layer over
/// the black canvas shows 255 * alpha of red where the mask has that alpha.
final class MaskRenderTests: XCTestCase {
    /// A 100 x 100 red layer at (10, 10).
    private func redSquare() -> Layer {
        let l = Layer(name: "red")
        l.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        l.backgroundColor = Color(1, 0, 0, 1)
        return l
    }

    /// A mask of colour `c` over the bounds rectangle `frame` of the masked layer.
    private func mask(_ frame: Rect, _ c: Color = .white) -> Layer {
        let m = Layer(name: "mask")
        m.frame = frame
        m.backgroundColor = c
        return m
    }

    /// The mask covers the left half (alpha 1) and leaves the right half (alpha 0): exactly
    /// red left of x = 60, exactly the background right of it.
    func testOpaqueLeftHalfMaskKeepsExactlyTheLeftHalf() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        l.mask = mask(Rect(x: 0, y: 0, width: 50, height: 100))
        let image = try h.render([l], canvas: Size(128, 128), dump: "mask-half")
        for (x, y) in [(12, 12), (30, 60), (58, 107)] {
            assertPixel(image, x, y, (255, 0, 0, 255), tolerance: 0, "under the mask")
        }
        for (x, y) in [(62, 12), (90, 60), (107, 107)] {
            assertPixel(image, x, y, (0, 0, 0, 255), tolerance: 0, "outside the mask")
        }
        assertPixel(image, 5, 60, (0, 0, 0, 255), tolerance: 0, "outside the layer")
    }

    /// A mask of alpha 0.5 everywhere: 255 * 0.5 = 127.5 of red.
    func testHalfAlphaMaskHalvesTheLayer() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        l.mask = mask(Rect(x: 0, y: 0, width: 100, height: 100), Color(0, 0, 1, 0.5))
        let image = try h.render([l], canvas: Size(128, 128))
        let p = image.pixel(60, 60)
        XCTAssertEqual(Double(p.r), 127.5, accuracy: 1, "red channel \(p.r)")
        XCTAssertEqual(p.g, 0)
        XCTAssertEqual(p.b, 0, "the mask's colour is not drawn")
    }

    /// The mask lives in the layer's bounds space: rotated a quarter turn about z, bounds +x
    /// points down the canvas, so the left half of the bounds is the top half on screen.
    func testMaskRotatesWithItsLayer() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        l.transform = .rotation(Double.pi / 2, 0, 0, 1)
        l.mask = mask(Rect(x: 0, y: 0, width: 50, height: 100))
        let image = try h.render([l], canvas: Size(128, 128), dump: "mask-rotated")
        // Centre (60, 60): canvas offset (dx, dy) comes from bounds offset (dy, -dx).
        assertPixel(image, 36, 36, (255, 0, 0, 255), tolerance: 0, "bounds x = 36 (left half)")
        assertPixel(image, 84, 36, (255, 0, 0, 255), tolerance: 0, "bounds x = 36 (left half)")
        assertPixel(image, 36, 84, (0, 0, 0, 255), tolerance: 0, "bounds x = 84 (right half)")
        assertPixel(image, 84, 84, (0, 0, 0, 255), tolerance: 0, "bounds x = 84 (right half)")
    }

    /// With masksToBounds both apply: a green sublayer hanging out of the bounds is cut by
    /// the bounds, and inside them by the mask (the left 45 points).
    func testMaskAndMasksToBoundsBothApply() throws {
        let h = try RenderHarness.shared()
        let l = Layer(name: "plate")
        l.frame = Rect(x: 20, y: 20, width: 60, height: 60)
        l.backgroundColor = Color(1, 0, 0, 1)
        l.masksToBounds = true
        let sub = Layer(name: "green")
        sub.frame = Rect(x: 30, y: 30, width: 60, height: 60)
        sub.backgroundColor = Color(0, 1, 0, 1)
        l.addSublayer(sub)
        l.mask = mask(Rect(x: -20, y: -20, width: 65, height: 140))
        let image = try h.render([l], canvas: Size(128, 128))
        assertPixel(image, 30, 30, (255, 0, 0, 255), tolerance: 0, "the background, under the mask")
        assertPixel(image, 60, 60, (0, 255, 0, 255), tolerance: 0, "the sublayer, under the mask")
        assertPixel(image, 70, 60, (0, 0, 0, 255), tolerance: 0, "bounds x = 50: outside the mask")
        assertPixel(image, 60, 90, (0, 0, 0, 255), tolerance: 0, "outside the bounds, inside the mask")
        assertPixel(image, 10, 30, (0, 0, 0, 255), tolerance: 0, "outside the bounds, inside the mask")
    }

    /// An image's alpha is the mask: a 4 x 4 image, opaque in its top half and transparent in
    /// its bottom half, stretched over the bounds (away from the filtered middle rows).
    func testImageAlphaMasksTheLayer() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 36101, width: 4, height: 4)
        h.images.images[ref.id] = makeImage(width: 4, height: 4) { _, y in y < 2 ? (0, 0, 255, 255) : (0, 0, 0, 0) }
        let l = redSquare()
        let m = Layer(name: "imageMask")
        m.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        m.contents = .image(ref)
        l.mask = m
        let image = try h.render([l], canvas: Size(128, 128))
        assertPixel(image, 60, 20, (255, 0, 0, 255), tolerance: 0, "opaque texels")
        assertPixel(image, 60, 100, (0, 0, 0, 255), tolerance: 0, "transparent texels")
    }

    /// The mask multiplies the layer's opacity group: opacity 0.5 and a mask of alpha 0.5
    /// give 255 * 0.25 = 63.75.
    func testMaskAndOpacityMultiply() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        l.opacity = 0.5
        l.mask = mask(Rect(x: 0, y: 0, width: 100, height: 100), Color(1, 1, 1, 0.5))
        let image = try h.render([l], canvas: Size(128, 128))
        XCTAssertEqual(Double(image.pixel(60, 60).r), 63.75, accuracy: 1)
    }

    /// On a target of twice the canvas's pixels (HiDPI) the mask stays on the bounds' left
    /// half: canvas x 10...60 is pixels 20...120.
    func testMaskOnATargetOfTwiceThePixels() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        l.mask = mask(Rect(x: 0, y: 0, width: 50, height: 100))
        let image = try h.render([l], canvas: Size(128, 128), width: 256, height: 256)
        assertPixel(image, 21, 120, (255, 0, 0, 255), tolerance: 0, "canvas x 10.5")
        assertPixel(image, 118, 120, (255, 0, 0, 255), tolerance: 0, "canvas x 59")
        assertPixel(image, 122, 120, (0, 0, 0, 255), tolerance: 0, "canvas x 61")
    }

    /// A mask sliding across its layer redraws only the damage, with the pixels of a full redraw.
    func testMovingMaskDamagedRedrawEqualsFullRedraw() throws {
        let h = try RenderHarness.shared()
        let l = redSquare()
        let m = mask(Rect(x: 0, y: 0, width: 30, height: 100), Color(1, 1, 1, 0.7))
        l.mask = m
        let still = fill("still", Color(0, 1, 0, 1), 115, 10, 10, 10)
        try h.assertDamagedRedrawsEqualFullRedraws([l, still], canvas: Size(128, 128), width: 128, height: 128, background: .black,
                                                   steps: 1...4, change: { step in m.position.x = 15 + Double(step) * 13.3 },
                                                   checkDamage: { _, _, damage in XCTAssertLessThan(damage.maxX, 112) })
    }
}
