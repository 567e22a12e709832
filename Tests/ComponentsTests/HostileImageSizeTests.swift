import Assets
import Foundation
import Images
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// The class "layer contents decoded at the size shown": a large image file on a small
/// layer costs the pixels the layer shows, and a run that draws nothing decodes nothing.
/// Sizes by hand from the definition: the smallest size, aspect kept, that covers the
/// bounds times the store's pixels per point, never more than the file has.
final class HostileImageSizeTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// A 512x256 PNG of one opaque colour.
    func writePNG(_ name: String, width: Int = 512, height: Int = 256) throws {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i + 1] = 0 }
        try Data(try Image(width: width, height: height, pixels: pixels).encodePNG())
            .write(to: folder.appendingPathComponent(name))
    }

    func load(_ layers: String) throws -> (Scene, ImageStore) {
        let images = ImageStore()
        let text = "{\"canvas\": {\"width\": 100, \"height\": 100}, \"components\": [\(layers)]}"
        return (try SceneLoader.parse(text, file: "s.json", directory: folder.path, images: images), images)
    }

    func contents(_ scene: Scene, _ name: String) throws -> ImageRef {
        let layer = try XCTUnwrap(scene.rootLayers.first { $0.name == name })
        guard case .image(let ref) = layer.contents else { throw XCTSkip("no image contents") }
        return ref
    }

    /// 16x16 points at 1.5 pixels a point: 24x24 covered by 512x256 scaled by
    /// max(24/512, 24/256) = 0.09375: 48x24. The handle keeps the file's 512x256 (what the
    /// gravity places); nothing is decoded until the pixels are asked for.
    func testLargeFileOnASmallLayerIsDecodedAtTheSizeShown() throws {
        try writePNG("wide.png")
        let (scene, images) = try load("{\"kind\": \"layer\", \"name\": \"a\", \"bounds\": [16, 16], \"position\": [50, 50], \"contents\": \"wide.png\"}")
        let ref = try contents(scene, "a")
        XCTAssertEqual(ref.width, 512)
        XCTAssertEqual(ref.height, 256)
        XCTAssertEqual(images.residentBytes, 0, "loading the scene decodes no pixels")
        let image = try XCTUnwrap(images.image(for: ref))
        XCTAssertEqual(image.width, 48)
        XCTAssertEqual(image.height, 24)
        XCTAssertEqual(images.residentBytes, 48 * 24 * 4)
    }

    /// A layer larger than the file shows it magnified: every pixel the file has, no more.
    func testSmallFileOnALargeLayerIsDecodedWhole() throws {
        try writePNG("wide.png")
        let (scene, images) = try load("{\"kind\": \"layer\", \"name\": \"a\", \"bounds\": [1000, 1000], \"position\": [50, 50], \"contents\": \"wide.png\"}")
        let image = try XCTUnwrap(images.image(for: try contents(scene, "a")))
        XCTAssertEqual(image.width, 512)
        XCTAssertEqual(image.height, 256)
    }

    /// contentsRect shows the left half magnified over the bounds: the whole image is shown
    /// 32x16 points, 48x24 pixels, covered by 512x256 at max(48/512, 24/256) = 0.09375: 48x24.
    func testContentsRectPartIsDecodedAtItsMagnifiedSize() throws {
        try writePNG("wide.png")
        let (scene, images) = try load("{\"kind\": \"layer\", \"name\": \"a\", \"bounds\": [16, 16], \"position\": [50, 50], \"contents\": \"wide.png\", \"contentsRect\": [0, 0, 0.5, 1]}")
        let image = try XCTUnwrap(images.image(for: try contents(scene, "a")))
        XCTAssertEqual(image.width, 48)
        XCTAssertEqual(image.height, 24)
    }

    /// Extreme shown sizes (1e300, NaN, 0 points) neither trap nor decode more than the file has.
    func testExtremeShownSizesDecodeAtMostTheFile() throws {
        try writePNG("wide.png")
        let path = folder.appendingPathComponent("wide.png").path
        let images = ImageStore()
        for (w, h) in [(1e300, Double.nan), (0, 0), (-5, Double.infinity)] {
            let image = try XCTUnwrap(images.image(for: try images.load(path: path, shownAt: Size(w, h))))
            XCTAssertLessThanOrEqual(image.width, 512, "\(w)x\(h)")
            XCTAssertLessThanOrEqual(image.height, 256, "\(w)x\(h)")
            XCTAssertGreaterThan(image.width * image.height, 0, "\(w)x\(h)")
        }
    }

    /// The header alone gives the size of each format; a file that is not an image is
    /// refused at load, naming the file.
    func testHeaderSizeOfEveryFormatWithoutDecoding() throws {
        let image = Image(width: 37, height: 11, pixels: [UInt8](repeating: 255, count: 37 * 11 * 4))
        try Data(try image.encodePNG()).write(to: folder.appendingPathComponent("a.png"))
        try Data(try XCTUnwrap(image.jpegData())).write(to: folder.appendingPathComponent("a.jpg"))
        try Data(try XCTUnwrap(image.webpData())).write(to: folder.appendingPathComponent("a.webp"))
        for name in ["a.png", "a.jpg", "a.webp"] {
            let size = try Image.readSize(path: folder.appendingPathComponent(name).path)
            XCTAssertEqual(size.width, 37, name)
            XCTAssertEqual(size.height, 11, name)
        }
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("b.png"))
        XCTAssertThrowsError(try load("{\"kind\": \"layer\", \"name\": \"a\", \"bounds\": [16, 16], \"position\": [50, 50], \"contents\": \"b.png\"}")) {
            XCTAssertTrue("\($0)".contains("b.png"), "\($0)")
            XCTAssertFalse("\($0)".contains("\n"))
        }
    }
}
