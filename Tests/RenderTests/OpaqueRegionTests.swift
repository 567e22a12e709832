@testable import GLRenderer
import Images
import LayerMath
import Layers
@testable import RenderPlan
import XCTest
import _GLTestSupport
import _TestSupport

/// A translucent image's largest rectangle of opaque texels hides the layers under it
/// (`OpaqueRegion`, `GLRenderer.cutsUnderOpaqueTexels`): their pixels there are left out
/// (OcclusionHoles) and the frame is the same, with fewer fragments shaded.
final class OpaqueRegionTests: XCTestCase {
    /// An image whose alpha is 255 where `opaque(x, y)`, else 128 (premultiplied grey).
    private func image(width: Int, height: Int, _ opaque: (Int, Int) -> Bool) -> Image {
        makeImage(width: width, height: height) { x, y in
            guard opaque(x, y) else { return (60, 60, 60, 128) }
            let g = UInt8(x * 255 / max(width - 1, 1)), b = UInt8(y * 255 / max(height - 1, 1))
            return (200, g, b, 255)
        }
    }

    /// By hand: in a 7x5 image, opaque texels fill columns 1...5 of rows 1...3 but for
    /// (3, 1); the largest all-opaque rectangle is then columns 1...5 of rows 2...3 (area
    /// 10), not columns 1...2 or 4...5 of rows 1...3 (area 6).
    func testTheLargestOpaqueRectangleByHand() {
        let img = image(width: 7, height: 5) { x, y in (1...5).contains(x) && (1...3).contains(y) && !(x == 3 && y == 1) }
        XCTAssertEqual(OpaqueRegion.largestRectangle(img.pixels, width: 7, height: 5), TexelRect(x0: 1, y0: 2, x1: 6, y1: 4))
        let none = image(width: 4, height: 4) { _, _ in false }
        XCTAssertTrue(OpaqueRegion.largestRectangle(none.pixels, width: 4, height: 4).isEmpty)
        let all = image(width: 3, height: 2) { _, _ in true }
        XCTAssertEqual(OpaqueRegion.largestRectangle(all.pixels, width: 3, height: 2), TexelRect(x0: 0, y0: 0, x1: 3, y1: 2))
    }

