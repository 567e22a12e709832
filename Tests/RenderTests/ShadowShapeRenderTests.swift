import Assets
import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Shadows of a `shadowPath` and of a translucent image's alpha, over a white canvas: a
/// pixel's shadow alpha is 1 - value / 255. Apple documents no kernel; what is certain for a
/// Gaussian of standard deviation r: half the opacity on a straight edge (the mean of the two
/// pixels astride it), about nothing three radii outside, all of it well inside.
final class ShadowShapeRenderTests: XCTestCase {
    /// Image ids of this file's shadows (the harness's texture cache outlives a test).
    private static var nextID = 36100

    /// Makes the layer's shadow image with a `ShadowCaster` and hands its pixels, and the blur
    /// the renderer gives them, to the harness.
    private func castShadow(_ l: Layer, _ h: RenderHarness, source: (ImageRef, Image)? = nil) throws {
        let store = ImageStore()
        if let (ref, image) = source {
            let stored = store.add(image, key: "contents")
            XCTAssertEqual([stored.width, stored.height], [ref.width, ref.height])
            l.contents = .image(stored)
        }
        let caster = ShadowCaster(layer: l, images: store)
        XCTAssertTrue(caster.display())
        let shape = try XCTUnwrap(l.shadowImage)
        let pixels = try XCTUnwrap(store.image(for: shape.image))
        Self.nextID += 1
        let ref = ImageRef(id: Self.nextID, width: pixels.width, height: pixels.height)
        h.images.images[ref.id] = pixels
        h.images.blurs[ref.id] = store.textureBlur(for: shape.image)
        l.shadowImage = ShadowImage(image: ref, margin: shape.margin)
        if let (ref, _) = source { l.contents = .image(ref) }
    }

    private func alpha(_ image: Image, _ x: Int, _ y: Int) -> Double { 1 - Double(image.pixel(x, y).r) / 255 }

    /// A 40 x 40 square path at (40, 40), radius 4: half at the edge x = 40 (pixels 39 and 40),
    /// none at x = 28 (three radii out), all at the centre.
    func testShadowPathEdgeIsHalfAndThreeRadiiOutIsClear() throws {
        let h = try RenderHarness.shared()
        let l = Layer(name: "l")
        l.frame = Rect(x: 40, y: 40, width: 40, height: 40)
        l.shadowPath = try ShapePath(svg: "M0 0 H40 V40 H0 Z")
        l.shadow.opacity = 1
        l.shadow.radius = 4
        l.shadow.offset = .zero
        try castShadow(l, h)
        let image = try h.render([l], canvas: Size(128, 128), background: .white, dump: "shadow-path")
        XCTAssertEqual((alpha(image, 39, 60) + alpha(image, 40, 60)) / 2, 0.5, accuracy: 0.015)
        XCTAssertLessThan(alpha(image, 27, 60), 0.01)
        XCTAssertGreaterThan(alpha(image, 60, 60), 0.99)
        XCTAssertEqual((alpha(image, 60, 39) + alpha(image, 60, 40)) / 2, 0.5, accuracy: 0.015, "top edge")
    }

    /// The offset moves the shadow: (10, 0) puts the left edge's half at x = 50, the right
    /// edge's at x = 90.
    func testShadowOffsetMovesTheShadowRight() throws {
        let h = try RenderHarness.shared()
        let l = Layer(name: "l")
        l.frame = Rect(x: 40, y: 40, width: 40, height: 40)
        l.shadowPath = try ShapePath(svg: "M0 0 H40 V40 H0 Z")
        l.shadow.opacity = 1
        l.shadow.radius = 4
        l.shadow.offset = Point(10, 0)
        try castShadow(l, h)
        let image = try h.render([l], canvas: Size(128, 128), background: .white)
        XCTAssertEqual((alpha(image, 49, 60) + alpha(image, 50, 60)) / 2, 0.5, accuracy: 0.015)
        XCTAssertEqual((alpha(image, 89, 60) + alpha(image, 90, 60)) / 2, 0.5, accuracy: 0.015)
        XCTAssertLessThan(alpha(image, 37, 60), 0.01, "three radii left of the moved edge")
    }

    /// An 8 x 8 image whose top-left quarter is transparent, the rest opaque red, over a 40 x 40
    /// layer: under the transparent corner (15 points from the opaque part, over three radii
    /// of 2) there is no shadow, where a rounded rectangle's would be full; beside the
    /// opaque part, outside the bounds, there is.
    func testTransparentImageCastsTheShadowOfItsAlpha() throws {
        let h = try RenderHarness.shared()
        let pixels = makeImage(width: 8, height: 8) { x, y in x < 4 && y < 4 ? (0, 0, 0, 0) : (255, 0, 0, 255) }
        let ref = ImageRef(id: 36199, width: 8, height: 8)
        h.images.images[ref.id] = pixels
        let l = Layer(name: "badge")
        l.frame = Rect(x: 40, y: 40, width: 40, height: 40)
        l.contentsGravity = .resize
        l.shadow.opacity = 1
        l.shadow.radius = 2
        l.shadow.offset = .zero
        try castShadow(l, h, source: (ref, pixels))
        let image = try h.render([l], canvas: Size(128, 128), background: .white, dump: "shadow-alpha")
        assertPixel(image, 45, 45, (255, 255, 255, 255), tolerance: 1, "under the transparent corner: no shadow")
        assertPixel(image, 38, 45, (255, 255, 255, 255), tolerance: 1, "left of the transparent corner")
        XCTAssertGreaterThan(alpha(image, 80, 70), 0.3, "just right of the opaque part")
        assertPixel(image, 70, 70, (255, 0, 0, 255), tolerance: 1, "the image over its shadow")
    }
}
