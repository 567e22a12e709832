import LayerMath
import Layers
import XCTest

/// contentsCenter (nine-slice) placed by hand from Core Animation's definition: the centre
/// rectangle stretches, the rest of the image keeps its natural size (pixels / contentsScale).
final class NineSliceTests: XCTestCase {
    let square = ImageRef(id: 1, width: 30, height: 30)
    let thirds = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)

    private func place(_ image: ImageRef, in size: Size, center: Rect, gravity: ContentsGravity = .resize, crop: Bool = false,
                       contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1), scale: Double = 1)
        -> (geometry: Rect, texture: Rect, slice: NineSlice?) {
        Flattener.placeSlicedContents(image, in: size, gravity: gravity, crop: crop, contentsRect: contentsRect,
                                      contentsScale: scale, contentsCenter: center)
    }

    private func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let r else { return XCTFail("no rectangle \(message)", file: file, line: line) }
        XCTAssertEqual(r.minX, x, accuracy: 1e-12, message, file: file, line: line)
        XCTAssertEqual(r.minY, y, accuracy: 1e-12, message, file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: 1e-12, message, file: file, line: line)
        XCTAssertEqual(r.height, h, accuracy: 1e-12, message, file: file, line: line)
    }

    /// A 30 x 30 image sliced in thirds in a 100 x 60 layer: 10-point corners, the centre
    /// x 10...90, y 10...50 showing the middle third of the texture.
    func testThirdsKeepTenPointBorders() {
        let p = place(square, in: Size(100, 60), center: thirds)
        assertRect(p.geometry, 0, 0, 100, 60)
        assertRect(p.slice?.centre, 10, 10, 80, 40)
        assertRect(p.slice?.textureCentre, 1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3)
    }

    /// The map is linear in each band: x 5 is half-way across the left border (u 1/6), x 50
    /// the middle of the centre (u 1/2), x 95 half-way across the right border (u 5/6).
    func testTextureCoordinatesAreLinearInEachBand() throws {
        let p = place(square, in: Size(100, 60), center: thirds)
        let s = try XCTUnwrap(p.slice)
        for (x, u) in [(0.0, 0.0), (5, 1.0 / 6), (10, 1.0 / 3), (50, 0.5), (90, 2.0 / 3), (95, 5.0 / 6), (100, 1)] {
            XCTAssertEqual(s.texturePoint(Point(x, 30), content: p.geometry, texture: p.texture).x, u, accuracy: 1e-12, "x \(x)")
        }
        XCTAssertEqual(s.texturePoint(Point(50, 55), content: p.geometry, texture: p.texture).y, 5.0 / 6, accuracy: 1e-12)
    }

    /// contentsScale 2: the 10-pixel borders are 5 points.
    func testContentsScaleHalvesTheBorders() {
        let p = place(square, in: Size(100, 60), center: thirds, scale: 2)
        assertRect(p.slice?.centre, 5, 5, 90, 50)
    }

    /// Unequal borders: centre [0.2, 0.1, 0.5, 0.6] of a 40 x 20 image keeps 8 points left,
    /// 0.3 x 40 = 12 right, 0.1 x 20 = 2 above and 0.3 x 20 = 6 below.
    func testUnequalBordersKeepTheirOwnSizes() {
        let p = place(ImageRef(id: 2, width: 40, height: 20), in: Size(100, 60), center: Rect(x: 0.2, y: 0.1, width: 0.5, height: 0.6))
        assertRect(p.slice?.centre, 8, 2, 80, 52)
        assertRect(p.slice?.textureCentre, 0.2, 0.1, 0.5, 0.6)
    }

    /// A zero-size centre stands for one source pixel centred there: [0.5, 0.5, 0, 0] of 30
    /// pixels is 29/60...31/60, leaving 14.5-point borders.
    func testZeroSizeCentreIsOneSourcePixel() {
        let p = place(square, in: Size(100, 60), center: Rect(x: 0.5, y: 0.5, width: 0, height: 0))
        assertRect(p.slice?.centre, 14.5, 14.5, 71, 31)
        assertRect(p.slice?.textureCentre, 29.0 / 60, 29.0 / 60, 2.0 / 60, 2.0 / 60)
    }

    /// Borders longer together than the layer shrink alike: 10 + 10 in 16 points are 8 + 8,
    /// the centre empty at x 8; x 4 shows u 1/6 (half of the left border). The other axis
    /// (60 points) keeps its 10-point borders.
    func testBordersLongerThanTheLayerShrinkAlike() throws {
        let p = place(square, in: Size(16, 60), center: thirds)
        let s = try XCTUnwrap(p.slice)
        assertRect(s.centre, 8, 10, 0, 40)
        XCTAssertEqual(s.texturePoint(Point(4, 30), content: p.geometry, texture: p.texture).x, 1.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(s.texturePoint(Point(12, 30), content: p.geometry, texture: p.texture).x, 5.0 / 6, accuracy: 1e-12)
    }

    /// contentsCenter is a unit rectangle of the part contentsRect selects: the right half of
    /// a 60 x 30 sheet is 30 x 30 pixels, its middle third u 0.5 + 0.5/3 ... 0.5 + 1/3.
    func testCentreIsInTheContentsRectsPart() {
        let p = place(ImageRef(id: 3, width: 60, height: 30), in: Size(100, 60), center: thirds,
                      contentsRect: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        assertRect(p.texture, 0.5, 0, 0.5, 1)
        assertRect(p.slice?.centre, 10, 10, 80, 40)
        assertRect(p.slice?.textureCentre, 0.5 + 0.5 / 3, 1.0 / 3, 0.5 / 3, 1.0 / 3)
    }

    /// masksToBounds crops through the sliced map: resizeAspectFill puts the 30 x 30 image
    /// at 100 x 100, y -20...80, centre y -10...70; the rows kept, 0...60, show v 1/3 + 10/80
    /// x 1/3 = 3/8 to 1/3 + 70/80 x 1/3 = 5/8 (a linear crop would give 0.2...0.8).
    func testCropFollowsTheSlicedMap() {
        let p = place(square, in: Size(100, 60), center: thirds, gravity: .resizeAspectFill, crop: true)
        assertRect(p.geometry, 0, 0, 100, 60)
        assertRect(p.texture, 0, 3.0 / 8, 1, 2.0 / 8)
        assertRect(p.slice?.centre, 10, -10, 80, 80)
    }

    /// The unit rectangle (the default) and a centre cut away entirely by the unit square
    /// both leave no slicing when whole.
    func testUnitCentreDoesNotSlice() {
        XCTAssertNil(place(square, in: Size(100, 60), center: Rect(x: 0, y: 0, width: 1, height: 1)).slice)
        XCTAssertNil(place(square, in: Size(100, 60), center: Rect(x: .nan, y: 0, width: 1, height: 1)).slice)
    }

    /// A centre reaching past the unit square is cut to it: [-1, -1, 3, 3] stretches the whole
    /// image (a band 0...1 on each axis, no borders).
    func testCentrePastTheUnitSquareIsCut() {
        let p = place(square, in: Size(100, 60), center: Rect(x: -1, y: -1, width: 3, height: 3))
        assertRect(p.slice?.centre, 0, 0, 100, 60)
        assertRect(p.slice?.textureCentre, 0, 0, 1, 1)
    }

    /// Flattened, a sliced layer is still one quad of its bounds (the quads dump does not
    /// change), carrying its slicing.
    func testFlattenedSliceIsOneQuad() throws {
        let l = Layer(name: "frame", bounds: Size(100, 60), position: Point(50, 30))
        l.contents = .image(square)
        l.contentsCenter = thirds
        let list = l.flatten(canvas: Size(200, 200))
        XCTAssertEqual(list.quads.count, 1)
        assertRect(try XCTUnwrap(list.quads.first?.nineSlice).centre, 10, 10, 80, 40)
        XCTAssertEqual(list.quads[0].name, "frame")
    }
}
