import ParallaxKit
import XCTest

/// Components hit-test through the transforms they are drawn with: a carousel (or a cube)
/// in a shelf whose root layer is translated and scaled, rotated, or turned in
/// perspective is still clicked where it appears. Points are computed by hand from CA's conventions.
///
/// The carousel: `linear`, 5 items of 200x100, frame (0, 0, 800, 400), so in its
/// superlayer's plane the centred item (2) spans x 300...500, y 150...250 (centre (400,
/// 200)) and item 3 spans x 500...700 (centre (600, 200)). It is the only row of a shelf
/// of frame (0, 0, 800, 400), so that plane is the shelf root's bounds plane.
final class HitTestThroughTransformsTests: XCTestCase {
    private func makeHost(_ transformShelf: (Layer) -> Void) -> (ParallaxHost, Carousel) {
        let images = ImageStore()
        var options = CarouselOptions()
        options.itemSize = Size(200, 100)
        let carousel = Carousel(name: "c", frame: Rect(x: 0, y: 0, width: 800, height: 400), count: 5, type: .linear,
                                options: options, images: images)
        let shelf = Shelf(name: "shelf", frame: Rect(x: 0, y: 0, width: 800, height: 400), header: nil, headerHeight: 0,
                          rows: [(title: nil, titleHeight: 0, component: carousel)], rowSpacing: 0, scrollInset: 0)
        transformShelf(shelf.rootLayer)
        let scene = Scene(canvas: Size(1280, 720), components: [shelf])
        return (ParallaxHost(scene: scene, images: images), carousel)
    }

    private func click(_ host: ParallaxHost, _ x: Double, _ y: Double) {
        host.handle(.pointer(Point(x, y), button: .left, down: true))
        host.handle(.pointer(Point(x, y), button: .left, down: false))
    }

    /// Shelf at anchor (0, 0), position (300, 300), scaled 0.5: canvas = plane * 0.5 +
    /// (300, 300). Item 2's centre is drawn at (500, 400): a click there selects it. Canvas
    /// (500, 360) is plane (400, 120), above the items: nothing. Item 3's centre is drawn
    /// at (600, 400): a click there scrolls to it.
    func testTranslatedAndScaledParent() {
        let (host, carousel) = makeHost { root in
            root.anchorPoint = Point(0, 0)
            root.position = Point(300, 300)
            root.transform = .scale(0.5, 0.5)
        }
        var selected: [Int] = []
        host.onSelect { _, i in selected.append(i) }
        host.advance(to: 1)
        click(host, 500, 360)
        XCTAssertEqual(selected, [], "above the items")
        click(host, 500, 400)
        XCTAssertEqual(selected, [2], "the centred item's drawn centre")
        click(host, 600, 400)
        host.advance(to: 3)
        XCTAssertEqual(carousel.centredIndex, 3, "item 3's drawn centre")
    }

    /// Shelf at anchor (0, 0), position (700, 100), rotated +90 degrees about z: CA maps
    /// (x, y) to (-y, x), so canvas = (700 - y, 100 + x). Item 2's centre (400, 200) is
    /// drawn at (500, 500); item 3's (600, 200) at (500, 700).
    func testRotatedParent() {
        let (host, carousel) = makeHost { root in
            root.anchorPoint = Point(0, 0)
            root.position = Point(700, 100)
            root.transform = .rotation(Double.pi / 2, 0, 0, 1)
        }
        var selected: [Int] = []
        host.onSelect { _, i in selected.append(i) }
        host.advance(to: 1)
        click(host, 500, 500)
        XCTAssertEqual(selected, [2])
        click(host, 500, 700)
        host.advance(to: 3)
        XCTAssertEqual(carousel.centredIndex, 3)
    }

    /// Shelf centred at (640, 360) (anchor at its centre, plane point (400, 200)), turned
    /// 60 degrees about y, then perspective d = 1000. A plane point x from the centre goes
    /// to (0.5 x, z = -0.866 x), w = 1 + 0.000866 x, drawn at 0.5 x / w. The centre stays
    /// at (640, 360): a click selects item 2. Drawn x = 40 from the centre is plane
    /// x = 40 / (0.5 - 0.0346) = 86.0 < 100: still item 2. Drawn x = 75 is plane
    /// 75 / (0.5 - 0.0650) = 172.4, in item 3 (100...300 from the centre): it scrolls there.
    func testParentInPerspective() {
        let (host, carousel) = makeHost { root in
            root.position = Point(640, 360)
            root.transform = Transform3D.rotation(Double.pi / 3, 0, 1, 0) * .perspective(1000)
        }
        var selected: [Int] = []
        host.onSelect { _, i in selected.append(i) }
        host.advance(to: 1)
        click(host, 640, 360)
        click(host, 680, 360)
        XCTAssertEqual(selected, [2, 2])
        click(host, 715, 360)
        host.advance(to: 3)
        XCTAssertEqual(carousel.centredIndex, 3)
    }

