import LayerMath
import Layers
import XCTest

/// contentsGravity's twelve values, contentsRect and contentsScale, placed by hand from
/// Core Animation's definitions (natural size = pixels / contentsScale).
final class ContentsPlacementTests: XCTestCase {
    let image = ImageRef(id: 1, width: 40, height: 20)
    let size = Size(100, 60)

    /// The nine natural-size gravities put a 40 x 20 image against the named side of a
    /// 100 x 60 layer: x 0, 30 or 60 and y 0, 20 or 40.
    func testNaturalSizeGravitiesAlignToTheNamedSide() {
        let expected: [(ContentsGravity, Double, Double)] = [
            (.topLeft, 0, 0), (.top, 30, 0), (.topRight, 60, 0),
            (.left, 0, 20), (.center, 30, 20), (.right, 60, 20),
            (.bottomLeft, 0, 40), (.bottom, 30, 40), (.bottomRight, 60, 40),
        ]
        for (gravity, x, y) in expected {
            let placed = Flattener.placeContents(image, in: size, gravity: gravity, crop: false)
            XCTAssertEqual(placed.geometry, Rect(x: x, y: y, width: 40, height: 20), "\(gravity)")
            XCTAssertEqual(placed.texture, Rect(x: 0, y: 0, width: 1, height: 1), "\(gravity)")
        }
    }

    /// contentsScale 2: the 40 x 20 pixels are 20 x 10 points; bottomRight puts them at (80, 50).
    func testContentsScaleHalvesTheNaturalSize() {
        let placed = Flattener.placeContents(image, in: size, gravity: .bottomRight, crop: false, contentsScale: 2)
        XCTAssertEqual(placed.geometry, Rect(x: 80, y: 50, width: 20, height: 10))
    }

    /// contentsRect selects a sprite-sheet cell: the right half of the image, drawn by
    /// resize over the whole bounds, its texture rectangle the cell.
    func testContentsRectSelectsTheTextureRectangle() {
        let cell = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        let placed = Flattener.placeContents(image, in: size, gravity: .resize, crop: false, contentsRect: cell)
        XCTAssertEqual(placed.geometry, Rect(x: 0, y: 0, width: 100, height: 60))
        XCTAssertEqual(placed.texture, cell)
    }

    /// The gravities take the cell's size: a 20 x 20 cell (half of 40 x 20) fitted by
    /// resizeAspect into 100 x 60 is 60 x 60 at x 20.
    func testResizeAspectUsesTheCellsAspect() {
        let placed = Flattener.placeContents(image, in: size, gravity: .resizeAspect, crop: false,
                                             contentsRect: Rect(x: 0, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(placed.geometry, Rect(x: 20, y: 0, width: 60, height: 60))
    }

    /// Cropped by masksToBounds, the texture rectangle stays inside the cell: resizeAspectFill
    /// of the left half (20 x 20) into 100 x 60 is 100 x 100 at y -20; the visible rows
    /// 20...80 of 100 are v 0.2...0.8, u the whole cell 0...0.5.
    func testCropKeepsTheTextureInsideTheCell() {
        let placed = Flattener.placeContents(image, in: size, gravity: .resizeAspectFill, crop: true,
                                             contentsRect: Rect(x: 0, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(placed.geometry, Rect(x: 0, y: 0, width: 100, height: 60))
        XCTAssertEqual(placed.texture.minX, 0, accuracy: 1e-12)
        XCTAssertEqual(placed.texture.width, 0.5, accuracy: 1e-12)
        XCTAssertEqual(placed.texture.minY, 0.2, accuracy: 1e-12)
        XCTAssertEqual(placed.texture.height, 0.6, accuracy: 1e-12)
    }

    /// An empty contentsRect draws nothing.
    func testEmptyContentsRectDrawsNothing() {
        let l = Layer(name: "empty", bounds: size, position: Point(50, 30))
        l.contents = .image(image)
        l.contentsRect = Rect(x: 0, y: 0, width: 0, height: 1)
        XCTAssertTrue(l.flatten(canvas: Size(200, 200)).quads.isEmpty)
    }

    /// The layer's filters reach its quad.
    func testFiltersReachTheQuad() {
        let l = Layer(name: "qr", bounds: size, position: Point(50, 30))
        l.contents = .image(image)
        l.magnificationFilter = .nearest
        l.minificationFilter = .linear
        let q = l.flatten(canvas: Size(200, 200)).quads[0]
        XCTAssertEqual(q.magnificationFilter, .nearest)
        XCTAssertEqual(q.minificationFilter, .linear)
    }
}
