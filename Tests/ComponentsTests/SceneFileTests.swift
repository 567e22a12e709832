import Assets
import Components
import Input
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

final class SceneFileTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore())
    }

    func error(_ json: String) -> String {
        do { _ = try parse(json); return "no error" } catch { return "\(error)" }
    }

    func testLayerSceneBuildsATree() throws {
        let scene = try parse("""
        {"canvas": {"width": 600, "height": 400, "background": [0, 0, 0, 1]},
         "components": [{"kind": "layer", "name": "card", "bounds": [200, 100], "position": [300, 200],
            "transform": [{"rotate": [0.7853981633974483, 0, 1, 0]}, {"perspective": 500}],
            "color": [1, 0, 0, 1], "masksToBounds": true, "cornerRadius": 8,
            "sublayers": [{"name": "dot", "bounds": [10, 10], "position": [5, 5], "color": [0, 1, 0]}]}]}
        """)
        XCTAssertEqual(scene.canvas, Size(600, 400))
        let card = scene.rootLayers[0]
        assertClose(card.transform, Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500))
        XCTAssertEqual(card.sublayers.map(\.name), ["dot"])
        XCTAssertEqual(card.cornerRadius, 8)
    }

    func testTransformOperationsApplyInListOrder() throws {
        let scene = try parse("""
        {"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [1, 1],
          "transform": [{"translate": [10, 0, 0]}, {"rotate": [1.5707963267948966, 0, 0, 1]}, {"scale": [2, 2, 1]}]}]}
        """)
        let t = scene.rootLayers[0].transform
        assertClose(t.project(Point(0, 0)), Point(0, 20), 1e-12)   // translate, then rotate, then scale
    }

    func testErrorsNameTheFileThePathAndWhatWasExpected() {
        XCTAssertEqual(error(#"{"canvas": {"width": 100, "height": "tall"}, "components": []}"#),
                       #"test.json: at canvas.height: expected a number, found string "tall""#)
        XCTAssertEqual(error(#"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "sphere", "name": "s"}]}"#)
                        .hasPrefix("test.json: at components[0].kind: unknown kind \"sphere\""), true)
        XCTAssertTrue(error(#"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [1, 1], "colour": [1, 0, 0]}]}"#)
                        .contains("at components[0].colour: unknown key \"colour\""))
        XCTAssertTrue(error(#"{"canvas": {"width": 0, "height": 100}, "components": []}"#)
                        .contains("at canvas.width: expected a number > 0, found 0"))
        XCTAssertTrue(error(#"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [1, 1]}, {"kind": "layer", "name": "a", "bounds": [1, 1]}]}"#)
                        .contains("at components[1].name: duplicate name \"a\""))
        XCTAssertTrue(error(#"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [1, 1], "contents": "missing.png"}]}"#)
                        .contains("at components[0].contents: no such file: /tmp/missing.png"))
        XCTAssertTrue(error(#"{"canvas": {"width": 1e999, "height": 100}, "components": []}"#).contains("out of range"))
        XCTAssertTrue(error(#"{"canvas": {"width": NaN, "height": 100}, "components": []}"#).contains("invalid JSON at line 1"))
        XCTAssertTrue(error(#"{"canvas": {"width": 1, "width": 2}}"#).contains("duplicate key \"width\""))
        XCTAssertTrue(error("{\"canvas\": {\n\"width\": 1,,}}").contains("line 2"))
        XCTAssertTrue(error(#"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [1, 1], "transform": [{"spin": 1}]}]}"#)
                        .contains("at components[0].transform[0]: unknown transform operation \"spin\""))
    }

    func testJSONParserFuzzNeverCrashes() {
        let seed = #"{"canvas": {"width": 600, "height": 400}, "components": [{"kind": "layer", "name": "a", "bounds": [10, 10], "position": [5, 5], "color": [1, 0, 0, 1], "transform": [{"rotate": [0.5, 0, 1, 0]}]}]}"#
        var rng = SeededRandom(seed: randomTestSeed(42))
        let bytes = Array(seed.utf8)
        for _ in 0..<2000 {
            var b = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<b.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: b[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: b.remove(at: i)
                default: b.insert(b[Int.random(in: 0..<b.count, using: &rng)], at: i)
                }
                if b.isEmpty { break }
            }
            do { _ = try parse(String(decoding: b, as: UTF8.self)) } catch is SceneError {} catch {
                XCTFail("unexpected error type \(error)")
            }
        }
    }
}