    /// A cube (frame (0, 0, 400, 400), centred at plane (200, 200)) as a shelf row, the
    /// shelf at anchor (0, 0), position (600, 300), scaled 0.5: the cube's centre is drawn
    /// at (700, 400), where a face is always in front: a click there selects one. A click
    /// at (200, 200), where the cube would be without the parent's transform, is plane
    /// (-800, -200): outside the cube, nothing selected.
    func testCubeInTranslatedAndScaledParent() {
        let images = ImageStore()
        let cube = Cube(name: "cube", frame: Rect(x: 0, y: 0, width: 400, height: 400), canvas: Size(1280, 720),
                        images: images)
        let shelf = Shelf(name: "shelf", frame: Rect(x: 0, y: 0, width: 400, height: 400), header: nil, headerHeight: 0,
                          rows: [(title: nil, titleHeight: 0, component: cube)], rowSpacing: 0, scrollInset: 0)
        shelf.rootLayer.anchorPoint = Point(0, 0)
        shelf.rootLayer.position = Point(600, 300)
        shelf.rootLayer.transform = .scale(0.5, 0.5)
        let host = ParallaxHost(scene: Scene(canvas: Size(1280, 720), components: [shelf]), images: images)
        host.advance(to: 0.5)
        click(host, 200, 200)
        XCTAssertNil(cube.selectedFace, "where the untransformed cube would be")
        click(host, 700, 400)
        XCTAssertNotNil(cube.selectedFace, "the cube's drawn centre")
    }

    /// The mapping itself: a layer inside a parent translated by (200, 100) and scaled 0.5
    /// (anchor (0, 0)): canvas (260, 130) is the parent's plane point (120, 60); a child at
    /// position (100, 50) (bounds 40x20, anchor centre, so origin (80, 40)) has it at (40, 20).
    func testPlanePointThroughTranslatedScaledParent() throws {
        let parent = Layer(name: "p", bounds: Size(400, 400), position: Point(200, 100))
        parent.anchorPoint = Point(0, 0)
        parent.transform = .scale(0.5, 0.5)
        let child = Layer(name: "c", bounds: Size(40, 20), position: Point(100, 50))
        parent.addSublayer(child)
        let inParent = try XCTUnwrap(parent.planePoint(Point(260, 130), fromAncestor: nil))
        XCTAssertEqual(inParent.x, 120, accuracy: 1e-9)
        XCTAssertEqual(inParent.y, 60, accuracy: 1e-9)
        let inChild = try XCTUnwrap(child.planePoint(Point(260, 130), fromAncestor: nil))
        XCTAssertEqual(inChild.x, 40, accuracy: 1e-9)
        XCTAssertEqual(inChild.y, 20, accuracy: 1e-9)
        let fromParent = try XCTUnwrap(child.planePoint(Point(120, 60), fromAncestor: parent))
        XCTAssertEqual(fromParent.x, 40, accuracy: 1e-9)
        XCTAssertNotNil(parent.planePoint(Point(1, 1), fromAncestor: nil, nilWhenTranslated: true), "scaled")
        parent.transform = .identity
        XCTAssertNil(parent.planePoint(Point(1, 1), fromAncestor: nil, nilWhenTranslated: true), "only translated")
    }

    /// A parent turned 90 degrees about y is drawn edge-on, as the line x = 50: a point
    /// beside that line maps far outside its 100-point bounds (or to nothing); NaN and
    /// 1e300 map to nothing, without a trap.
    func testEdgeOnParentMapsBesideItsLineOutsideItsBounds() {
        let parent = Layer(name: "p", bounds: Size(100, 100), position: Point(50, 50))
        parent.transform = .rotation(Double.pi / 2, 0, 1, 0)
        if let q = parent.planePoint(Point(60, 50), fromAncestor: nil) {
            XCTAssertGreaterThan(abs(q.x), 1e6)
        }
        XCTAssertNil(parent.planePoint(Point(.nan, 1), fromAncestor: nil))
        XCTAssertNil(parent.planePoint(Point(.infinity, 1), fromAncestor: nil))
        _ = parent.planePoint(Point(1e300, -1e300), fromAncestor: nil)
    }
}
