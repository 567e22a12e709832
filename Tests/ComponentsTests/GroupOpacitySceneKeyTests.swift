import Assets
import Components
import Layers
import Scene
import XCTest

/// The scene file's `allowsGroupOpacity` layer key (CALayer.allowsGroupOpacity).
final class GroupOpacitySceneKeyTests: XCTestCase {
    func load(_ extra: String) throws -> Layer { try loadHalfOpaqueLayer(extra) }

    func testGroupOpacityIsOnByDefaultAndCanBeTurnedOff() throws {
        XCTAssertTrue(try load("").allowsGroupOpacity)
        XCTAssertFalse(try load(", \"allowsGroupOpacity\": false").allowsGroupOpacity)
    }

    func testANonBooleanGroupOpacityIsAOneLineError() {
        XCTAssertThrowsError(try load(", \"allowsGroupOpacity\": 1")) { error in
            XCTAssertTrue("\(error)".contains("allowsGroupOpacity"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }
}

/// The scene file's `shouldRasterize` layer key (CALayer.shouldRasterize).
final class RasterizeSceneKeyTests: XCTestCase {
    func load(_ extra: String) throws -> Layer { try loadHalfOpaqueLayer(extra) }

    func testRasterizationIsOffByDefaultAndCanBeTurnedOn() throws {
        XCTAssertFalse(try load("").shouldRasterize)
        XCTAssertTrue(try load(", \"shouldRasterize\": true").shouldRasterize)
    }

    func testANonBooleanShouldRasterizeIsAOneLineError() {
        XCTAssertThrowsError(try load(", \"shouldRasterize\": \"yes\"")) { error in
            XCTAssertTrue("\(error)".contains("shouldRasterize"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }
}

/// A scene of one 50x50 layer at opacity 0.5, with `extra` keys added to it.
private func loadHalfOpaqueLayer(_ extra: String) throws -> Layer {
    let json = """
    {"canvas": {"width": 100, "height": 100},
     "components": [{"kind": "layer", "name": "card", "bounds": [50, 50], "position": [50, 50], "opacity": 0.5\(extra)}]}
    """
    return try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore()).rootLayers[0]
}
