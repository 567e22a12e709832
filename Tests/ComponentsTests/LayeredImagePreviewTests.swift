import Components
import Assets
import Foundation
import Images
import LayerMath
import Scene
import SceneRuntime
import ToolSupport
import XCTest
import _TestSupport

/// The designer's preview: a layered image opened directly becomes one parallax button,
/// centred in a 1280x720 canvas at the image's aspect, at most 62.5% of each side, whose
/// tilt follows the hovering pointer.
final class LayeredImagePreviewTests: XCTestCase {
    func button(_ path: String, tilt: RotateMethod = .finger) throws -> (Scene, ParallaxButton) {
        XCTAssertTrue(LayeredImagePreview.handles(path), path)
        let scene = try BuiltInScenes.load(fileOrName: path, images: ImageStore(), tilt: tilt)
        return (scene, try XCTUnwrap(scene.components.first as? ParallaxButton))
    }

    func testImagestackOf800x480IsScaledByTheHeightLimit() throws {
        // 0.625 x 1280 / 800 = 1, 0.625 x 720 / 480 = 0.9375: 750x450, centred at (265, 135).
        let path = packageRoot().appendingPathComponent("Assets/icon/DefaultIcon.imagestack").path
        let (_, b) = try button(path)
        XCTAssertEqual(b.configuration.frame, Rect(x: 265, y: 135, width: 750, height: 450))
        XCTAssertEqual(b.configuration.rotateMethod, .finger)
        XCTAssertTrue(b.configuration.active, "the effect is on without a long press")
        XCTAssertEqual(b.layers.images.count, 4, "Sky, Hills, Sun, Title")
    }

    func testFolderOfPNGsIsLayeredBackToFrontByNumberedName() throws {
        // 100x50 layers: 0.625 x 1280 / 100 = 8, 0.625 x 720 / 50 = 9: 800x400 at (240, 160).
        let dir = try TemporaryDirectory()
        for name in ["10-top.png", "2-middle.png", "1-back.png"] {
            _ = try dir.write(name, bytes: try Image.solid(width: 100, height: 50, 9, 9, 9).encodePNG())
        }
        _ = try dir.write("notes.txt", text: "not a layer")
        let json = try LayeredImagePreview.sceneJSON(path: dir.path, tilt: .finger)
        let order = ["1-back.png", "2-middle.png", "10-top.png"].map { json.range(of: $0)?.lowerBound }
        XCTAssertEqual(order.compactMap { $0 }.count, 3, json)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "back first: 1, 2, 10")
        let (_, b) = try button(dir.path)
        XCTAssertEqual(b.configuration.frame, Rect(x: 240, y: 160, width: 800, height: 400))
        XCTAssertEqual(b.layers.images.count, 3)
    }

    func testHoveringAtTheRightEdgeTiltsTheCardWithoutAClick() throws {
        // Finger pose at the right edge, half height: x = (w - w/2) / w / 2 = 0.25, y = 0. The
        // card transform R_y(-0.5 x) T(25 x, 0, 0) S(1.1) P: m41 = 25 x 0.25 x 1.1 = 6.875,
        // m11 = 1.1 cos(0.125); at the centre (no tilt) 0 and 1.1.
        let path = packageRoot().appendingPathComponent("Assets/icon/DefaultIcon.imagestack").path
        let (scene, b) = try button(path)
        let f = b.configuration.frame
        scene.update(to: 2)
        assertClose(b.layers.card.transform.m41, 0, 1e-9)
        assertClose(b.layers.card.transform.m11, 1.1, 1e-9)
        scene.handle(.move(Point(f.maxX, f.minY + f.size.height / 2)), at: 2)
        scene.update(to: 2)
        XCTAssertEqual(b.phase, .active)
        assertClose(b.layers.card.transform.m41, 6.875, 1e-9)
        assertClose(b.layers.card.transform.m11, 1.1 * cos(0.125), 1e-9)
    }

    func testAFolderWithoutLayersSaysWhatAPreviewOpens() throws {
        let dir = try TemporaryDirectory()
        XCTAssertThrowsError(try BuiltInScenes.load(fileOrName: dir.path, images: ImageStore(), tilt: .finger)) { error in
            XCTAssertTrue("\(error)".contains("a preview opens an .lsr file, an .imagestack folder or a folder of layer PNGs"),
                          "\(error)")
        }
    }

    func testSceneFilesAndBuiltInNamesAreNotPreviews() {
        XCTAssertFalse(LayeredImagePreview.handles("button"))
        XCTAssertFalse(LayeredImagePreview.handles(packageRoot().appendingPathComponent("Assets/scenes/cube.json").path))
    }
}
