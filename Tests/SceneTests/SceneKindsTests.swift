import Assets
import Input
import JSON
import LayerMath
import Layers
import Scene
import XCTest

/// The loader's open registry: an app's own kind is built through the factory it
/// registered, with no change to the library, and unknown kinds name the registered ones.
final class SceneKindsTests: XCTestCase {
    /// A kind only this test knows: a square of `side` points at `origin`.
    final class Square: SceneComponent {
        let name: String
        let rootLayer: Layer
        init(name: String, origin: (Double, Double), side: Double) {
            self.name = name
            rootLayer = Layer(name: name)
            rootLayer.frame = Rect(x: origin.0, y: origin.1, width: side, height: side)
        }
        func handle(_ event: InputEvent, at time: Double) {}
        func update(to time: Double) {}

        static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
            let name = try context.claimComponent(node, allowedKeys: ["kind", "name", "origin", "side"])
            let o = try node["origin"].point()
            return Square(name: name, origin: o, side: try node["side"].positive())
        }
    }

    var kinds: SceneKinds {
        var k = SceneKinds()
        k.register("square", Square.make)
        return k
    }

    func testRegisteredKindIsBuiltThroughItsFactory() throws {
        let text = #"{"canvas": {"width": 200, "height": 100}, "components": [{"kind": "square", "name": "s", "origin": [10, 20], "side": 30}]}"#
        let scene = try SceneLoader.parse(text, file: "k.json", directory: ".", images: ImageStore(), kinds: kinds)
        XCTAssertEqual(scene.components.count, 1)
        let square = try XCTUnwrap(scene.components.first as? Square)
        XCTAssertEqual(square.rootLayer.frame, Rect(x: 10, y: 20, width: 30, height: 30))
    }

    func testUnknownKindListsTheRegisteredOnes() {
        var k = kinds
        k.register("circle", Square.make)
        let text = #"{"canvas": {"width": 200, "height": 100}, "components": [{"kind": "carousel", "name": "c"}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "k.json", directory: ".", images: ImageStore(), kinds: k)) {
            XCTAssertEqual("\($0)", "k.json: at components[0].kind: unknown kind \"carousel\" (expected one of: circle, square)")
        }
    }

    func testEmptyRegistryRefusesEveryKind() {
        let text = #"{"canvas": {"width": 10, "height": 10}, "components": [{"kind": "square", "name": "s"}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "k.json", directory: ".", images: ImageStore(), kinds: SceneKinds())) {
            XCTAssertEqual("\($0)", "k.json: at components[0].kind: unknown kind \"square\" (expected one of: )")
        }
    }
}