    /// By hand: texels 20...180 x 10...90 of a 200x100 image shown whole in the content
    /// rectangle (10, 20, 100, 50), less a margin of one texel: x 10 + 21/200 * 100 = 20.5
    /// to 10 + 179/200 * 100 = 99.5, y 20 + 11/100 * 50 = 25.5 to 20 + 89/100 * 50 = 64.5.
    /// The margin: one texel magnified, and for a quad minified 1.5 times on average
    /// (doubled: 3, so trilinear may read levels up to ceil(log2 3 + 1) = 3), 2^4 + 1 = 17
    /// texels, times the anisotropy. A quad turned so far that one edge is under half its
    /// opposite one keeps no opaque region.
    func testTheCoveredPartAndTheFilterMarginByHand() throws {
        let layer = Layer(name: "q", bounds: Size(120, 90), position: Point(60, 45))
        layer.contents = .color(.white)
        var q = try XCTUnwrap(layer.flatten(canvas: Size(200, 200)).quads.first)
        q.contentRect = Rect(x: 10, y: 20, width: 100, height: 50)
        q.textureRect = Rect(x: 0, y: 0, width: 1, height: 1)
        let part = OpaqueRegion.coveredPart(q, opaque: TexelRect(x0: 20, y0: 10, x1: 180, y1: 90), width: 200, height: 100, margin: 1)
        XCTAssertEqual(part!.minX, 20.5, accuracy: 1e-9)
        XCTAssertEqual(part!.maxX, 99.5, accuracy: 1e-9)
        XCTAssertEqual(part!.minY, 25.5, accuracy: 1e-9)
        XCTAssertEqual(part!.maxY, 64.5, accuracy: 1e-9)
        // Sides on the image's border are not shrunk (the texture clamps to its edge): the
        // left, right and bottom reach the content rectangle's; the top is 11/100 down.
        let border = try XCTUnwrap(OpaqueRegion.coveredPart(q, opaque: TexelRect(x0: 0, y0: 10, x1: 200, y1: 100),
                                                            width: 200, height: 100, margin: 1))
        XCTAssertEqual(border.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(border.maxX, 110, accuracy: 1e-9)
        XCTAssertEqual(border.minY, 25.5, accuracy: 1e-9)
        XCTAssertEqual(border.maxY, 70, accuracy: 1e-9)
        XCTAssertEqual(OpaqueRegion.filterMargin(texelsPerPixel: 0.5, minified: false, anisotropy: 1), 1)
        XCTAssertEqual(OpaqueRegion.filterMargin(texelsPerPixel: 1.5, minified: true, anisotropy: 1), 17)
        XCTAssertEqual(OpaqueRegion.filterMargin(texelsPerPixel: 1.5, minified: true, anisotropy: 8), 136)
        XCTAssertTrue(OpaqueRegion.keepsItsScale(q))
        var far = Transform3D.identity
        far.m34 = -1.0 / 150
        let edgeOn = Layer(name: "edge-on", bounds: Size(120, 90), position: Point(100, 100))
        edgeOn.contents = .color(.white)
        edgeOn.transform = .rotation(1.2, 0, 1, 0) * far
        let turned = try XCTUnwrap(edgeOn.flatten(canvas: Size(200, 200)).quads.first)
        XCTAssertFalse(OpaqueRegion.keepsItsScale(turned))
        // A flipped texture rectangle, or a margin that eats the rectangle: nothing.
        q.textureRect = Rect(x: 1, y: 0, width: -1, height: 1)
        XCTAssertNil(OpaqueRegion.coveredPart(q, opaque: TexelRect(x0: 20, y0: 10, x1: 180, y1: 90), width: 200, height: 100, margin: 1))
        q.textureRect = Rect(x: 0, y: 0, width: 1, height: 1)
        XCTAssertNil(OpaqueRegion.coveredPart(q, opaque: TexelRect(x0: 20, y0: 10, x1: 30, y1: 90), width: 200, height: 100, margin: 5))
    }

    private struct Drawn { var pixels: [UInt8]; var shaded: Int }

    private func draw(_ layers: [Layer], cutting: Bool, canvas: Size = Size(240, 160), width: Int = 360, height: Int = 240) throws -> Drawn {
        let h = try RenderHarness.shared()
        defer { h.renderer.cutsUnderOpaqueTexels = true }
        h.renderer.cutsUnderOpaqueTexels = cutting
        let out = try h.render(layers, canvas: canvas, width: width, height: height, background: .white)
        return Drawn(pixels: out.pixels, shaded: try h.shadedPixelsOfLastList(width: width, height: height, background: .white))
    }

    /// A parallax stack: an opaque background, a translucent image whose lower band is
    /// opaque, over it a small translucent one; flat at fractional points, turned in
    /// perspective, and minified 2.6 times (through mip levels). The layers under the band
    /// shade fewer fragments; the pixels are the same within 1/255.
    func testAnOpaqueBandHidesTheLayersUnderItAndDrawsTheSamePixels() throws {
        let h = try RenderHarness.shared()
        let back = ImageRef(id: 4601, width: 64, height: 40, isOpaque: true)
        h.images.images[back.id] = makeImage(width: 64, height: 40) { x, y in (UInt8(x * 4), 90, UInt8(y * 6), 255) }
        let hills = ImageRef(id: 4602, width: 64, height: 40)
        h.images.images[hills.id] = image(width: 64, height: 40) { _, y in y >= 22 }
        let big = ImageRef(id: 4603, width: 416, height: 260)
        h.images.images[big.id] = image(width: 416, height: 260) { _, y in y >= 143 }
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 400
        let turned = Transform3D.rotation(0.5, 0, 1, 0) * perspective
        let cases: [(String, ImageRef, Transform3D)] = [("flat", hills, .identity), ("turned", hills, turned), ("minified", big, .identity)]
        for (name, ref, transform) in cases {
            func scene() -> [Layer] {
                let card = Layer(name: name, bounds: Size(160.3, 100.2), position: Point(120.4, 80.3))
                card.transform = transform
                let background = Layer(name: "\(name)/0", bounds: Size(160.3, 100.2), position: Point(80.15, 50.1))
                background.contents = .image(back)
                let band = Layer(name: "\(name)/1", bounds: Size(160.3, 100.2), position: Point(80.15, 50.1))
                band.contents = .image(ref)
                let top = Layer(name: "\(name)/2", bounds: Size(40, 30), position: Point(100, 70))
                top.contents = .color(Color(1, 1, 0, 0.5))
                for l in [background, band, top] { card.addSublayer(l) }
                return [card]
            }
            let plain = try draw(scene(), cutting: false)
            let cut = try draw(scene(), cutting: true)
            XCTAssertLessThan(cut.shaded, plain.shaded, name)
            XCTAssertLessThanOrEqual(largestChannelDifference(plain.pixels, cut.pixels), 1, name)
        }
    }

    /// A band of alpha 254 is not opaque: nothing is cut, byte for byte the same frame.
    func testABandOfAlpha254HidesNothing() throws {
        let h = try RenderHarness.shared()
        let back = ImageRef(id: 4604, width: 32, height: 20, isOpaque: true)
        h.images.images[back.id] = makeImage(width: 32, height: 20) { x, y in (UInt8(x * 8), 90, UInt8(y * 12), 255) }
        let almost = ImageRef(id: 4605, width: 32, height: 20)
        h.images.images[almost.id] = makeImage(width: 32, height: 20) { _, y in y >= 10 ? (200, 100, 50, 254) : (30, 30, 30, 60) }
        func scene() -> [Layer] {
            let a = Layer(name: "a", bounds: Size(160, 100), position: Point(120, 80))
            a.contents = .image(back)
            let b = Layer(name: "b", bounds: Size(160, 100), position: Point(120, 80))
            b.contents = .image(almost)
            return [a, b]
        }
        let plain = try draw(scene(), cutting: false)
        let cut = try draw(scene(), cutting: true)
        XCTAssertEqual(cut.shaded, plain.shaded)
        XCTAssertEqual(largestChannelDifference(plain.pixels, cut.pixels), 0)
    }
}
