import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// CAShapeLayer: pixels of the rasterised path worked out from the geometry (a pixel wholly
/// inside the fill or the stroke has coverage 1, wholly outside 0), and the scene keys.
final class ShapeLayerTests: XCTestCase {
    private func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let k = (y * image.width + x) * 4
        return image.pixels[k..<k + 4].map(Int.init)
    }

    private func render(_ d: String, _ configure: (inout ShapeRasterizer.Style) -> Void = { _ in },
                        start: Double = 0, end: Double = 1, size: Int = 10) throws -> Image {
        var style = ShapeRasterizer.Style()
        configure(&style)
        return ShapeRasterizer.render(try ShapePath(svg: d), style: style, strokeStart: start, strokeEnd: end,
                                      size: Size(Double(size), Double(size)), width: size, height: size)
    }

    /// The square 2...8 filled with the default black: pixels 2...7 opaque, 0, 1, 8, 9 clear.
    func testDefaultFillIsOpaqueBlackInsideThePathOnly() throws {
        let image = try render("M2 2 H8 V8 H2 Z")
        XCTAssertEqual(rgba(image, 5, 5), [0, 0, 0, 255])
        XCTAssertEqual(rgba(image, 2, 2), [0, 0, 0, 255])
        XCTAssertEqual(rgba(image, 7, 7), [0, 0, 0, 255])
        XCTAssertEqual(rgba(image, 1, 5), [0, 0, 0, 0])
        XCTAssertEqual(rgba(image, 8, 5), [0, 0, 0, 0])
    }

    /// Half a pixel of coverage: the square 2...7.5 covers half of column 7: 128 of 255.
    func testEdgeThroughAPixelCentreIsHalfCovered() throws {
        let image = try render("M2 2 H7.5 V8 H2 Z") { $0.fillColor = Color(1, 0, 0, 1) }
        let p = rgba(image, 7, 5)
        XCTAssertEqual(Double(p[3]), 127.5, accuracy: 1.5)
        XCTAssertEqual(p[0], p[3], "premultiplied red")
    }

    /// Two squares drawn the same way round, one inside the other: non-zero fills the inner
    /// one (winding 2), even-odd leaves it empty (two crossings).
    func testFillRuleDecidesTheNestedSquare() throws {
        let d = "M0 0 H10 V10 H0 Z M3 3 H7 V7 H3 Z"
        XCTAssertEqual(rgba(try render(d), 5, 5)[3], 255)
        XCTAssertEqual(rgba(try render(d) { $0.fillRule = .evenOdd }, 5, 5)[3], 0)
        XCTAssertEqual(rgba(try render(d) { $0.fillRule = .evenOdd }, 1, 5)[3], 255)
    }

    /// A horizontal line at y = 5, width 2: rows 4 and 5 (y 4...6) covered, rows 3 and 6 not,
    /// drawn in the stroke colour over no fill; butt caps end at the path's ends.
    func testStrokeIsCentredOnThePath() throws {
        let image = try render("M2 5 H8") { $0.fillColor = nil; $0.strokeColor = Color(0, 0, 1, 1); $0.lineWidth = 2 }
        XCTAssertEqual(rgba(image, 5, 4), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 5, 5), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 5, 3), [0, 0, 0, 0])
        XCTAssertEqual(rgba(image, 5, 6), [0, 0, 0, 0])
        XCTAssertEqual(rgba(image, 1, 5), [0, 0, 0, 0], "butt cap: nothing before x = 2")
    }

    /// Round and square caps reach half the width past the ends: pixel (1, 4) (x 1...2,
    /// y 4...5) lies within 1 of the end (2, 5) only partly with a round cap, wholly with a square one.
    func testCapsReachHalfTheWidthPastTheEnds() throws {
        let square = try render("M2 5 H8") { $0.strokeColor = .black; $0.fillColor = nil; $0.lineWidth = 2; $0.lineCap = .square }
        XCTAssertEqual(rgba(square, 1, 4)[3], 255)
        let round = try render("M2 5 H8") { $0.strokeColor = .black; $0.fillColor = nil; $0.lineWidth = 2; $0.lineCap = .round }
        XCTAssertGreaterThan(rgba(round, 1, 4)[3], 64)
        XCTAssertLessThan(rgba(round, 1, 4)[3], 255)
    }

    /// strokeEnd 0.5 of the line 0...10 strokes x 0...5: pixel 2 covered, pixel 7 not;
    /// strokeStart 0.5 the other half.
    func testStrokeEndsTrimTheStroke() throws {
        let style: (inout ShapeRasterizer.Style) -> Void = { $0.strokeColor = .black; $0.fillColor = nil; $0.lineWidth = 2 }
        let first = try render("M0 5 H10", style, end: 0.5)
        XCTAssertEqual(rgba(first, 2, 5)[3], 255)
        XCTAssertEqual(rgba(first, 7, 5)[3], 0)
        let second = try render("M0 5 H10", style, start: 0.5)
        XCTAssertEqual(rgba(second, 2, 5)[3], 0)
        XCTAssertEqual(rgba(second, 7, 5)[3], 255)
    }

    /// The stroke is composited over the fill: half-transparent white over opaque red is
    /// (255, 128, 128), premultiplied "over".
    func testStrokeIsDrawnOverTheFill() throws {
        let image = try render("M0 0 H10 V10 H0 Z") {
            $0.fillColor = Color(1, 0, 0, 1); $0.strokeColor = Color(1, 1, 1, 0.5); $0.lineWidth = 4
        }
        XCTAssertEqual(rgba(image, 5, 5), [255, 0, 0, 255], "inside, away from the stroke")
        let edge = rgba(image, 0, 5)
        XCTAssertEqual(edge[0], 255)
        XCTAssertEqual(Double(edge[1]), 127.5, accuracy: 1)
        XCTAssertEqual(edge[3], 255)
    }

    /// A scribble of 3000 curves each crossing the image many times is rasterised smaller, in
    /// bounded time (seeded; the seed is printed).
    func testHugeScribbleIsRasterisedSmaller() throws {
        var rng = SeededRandom(seed: randomTestSeed(0x5ca1b))
        var d = "M0 0"
        for _ in 0..<3000 {
            d += " C"
            for _ in 0..<6 { d += " \(Int.random(in: -100_000...100_000, using: &rng))" }
        }
        let path = try ShapePath(svg: d)
        let fit = ShapeRasterizer.fittingSize(path, size: Size(16384, 16384), width: 2048, height: 2048)
        XCTAssertLessThan(fit.width, 2048)
        XCTAssertEqual(fit.width, fit.height)
        let ordinary = ShapeRasterizer.fittingSize(try ShapePath(svg: "M50 5 A45 45 0 1 1 50 95 A45 45 0 1 1 50 5"),
                                                   size: Size(100, 100), width: 200, height: 200)
        XCTAssertEqual(ordinary.width, 200, "an ordinary ring keeps its size")
    }

    private func load(_ keys: String) throws -> LayerComponent {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "ring", "bounds": [40, 20], "position": [50, 50]\(keys)}]}
        """
        let scene = try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore())
        return try XCTUnwrap(scene.components[0] as? LayerComponent)
    }

    private func error(_ keys: String) -> String {
        do { _ = try load(keys); return "" } catch { return "\(error)" }
    }

    /// A shape layer's contents are an image of its size in pixels; CAShapeLayer's defaults.
    func testShapeSceneLayerDefaults() throws {
        let c = try load(#", "type": "shape", "path": "M0 0 H40 V20 Z""#)
        let s = try XCTUnwrap(c.shapeLayers.first)
        XCTAssertEqual(s.style, ShapeRasterizer.Style())
        XCTAssertEqual(s.style.fillColor, .black)
        XCTAssertNil(s.style.strokeColor)
        XCTAssertEqual(s.style.lineWidth, 1)
        XCTAssertEqual(c.rootLayer.strokeEnd, 1)
        guard case .image(let ref) = c.rootLayer.contents else { return XCTFail("no image") }
        XCTAssertEqual([ref.width, ref.height], [40, 20])
    }

    /// An animated strokeEnd gives new contents as the scene advances; a resting one keeps them.
    func testAnimatedStrokeEndRendersAgain() throws {
        let c = try load(#", "type": "shape", "path": "M0 10 H40", "strokeColor": [1, 1, 1, 1], "strokeEnd": 0, "animations": [{"keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 2}]"#)
        c.update(to: 0.5)
        let a = c.rootLayer.contents
        c.update(to: 0.5)
        XCTAssertEqual(c.rootLayer.contents, a, "the same time: the same image")
        c.update(to: 1)
        XCTAssertNotEqual(c.rootLayer.contents, a)
        XCTAssertEqual(c.rootLayer.presentation().strokeEnd, 0.5, accuracy: 1e-12)
    }

    /// Malformed paths and shape keys without the type are refused with the key and place.
    func testMalformedPathAndMisplacedKeysAreRefused() {
        XCTAssertTrue(error(#", "type": "shape", "path": "M0 0 L 5 x""#).contains("path: at character 10: expected a number, found 'x'"),
                      error(#", "type": "shape", "path": "M0 0 L 5 x""#))
        XCTAssertTrue(error(#", "path": "M0 0""#).contains("expected \"type\": \"shape\""))
        XCTAssertTrue(error(#", "type": "shape", "fillRule": "odd""#).contains("fillRule"))
        XCTAssertTrue(error(#", "type": "shape", "strokeEnd": 2"#).contains("strokeEnd"))
    }

    /// A mask key holds a layer; its kind, if given, must be "layer".
    func testMaskIsALayerObject() throws {
        let c = try load(#", "color": [1, 0, 0, 1], "mask": {"name": "m", "bounds": [20, 20], "color": [1, 1, 1, 1]}"#)
        XCTAssertEqual(c.rootLayer.mask?.name, "m")
        XCTAssertTrue(error(#", "mask": {"kind": "carousel", "name": "m"}"#).contains("expected \"layer\" for a mask"))
        XCTAssertTrue(error(#", "mask": 5"#).contains("mask"))
    }
}

/// A shadow's blurred image is made once per shape: moving, fading or recolouring the layer
/// or its shadow keeps it; a new radius or path makes a new one.
final class ShadowCasterTests: XCTestCase {
    func testShadowIsBlurredOnceWhileTheShapeStays() throws {
        let l = Layer(name: "l")
        l.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        l.shadowPath = try ShapePath(svg: "M0 0 H40 V40 Z")
        l.shadow.opacity = 0.5
        let caster = ShadowCaster(layer: l, images: ImageStore())
        XCTAssertTrue(caster.display())
        let first = l.shadowImage
        l.transform = .rotation(0.3, 0, 0, 1)
        l.opacity = 0.4
        l.position = Point(300, 20)
        l.shadow.offset = Point(5, 9)
        l.shadow.color = Color(0, 0, 1, 1)
        l.shadow.opacity = 0.9
        XCTAssertFalse(caster.display())
        XCTAssertEqual(l.shadowImage, first)
        l.shadow.radius = 6
        XCTAssertTrue(caster.display())
        XCTAssertEqual(l.shadowImage?.margin, 18, "three radii")
        l.shadow.opacity = 0
        XCTAssertTrue(caster.display())
        XCTAssertNil(l.shadowImage, "no visible shadow: none kept")
    }

    /// An opaque image's shadow is the analytic rounded rectangle: no image is made.
    func testOpaqueContentsKeepTheAnalyticShadow() {
        let l = Layer(name: "l")
        l.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        l.contents = .image(ImageRef(id: 1, width: 4, height: 4, isOpaque: true))
        l.shadow.opacity = 1
        XCTAssertFalse(ShadowCaster(layer: l, images: ImageStore()).display())
        XCTAssertNil(l.shadowImage)
    }

    /// A malformed shadowPath names the key and the character.
    func testMalformedShadowPathIsRefused() {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "l", "bounds": [10, 10], "shadowPath": "M0 0 Q1"}]}
        """
        XCTAssertThrowsError(try SceneLoader.parse(json, file: "t.json", directory: "/tmp", images: ImageStore())) { error in
            XCTAssertTrue("\(error)".contains("shadowPath: at character 8: expected a number, found the end"), "\(error)")
        }
    }

    /// Only layers that may cast a shadow get a caster: a shadowPath, a shadow opacity, or an
    /// animation of it; a layer that only moves has none (no work per frame for it).
    func testCastersOnlyForLayersThatMayCastAShadow() throws {
        let move = #"[{"keyPath": "position.x", "fromValue": 0, "toValue": 5, "duration": 1}]"#
        let fade = #"[{"keyPath": "shadowOpacity", "fromValue": 0, "toValue": 1, "duration": 1}]"#
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "root", "bounds": [10, 10], "sublayers": [
           {"name": "moves", "bounds": [10, 10], "animations": \(move)},
           {"name": "fades", "bounds": [10, 10], "animations": \(fade)},
           {"name": "casts", "bounds": [10, 10], "shadowOpacity": 0.5},
           {"name": "path", "bounds": [10, 10], "shadowPath": "M0 0 H5 V5 Z"}]}]}
        """
        let scene = try SceneLoader.parse(json, file: "t.json", directory: "/tmp", images: ImageStore())
        let c = try XCTUnwrap(scene.components[0] as? LayerComponent)
        XCTAssertEqual(c.shadowCasters.map(\.layer.name), ["fades", "casts", "path"])
    }
}
