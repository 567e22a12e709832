import ParallaxKit
import XCTest

/// `import ParallaxKit` alone reaches every public module: a scene file is read, laid out,
/// flattened and dumped without naming any other module.
final class UmbrellaTests: XCTestCase {
    func testOneImportReadsFlattensAndDumpsAScene() throws {
        let text = """
        {"canvas": {"width": 400, "height": 300},
         "components": [{"kind": "layer", "name": "card", "frame": [100, 50, 200, 100], "color": [1, 0, 0, 1]}]}
        """
        let scene = try SceneLoader.parse(text, file: "umbrella.json", directory: ".", images: ImageStore())
        XCTAssertEqual(scene.canvas, Size(400, 300))
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let dump = QuadsDump.json(list, time: 0)
        // The layer's frame [100, 50, 200, 100]: corners TL (100, 50), TR (300, 50), BR (300, 150), BL (100, 150).
        XCTAssertTrue(dump.contains("\"corners\": [[100, 50], [300, 50], [300, 150], [100, 150]]"), dump)
        XCTAssertEqual(WindowToCanvas(canvas: scene.canvas, windowWidth: 800, windowHeight: 600).scale, 2)
        XCTAssertTrue(SceneKinds.standard.names.contains("carousel"))
    }
}
