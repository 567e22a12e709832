import Assets
import Components
import Images
import JSON
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// A parallax button built from an Xcode `.imagestack`: layers bottom first, frames honoured.
final class ImagestackButtonTests: XCTestCase {
    func testStackLayersBecomeButtonLayersBottomFirstWithFramesHonoured() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let back = Image.solid(width: 40, height: 24, 0, 0, 255)
        let middle = Image.solid(width: 40, height: 24, 0, 255, 0, 128)
        let front = Image.solid(width: 10, height: 6, 255, 0, 0)
        let stack = try writeImageStack(in: dir, frontFirst: [
            StackLayerFixture(name: "Front", image: front, frameSize: (10, 6), frameCenter: (5, 3)),
            StackLayerFixture(name: "Middle", image: middle),
            StackLayerFixture(name: "Back", image: back),
        ], canvas: (40, 24))
        let images = ImageStore()
        let scene = try SceneLoader.parse("""
            {"canvas": {"width": 400, "height": 240}, "components": [{"kind": "parallaxButton", "name": "b",
             "frame": [0, 0, 400, 240], "imagestack": \(JSONNode.quote(stack))}]}
            """, file: "test.json", directory: dir.file(""), images: images)
        scene.update(to: 0)
        let list = scene.rootLayers.flatten(canvas: scene.canvas)
        let names = list.quads.map(\.name)
        XCTAssertEqual(Array(names.filter { $0.hasPrefix("b/") && $0.dropFirst(2).allSatisfy(\.isNumber) }), ["b/0", "b/1", "b/2"])
        // Bottom first: b/0 is the blue background, b/2 the red front layer placed in the top-left corner.
        func image(_ name: String) -> Image? {
            guard let q = list.quads.first(where: { $0.name == name }), case .image(let ref) = q.contents else { return nil }
            return images.image(for: ref)
        }
        let b0 = try XCTUnwrap(image("b/0")), b2 = try XCTUnwrap(image("b/2"))
        XCTAssertEqual(b0.pixel(20, 12).b, 255)
        XCTAssertEqual(b2.width, 40)                       // placed on the 40x24 canvas
        XCTAssertEqual(b2.pixel(2, 2).r, 255)              // inside its 10x6 frame at the top left
        XCTAssertEqual(b2.pixel(30, 20).a, 0)              // transparent elsewhere
    }
}
