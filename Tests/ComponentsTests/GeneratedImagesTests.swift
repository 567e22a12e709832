import Assets
import Components
import Images
import LayerMath
import Layers
import XCTest

/// The lazily painted images of the cube, affine and header components can be produced
/// and have the sizes their refs announce.
final class GeneratedImagesTests: XCTestCase {
    func refs(_ layer: Layer) -> [ImageRef] {
        var out: [ImageRef] = []
        if case .image(let r) = layer.contents { out.append(r) }
        for s in layer.sublayers { out += refs(s) }
        return out
    }

    func testEveryGeneratedImagePaints() throws {
        let images = ImageStore()
        let roots = [
            Cube(name: "c", frame: Rect(x: 0, y: 0, width: 375, height: 375), canvas: Size(375, 375), images: images).rootLayer,
            AffineOrders(name: "a", frame: Rect(x: 0, y: 0, width: 600, height: 400), images: images).rootLayer,
            ScrollHeader(name: "h", frame: Rect(x: 0, y: 0, width: 375, height: 667), images: images, rowCount: 5).rootLayer,
        ]
        for ref in roots.flatMap(refs) {
            let image = try XCTUnwrap(images.image(for: ref))
            XCTAssertEqual(image.width, ref.width)
            XCTAssertEqual(image.height, ref.height)
            if let dir = ProcessInfo.processInfo.environment["DUMP_GENERATED"] {
                let data = Data(image.pixels)
                try data.write(to: URL(fileURLWithPath: "\(dir)/\(ref.id)_\(ref.width)x\(ref.height).rgba"))
            }
        }
        XCTAssertTrue(images.loadErrors.isEmpty)
    }
}
