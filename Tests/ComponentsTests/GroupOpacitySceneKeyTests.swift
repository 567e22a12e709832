import Assets
import Components
import Layers
import Scene
import XCTest

/// The scene file's `allowsGroupOpacity` layer key (CALayer.allowsGroupOpacity).
final class GroupOpacitySceneKeyTests: XCTestCase {
    func load(_ extra: String) throws -> Layer {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "card", "bounds": [50, 50], "position": [50, 50], "opacity": 0.5\(extra)}]}
        """
        return try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore()).rootLayers[0]
    }

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
