import Assets
import Components
import LayerMath
import Layers
import Scene
import XCTest

/// Seed 002's two affine compositions, checked against matrices worked out by hand.
final class AffineOrdersTests: XCTestCase {
    let r = 2.0.squareRoot() / 4   // 0.5 * cos(pi/4) = 0.5 * sin(pi/4)

    func assertAffine(_ t: LayerMath.AffineTransform, _ e: (Double, Double, Double, Double, Double, Double),
                      line: UInt = #line) {
        XCTAssertEqual(t.a, e.0, accuracy: 1e-12, line: line)
        XCTAssertEqual(t.b, e.1, accuracy: 1e-12, line: line)
        XCTAssertEqual(t.c, e.2, accuracy: 1e-12, line: line)
        XCTAssertEqual(t.d, e.3, accuracy: 1e-12, line: line)
        XCTAssertEqual(t.tx, e.4, accuracy: 1e-12, line: line)
        XCTAssertEqual(t.ty, e.5, accuracy: 1e-12, line: line)
    }

    func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, line: line)
    }

    func testFirstOrderMovesStraightDown() {
        // T(100,100) * S(0.5) * R(45): (100,100) -> (50,50) -> (0, 50 * sqrt 2).
        let t = AffineOrders.firstOrder
        assertAffine(t, (r, r, -r, r, 0, 50 * 2.0.squareRoot()))
        assertPoint(t.apply(Point(0, 0)), 0, 70.71067811865476)
        assertPoint(t.apply(Point(100, 0)), 35.35533905932738, 106.06601717798213)
        assertPoint(t.apply(Point(0, 100)), -35.35533905932738, 106.06601717798213)
    }

    func testSecondOrderMovesDownRight() {
        // R(45) * T(100,100) * S(0.5): the offset (100,100) is only scaled, to (50,50).
        let t = AffineOrders.secondOrder
        assertAffine(t, (r, r, -r, r, 50, 50))
        assertPoint(t.apply(Point(0, 0)), 50, 50)
        assertPoint(t.apply(Point(100, 0)), 85.35533905932738, 85.35533905932738)
        assertPoint(t.apply(Point(0, 100)), 14.644660940672622, 85.35533905932738)
    }

    func testTransform3DIsTheSameMap() {
        for t in [AffineOrders.firstOrder, AffineOrders.secondOrder] {
            for p in [Point(0, 0), Point(13, -7), Point(100, 40)] {
                let a = t.apply(p), b = t.transform3D.project(p)
                assertPoint(b, a.x, a.y)
            }
        }
    }

    func testComponentQuadsAboutTheImageCentre() throws {
        let canvas = Size(600, 400)
        let c = AffineOrders(name: "o", frame: Rect(x: 0, y: 0, width: 600, height: 400), images: ImageStore())
        let list = c.rootLayer.flatten(canvas: canvas)
        func quad(_ name: String) throws -> [Point] {
            try XCTUnwrap(list.quads.first { $0.name == name }, name).cornerArray
        }
        for (i, t) in [AffineOrders.firstOrder, AffineOrders.secondOrder].enumerated() {
            // Panel i spans x in [300 i, 300 i + 300]; the image centre is at (150, 120) in it.
            let centre = Point(300 * Double(i) + 150, 120)
            let outline = try quad("o/order\(i + 1)/outline")
            assertPoint(outline[0], centre.x - 80, centre.y - 80)
            assertPoint(outline[2], centre.x + 80, centre.y + 80)
            let image = try quad("o/order\(i + 1)")
            let local = [Point(-80, -80), Point(80, -80), Point(80, 80), Point(-80, 80)]
            for k in 0..<4 {
                let e = t.apply(local[k]) + centre
                assertPoint(image[k], e.x, e.y)
            }
            XCTAssertNotNil(list.quads.first { $0.name == "o/order\(i + 1)/label" })
        }
    }

    func testSceneFileMatchesTheComponent() throws {
        let scene = try SceneLoader.load(path: SceneFiles.path("ca-affine-orders.json"), images: ImageStore())
        let list = scene.rootLayers.flatten(canvas: scene.canvas)
        for (name, t) in [("order1", AffineOrders.firstOrder), ("order2", AffineOrders.secondOrder)] {
            let layer = try XCTUnwrap(scene.rootLayers.first { $0.name == name })
            XCTAssertTrue(zip(layer.transform.entries, t.transform3D.entries).allSatisfy { abs($0 - $1) < 1e-12 }, name)
            XCTAssertNotNil(list.quads.first { $0.name == name })
        }
        let demo = try SceneLoader.load(path: SceneFiles.path("affine-orders.json"), images: ImageStore())
        XCTAssertTrue(demo.component(named: "orders") is AffineOrders)
    }

    func testSceneErrorsNameThePath() {
        let text = #"{"canvas": {"width": 600, "height": 400}, "components": [{"kind": "affineOrders", "name": "o", "imageSize": -1}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "s.json", directory: ".", images: ImageStore())) {
            XCTAssertTrue("\($0)".contains("s.json: at components[0].imageSize"), "\($0)")
        }
    }
}

/// Locates the shipped example scenes (Assets/scenes at the package root).
enum SceneFiles {
    static func path(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Assets/scenes/\(name)").path
    }
}
