import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest

/// CAGradientLayer: the colour at each pixel centre, computed by hand from the definition
/// (t along startPoint -> endPoint, end colours beyond the first and last locations,
/// premultiplied interpolation as CSS gradients), and the scene keys.
final class GradientLayerTests: XCTestCase {
    private func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let k = (y * image.width + x) * 4
        return image.pixels[k..<k + 4].map(Int.init)
    }

    /// Axial, red to blue from top to bottom over 4 rows: row j's centre is t = (j + 0.5) / 4,
    /// red 1 - t and blue t: 0.125 -> (223, 0, 32), 0.875 -> (32, 0, 223).
    func testAxialTakesTAlongStartToEnd() {
        let image = GradientLayer.render(colors: [Color(1, 0, 0, 1), Color(0, 0, 1, 1)], locations: nil,
                                         start: Point(0.5, 0), end: Point(0.5, 1), kind: .axial,
                                         size: Size(1, 4), width: 1, height: 4)
        XCTAssertEqual(rgba(image, 0, 0), [223, 0, 32, 255])
        XCTAssertEqual(rgba(image, 0, 3), [32, 0, 223, 255])
    }

    /// Locations [0.25, 0.75]: before 0.25 the first colour, after 0.75 the last; row 1's
    /// centre t = 0.375 is a quarter of the way: (191, 0, 64).
    func testEndColoursBeyondTheFirstAndLastLocations() {
        let image = GradientLayer.render(colors: [Color(1, 0, 0, 1), Color(0, 0, 1, 1)], locations: [0.25, 0.75],
                                         start: Point(0.5, 0), end: Point(0.5, 1), kind: .axial,
                                         size: Size(1, 4), width: 1, height: 4)
        XCTAssertEqual(rgba(image, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(image, 0, 1), [191, 0, 64, 255])
        XCTAssertEqual(rgba(image, 0, 3), [0, 0, 255, 255])
    }

    /// Clear to opaque white, halfway: premultiplied interpolation gives (0.5, 0.5, 0.5, 0.5)
    /// premultiplied, i.e. white at half alpha (a straight mix would be grey at half alpha).
    func testColoursInterpolatePremultiplied() {
        let image = GradientLayer.render(colors: [Color(0, 0, 0, 0), Color(1, 1, 1, 1)], locations: nil,
                                         start: Point(0, 0.5), end: Point(1, 0.5), kind: .axial,
                                         size: Size(2, 1), width: 2, height: 1)
        // Column 0's centre: t = 0.25: premultiplied (0.25, 0.25, 0.25, 0.25).
        XCTAssertEqual(rgba(image, 0, 0), [64, 64, 64, 64])
        XCTAssertEqual(rgba(image, 1, 0), [191, 191, 191, 191])
    }

    /// Radial: t is the distance from startPoint over the radii |end - start| (points), so
    /// a 4 x 4 layer from the centre to the corner (radii 2, 2): pixel (2, 2)'s centre
    /// (2.5, 2.5) is at t = sqrt(0.125) = 0.354: black to white gives 90.
    func testRadialGrowsFromTheStartPoint() {
        let image = GradientLayer.render(colors: [Color(0, 0, 0, 1), Color(1, 1, 1, 1)], locations: nil,
                                         start: Point(0.5, 0.5), end: Point(1, 1), kind: .radial,
                                         size: Size(4, 4), width: 4, height: 4)
        XCTAssertEqual(rgba(image, 2, 2), [90, 90, 90, 255])
        // Pixel (0, 0)'s centre (0.5, 0.5): t = sqrt(0.75^2 * 2) = 1.06, past the end: white.
        XCTAssertEqual(rgba(image, 0, 0), [255, 255, 255, 255])
    }

    /// Conic: the angle about startPoint, clockwise on screen (+y down) from endPoint's
    /// direction (+x here): the pixel below the centre is a quarter turn, t = 0.25.
    func testConicTurnsClockwiseFromTheEndPoint() {
        let image = GradientLayer.render(colors: [Color(0, 0, 0, 1), Color(1, 1, 1, 1)], locations: nil,
                                         start: Point(0.5, 0.5), end: Point(1, 0.5), kind: .conic,
                                         size: Size(101, 101), width: 101, height: 101)
        // (50, 90): centre (50.5, 90.5), straight below the centre (50.5, 50.5): 0.25 -> 64.
        XCTAssertEqual(rgba(image, 50, 90)[0], 64)
        // (90, 50): straight right: t = 0 -> black; (10, 50): left, a half turn -> 128.
        XCTAssertEqual(rgba(image, 90, 50)[0], 0)
        XCTAssertEqual(rgba(image, 10, 50)[0], 128)
    }

    private func load(_ keys: String) throws -> LayerComponent {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "scrim", "bounds": [40, 20], "position": [50, 50]\(keys)}]}
        """
        let scene = try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore())
        return try XCTUnwrap(scene.components[0] as? LayerComponent)
    }

    private func error(_ keys: String) -> String {
        do { _ = try load(keys); return "" } catch { return "\(error)" }
    }

    /// A gradient layer's contents are an image of its size in pixels at scale 1, and twice
    /// that at scale 2; CAGradientLayer's defaults.
    func testGradientSceneLayerShowsAnImageOfItsPixelSize() throws {
        let c = try load(#", "type": "gradient", "colors": [[0, 0, 0, 0], [0, 0, 0, 0.8]]"#)
        let g = try XCTUnwrap(c.gradientLayers.first)
        XCTAssertEqual(g.startPoint, Point(0.5, 0))
        XCTAssertEqual(g.endPoint, Point(0.5, 1))
        XCTAssertEqual(g.kind, .axial)
        XCTAssertNil(g.locations)
        guard case .image(let ref) = c.rootLayer.contents else { return XCTFail("no image") }
        XCTAssertEqual([ref.width, ref.height], [40, 20])
        c.setContentsScale(2)
        guard case .image(let ref2) = c.rootLayer.contents else { return XCTFail("no image") }
        XCTAssertEqual([ref2.width, ref2.height], [80, 40])
    }

    /// Gradient keys without the type, contents with it, unknown types and locations that do
    /// not match the colours are one-line errors naming the key.
    func testGradientKeyMistakesAreOneLineErrors() {
        for (keys, key) in [(#", "colors": [[1, 0, 0]]"#, "colors"),
                            (#", "type": "gradient", "contents": "x.png""#, "contents"),
                            (#", "type": "emitter""#, "type"),
                            (#", "type": "gradient", "colors": [[1, 0, 0], [0, 0, 1]], "locations": [0.5]"#, "locations"),
                            (#", "type": "gradient", "colors": [[1, 0, 0], [0, 0, 1]], "locations": [0.8, 0.2]"#, "locations"),
                            (#", "type": "gradient", "gradientType": "diamond""#, "gradientType"),
                            (#", "type": "gradient", "startPoint": [1e300, 0]"#, "startPoint")] {
            let e = error(keys)
            XCTAssertTrue(e.contains(key), "\(keys): \(e)")
            XCTAssertFalse(e.contains("\n"), e)
        }
    }

    /// The replicator keys, with CAReplicatorLayer's defaults.
    func testReplicatorKeysAreRead() throws {
        let d = try load(#", "type": "replicator""#).rootLayer.replicator
        XCTAssertEqual(d, Replicator())
        let r = try XCTUnwrap(try load(#", "type": "replicator", "instanceCount": 3, "instanceTransform": [{"translate": [10, 0, 0]}], "instanceColor": [1, 1, 1, 0.5], "instanceAlphaOffset": -0.1"#).rootLayer.replicator)
        XCTAssertEqual(r.instanceCount, 3)
        XCTAssertEqual(r.instanceTransform, .translation(10, 0, 0))
        XCTAssertEqual(r.instanceColor, Color(1, 1, 1, 0.5))
        XCTAssertEqual(r.instanceAlphaOffset, -0.1)
        for (keys, key) in [(#", "instanceCount": 2"#, "instanceCount"), (#", "type": "replicator", "instanceCount": 2.5"#, "instanceCount"),
                            (#", "type": "replicator", "instanceCount": 1e9"#, "instanceCount"),
                            (#", "type": "replicator", "instanceRedOffset": 3"#, "instanceRedOffset")] {
            let e = error(keys)
            XCTAssertTrue(e.contains(key), "\(keys): \(e)")
        }
    }

    /// "type": "transform" makes a CATransformLayer; drawing keys of its own are errors.
    func testTransformTypeMakesATransformLayerThatDrawsNothingOfItsOwn() throws {
        XCTAssertTrue(try load(#", "type": "transform""#).rootLayer.isTransformLayer)
        XCTAssertFalse(try load("").rootLayer.isTransformLayer)
        let e = error(#", "type": "transform", "backgroundColor": [1, 0, 0]"#)
        XCTAssertTrue(e.contains("backgroundColor") && e.contains("transform layer"), e)
    }

    /// Replicators nested to more than 100000 copies of a layer (10000 x 10000 here) are a
    /// one-line error, not a frame of a hundred million quads.
    func testNestedReplicatorsPastTheCopyLimitAreAnError() {
        let inner = #"{"name": "inner", "type": "replicator", "instanceCount": 10000, "bounds": [1, 1], "sublayers": [{"name": "dot", "bounds": [1, 1], "color": [1, 1, 1]}]}"#
        let e = error(#", "type": "replicator", "instanceCount": 10000, "sublayers": [\#(inner)]"#)
        XCTAssertTrue(e.contains("copies"), e)
        XCTAssertFalse(e.contains("\n"), e)
        XCTAssertEqual(error(#", "type": "replicator", "instanceCount": 10, "sublayers": [\#(inner)]"#), "")
    }
}

