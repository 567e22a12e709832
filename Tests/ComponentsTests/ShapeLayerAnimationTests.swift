import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest

/// A shape layer draws its drawn (animated) path and style, and a scene file's animations
/// reach them: pixels and values worked out by hand.
final class ShapeLayerAnimationTests: XCTestCase {
    private func load(_ keys: String, images: ImageStore = ImageStore()) throws -> LayerComponent {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "s", "bounds": [40, 40], "position": [50, 50], "type": "shape"\(keys)}]}
        """
        let scene = try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: images)
        return try XCTUnwrap(scene.components[0] as? LayerComponent)
    }

    private func error(_ keys: String) -> String {
        do { _ = try load(keys); return "no error" } catch { return "\(error)" }
    }

    private func alpha(_ c: LayerComponent, _ images: ImageStore, _ x: Int, _ y: Int) throws -> Int {
        guard case .image(let ref) = c.rootLayer.contents else { XCTFail("no image"); return -1 }
        let image = try XCTUnwrap(images.image(for: ref))
        return Int(image.pixels[(y * image.width + x) * 4 + 3])
    }

    /// A filled square 0...10 animated (basic, linear, 1 s) to 0...20: at 0.5 the square is
    /// 0...15, so pixel 14 is inside and pixel 15 outside; at 0 pixel 12 is outside.
    func testMorphedRectIsRasterisedHalfWay() throws {
        let images = ImageStore()
        let c = try load(#", "path": "M0 0 H10 V10 H0 Z", "animations": [{"keyPath": "path", "toValue": "M0 0 H20 V20 H0 Z", "duration": 1}]"#,
                         images: images)
        c.update(to: 0)
        XCTAssertEqual(try alpha(c, images, 12, 5), 0)
        c.update(to: 0.5)
        XCTAssertEqual(try alpha(c, images, 14, 14), 255)
        XCTAssertEqual(try alpha(c, images, 15, 5), 0)
        XCTAssertEqual(try alpha(c, images, 5, 15), 0)
    }

    /// A keyframe lineWidth 2, 10 (linear) on the line y = 20: at 0.5 it is 6 wide, rows
    /// 17...22 covered and rows 16 and 23 not.
    func testKeyframeLineWidthIsDrawn() throws {
        let images = ImageStore()
        let c = try load(#", "path": "M0 20 H40", "fillColor": [0, 0, 0, 0], "strokeColor": [1, 1, 1, 1], "lineWidth": 2, "animations": [{"keyPath": "lineWidth", "type": "keyframe", "values": [2, 10], "duration": 1}]"#,
                         images: images)
        c.update(to: 0.5)
        for row in 17...22 { XCTAssertEqual(try alpha(c, images, 20, row), 255, "row \(row)") }
        XCTAssertEqual(try alpha(c, images, 20, 16), 0)
        XCTAssertEqual(try alpha(c, images, 20, 23), 0)
    }

    /// A marching dash: lineDashPhase animated 0 to 10 with pattern [10, 10]: at 0.5 the phase
    /// is 5, painted x in [0, 5), [15, 25), ...: pixel 2 painted, 7 not, 16 painted.
    func testAnimatedDashPhaseMovesTheDashes() throws {
        let images = ImageStore()
        let c = try load(#", "path": "M0 20 H40", "strokeColor": [1, 1, 1, 1], "lineWidth": 4, "lineDashPattern": [10, 10], "animations": [{"keyPath": "lineDashPhase", "fromValue": 0, "toValue": 10, "duration": 1}]"#,
                         images: images)
        c.update(to: 0.5)
        XCTAssertEqual(try alpha(c, images, 2, 20), 255)
        XCTAssertEqual(try alpha(c, images, 7, 20), 0)
        XCTAssertEqual(try alpha(c, images, 16, 20), 255)
    }

    /// The shape key paths read their kinds of value from the scene file. A critically damped
    /// spring (mass 1, stiffness 100, damping 20: w = 10) is 1 - (1 + w t) e^(-w t) of the way:
    /// at 0.5, 1 - 6 e^-5 = 0.9595723 of black to red.
    func testSceneShapeKeyPathsTakeTheirKindsOfValue() throws {
        let c = try load(#", "path": "M0 0 H10 V10 Z", "animations": [{"keyPath": "fillColor", "type": "spring", "toValue": [1, 0, 0, 1], "damping": 20}, {"keyPath": "strokeColor", "toValue": [0, 1, 0, 1], "duration": 1}, {"keyPath": "miterLimit", "toValue": 2, "duration": 1}, {"keyPath": "contentsCenter", "toValue": [0.1, 0.1, 0.8, 0.8], "duration": 1}]"#)
        let l = c.rootLayer
        c.update(to: 0.5)
        let p = l.presentation()
        XCTAssertEqual(p.shapeStyle.strokeColor, Color(0, 0.5, 0, 0.5))
        XCTAssertEqual(p.shapeStyle.miterLimit, 6, accuracy: 1e-12)
        XCTAssertEqual(p.contentsCenter.minX, 0.05, accuracy: 1e-12)
        XCTAssertEqual(p.shapeStyle.fillColor?.r ?? 0, 1 - 6 * exp(-5), accuracy: 1e-6)
        XCTAssertEqual(p.shapeStyle.fillColor?.a, 1)
    }

    /// Malformed values name the animation's key: a path that is not SVG, a number for a
    /// path, a contentsCenter of three numbers or a negative width.
    func testMalformedAnimatedValuesAreRefused() {
        let bad = error(#", "path": "M0 0 H10", "animations": [{"keyPath": "path", "toValue": "M0 0 L 5 x", "duration": 1}]"#)
        XCTAssertTrue(bad.contains("toValue") && bad.contains("expected a number, found 'x'"), bad)
        XCTAssertTrue(error(#", "animations": [{"keyPath": "path", "toValue": 3, "duration": 1}]"#).contains("toValue"))
        XCTAssertTrue(error(#", "animations": [{"keyPath": "contentsCenter", "toValue": [0, 0, 1], "duration": 1}]"#).contains("toValue"))
        XCTAssertTrue(error(#", "animations": [{"keyPath": "contentsCenter", "toValue": [0, 0, -1, 1], "duration": 1}]"#).contains("w and h >= 0"))
    }
}
