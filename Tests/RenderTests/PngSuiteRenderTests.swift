import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import XCTest
import _TestSupport

/// Every valid PngSuite file (name not starting with x) uploads as a texture and
/// renders as a layer's contents without a GL error; the image's centre pixel comes back.
final class PngSuiteRenderTests: XCTestCase {
    func testEveryValidPngSuiteFileRendersAsLayerContents() throws {
        let h = try RenderHarness.shared()
        let dir = try fixture("pngsuite")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
            .sorted()
        XCTAssertGreaterThan(files.count, 150, "the suite looks incomplete")
        let errorsBefore = h.renderer.glErrors.count
        for (k, file) in files.enumerated() {
            let image = try Image.read(path: dir.appendingPathComponent(file).path)
            let ref = ImageRef(id: 70_000 + k, width: image.width, height: image.height)
            h.images.images[ref.id] = image
            // The image at 1:1 in the top-left corner of a 64x64 canvas, over opaque black.
            let layer = Layer(name: file, bounds: Size(Double(image.width), Double(image.height)))
            layer.anchorPoint = Point(0, 0)
            layer.position = Point(0, 0)
            layer.contents = .image(ref)
            let out = try h.render([layer], canvas: Size(64, 64), background: .black)
            XCTAssertEqual(h.renderer.stats.textureUploads, 1, "\(file): texture not uploaded")
            XCTAssertEqual(h.renderer.stats.missingImages, 0, file)
            XCTAssertEqual(h.renderer.stats.quads, 1, file)
            // A texel that the 1:1 mapping samples exactly: the centre of pixel (0, 0),
            // composited over black (premultiplied), within rounding.
            let p = image.pixel(0, 0), q = out.pixel(0, 0)
            XCTAssertLessThanOrEqual(abs(Int(p.r) - Int(q.r)), 3, "\(file): red \(q.r) != \(p.r)")
            XCTAssertLessThanOrEqual(abs(Int(p.g) - Int(q.g)), 3, "\(file): green \(q.g) != \(p.g)")
            XCTAssertLessThanOrEqual(abs(Int(p.b) - Int(q.b)), 3, "\(file): blue \(q.b) != \(p.b)")
            h.images.images[ref.id] = nil
            h.renderer.textures.invalidate(ref)
        }
        XCTAssertEqual(Array(h.renderer.glErrors.dropFirst(errorsBefore)), [], "GL errors while rendering PngSuite")
    }
}
