import Assets
import Components
import LayerMath
import Layers
import Scene
import XCTest

/// The seed-002 example `layer` scenes in Assets/scenes load and draw what the seed says.
final class Seed002SceneTests: XCTestCase {
    func load(_ name: String) throws -> RenderList {
        let scene = try SceneLoader.load(path: SceneFiles.path(name), images: ImageStore())
        XCTAssertEqual(scene.canvas, Size(600, 400))
        return scene.rootLayers.flatten(canvas: scene.canvas)
    }

    func quad(_ list: RenderList, _ name: String) throws -> [Point] {
        try XCTUnwrap(list.quads.first { $0.name == name }, "no quad \(name)").cornerArray
    }

    func testRotateY45WithoutPerspectiveOnlySquashes() throws {
        let c = try quad(try load("ca-rotate-y45.json"), "plane")
        XCTAssertEqual(c[1].x - c[0].x, 200 * 0.5.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(c[3].y - c[0].y, 200, accuracy: 1e-9)
        XCTAssertEqual(c[2].y - c[1].y, 200, accuracy: 1e-9, "both vertical edges keep their height")
        XCTAssertEqual((c[0].x + c[1].x) / 2, 300, accuracy: 1e-9)
    }

    func testRotateY45WithPerspectiveShrinksTheFarEdge() throws {
        let c = try quad(try load("ca-rotate-y45-perspective.json"), "plane")
        let near = c[3].y - c[0].y, far = c[2].y - c[1].y
        XCTAssertGreaterThan(near, 200, "the left edge comes toward the viewer")
        XCTAssertLessThan(far, 200, "the right edge moves away")
        // Right edge: x' = 100 cos45 / w, w = 1 + 100 sin45 / 500.
        let w = 1 + 100 * 0.5.squareRoot() / 500
        XCTAssertEqual(c[1].x, 300 + 100 * 0.5.squareRoot() / w, accuracy: 1e-9)
        XCTAssertEqual(far, 200 / w, accuracy: 1e-9)
    }

    func testParentAndChildRotationsDoNotCancel() throws {
        let list = try load("ca-parent-child.json")
        let c = try quad(list, "child")
        // A cancelled child would be an upright 120x120 square; it is still turned.
        let top = c[1].x - c[0].x, left = c[3].y - c[0].y, right = c[2].y - c[1].y
        XCTAssertLessThan(top, 100)
        XCTAssertGreaterThan(abs(left - right), 1, "the child keeps a perspective taper")
        XCTAssertNotNil(list.quads.first { $0.name == "child-marker" })
    }

    func testSublayerTransformSharesOneVanishingPoint() throws {
        let list = try load("ca-sublayer-transform.json")
        // Top and bottom edges of a layer turned by a about Y meet at the container's
        // anchor height, at x = 300 + 500 cot a: the perspective is about the container's
        // centre, not each layer's own.
        for (name, expectedX) in [("left", 800.0), ("right", -200.0)] {
            let c = try quad(list, name)
            let vp = intersect(c[0], c[1], c[3], c[2])
            XCTAssertEqual(vp.y, 200, accuracy: 1e-6, name)
            XCTAssertEqual(vp.x, expectedX, accuracy: 1e-6, name)
        }
    }

    func testBackfaceSingleSidedIsCulledDoubleSidedIsMirrored() throws {
        let list = try load("ca-backface.json")
        XCTAssertNil(list.quads.first { $0.name == "back" })
        XCTAssertNil(list.quads.first { $0.name == "back-marker" }, "culled with its superlayer")
        let m = try quad(list, "mirrored")
        XCTAssertGreaterThan(m[0].x, m[1].x, "top-left is drawn on the right: mirrored")
        XCTAssertEqual(m[0].x, 550, accuracy: 1e-9)
        let marker = try quad(list, "mirrored-marker")
        XCTAssertGreaterThan(marker[0].x, 500, "the corner marker shows in the top-right")
    }

    /// Intersection of the lines a0-a1 and b0-b1.
    func intersect(_ a0: Point, _ a1: Point, _ b0: Point, _ b1: Point) -> Point {
        let d1 = a1 - a0, d2 = b1 - b0
        let den = d1.x * d2.y - d1.y * d2.x
        let t = ((b0.x - a0.x) * d2.y - (b0.y - a0.y) * d2.x) / den
        return a0 + d1 * t
    }
}
