import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// The scene file's nine-slice, corner-curve and replicator-delay keys of a `layer`, with
/// Core Animation's defaults and one-line errors for values out of range.
final class LayerKitSceneKeyTests: XCTestCase {
    private func load(_ keys: String) throws -> Layer {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "card", "bounds": [50, 50], "position": [50, 50]\(keys)}]}
        """
        return try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore()).rootLayers[0]
    }

    private func error(_ keys: String) -> String {
        do {
            _ = try load(keys)
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// contentsCenter defaults to the unit rectangle; a zero-size centre is accepted (one
    /// source pixel); a negative size or a huge value is refused naming the key.
    func testContentsCenterIsReadWithItsDefault() throws {
        XCTAssertEqual(try load("").contentsCenter, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(try load(#", "contentsCenter": [0.25, 0.5, 0, 0.1]"#).contentsCenter, Rect(x: 0.25, y: 0.5, width: 0, height: 0.1))
        for keys in [#", "contentsCenter": [0, 0, -0.5, 1]"#, #", "contentsCenter": [1e300, 0, 1, 1]"#, #", "contentsCenter": [0, 0, 1]"#] {
            let e = error(keys)
            XCTAssertTrue(e.contains("contentsCenter"), "\(keys): \(e)")
            XCTAssertFalse(e.contains("\n"), "one line: \(e)")
        }
    }

    /// cornerCurve is circular by default; continuous is read; any other name is refused
    /// naming the key.
    func testCornerCurveIsReadWithItsDefault() throws {
        XCTAssertEqual(try load("").cornerCurve, .circular)
        XCTAssertEqual(try load(#", "cornerCurve": "continuous""#).cornerCurve, .continuous)
        let e = error(#", "cornerCurve": "squircle""#)
        XCTAssertTrue(e.contains("cornerCurve"), e)
    }

    /// instanceDelay defaults to 0 and is read in seconds; a value past 1e6 is refused.
    func testInstanceDelayIsReadWithItsDefault() throws {
        XCTAssertEqual(try load(#", "type": "replicator""#).replicator?.instanceDelay, 0)
        XCTAssertEqual(try load(#", "type": "replicator", "instanceCount": 3, "instanceDelay": 0.25"#).replicator?.instanceDelay, 0.25)
        let e = error(#", "type": "replicator", "instanceDelay": 1e7"#)
        XCTAssertTrue(e.contains("instanceDelay"), e)
    }
}
