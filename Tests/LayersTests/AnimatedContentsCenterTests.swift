import LayerMath
import Layers
import XCTest

/// CALayer.contentsCenter and CAReplicatorLayer.instanceDelay are animatable: the nine-slice
/// and the instances' times of the drawn frame follow the animated value, worked out by hand.
final class AnimatedContentsCenterTests: XCTestCase {
    /// A 100 x 100 layer showing a 40 x 40 image (1 pixel per point).
    private func framed() -> Layer {
        let l = Layer(name: "frame", bounds: Size(100, 100), position: Point(50, 50))
        l.contents = .image(ImageRef(id: 1, width: 40, height: 40))
        l.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        return l
    }

    private func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let r else { return XCTFail("no rectangle", file: file, line: line) }
        for (got, want) in [(r.minX, x), (r.minY, y), (r.width, w), (r.height, h)] {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(r)", file: file, line: line)
        }
    }

    /// (0.25, 0.25, 0.5, 0.5) to (0.1, 0.1, 0.8, 0.8): at 0.5, (0.175, 0.175, 0.65, 0.65), so
    /// borders of 0.175 x 40 = 7 points each side: the centre is x, y 7...93.
    func testHalfWayCentreGivesTheMidpointInsets() {
        let l = framed()
        l.add(.basic(.contentsCenter, to: .rect(Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)), duration: 1), forKey: "c")
        l.advanceAnimations(to: 0.5)
        let q = l.flatten(canvas: Size(100, 100)).quads
        XCTAssertEqual(q.count, 1)
        assertRect(q.first?.nineSlice?.centre, 7, 7, 86, 86)
        assertRect(q.first?.nineSlice?.textureCentre, 0.175, 0.175, 0.65, 0.65)
        l.advanceAnimations(to: 2)
        assertRect(l.flatten(canvas: Size(100, 100)).quads.first?.nineSlice?.centre, 10, 10, 80, 80)
    }

    /// Keyframes (0.25 ... 0.5 wide), (0, 0, 1, 1), (0.5, 0.5, 0, 0): at 0.25, half-way to the
    /// whole image: (0.125, 0.125, 0.75, 0.75), borders of 5 points.
    func testKeyframeCentreBlendsEachComponent() {
        let l = framed()
        l.add(.keyframe(.contentsCenter, values: [.rect(l.contentsCenter), .rect(Rect(x: 0, y: 0, width: 1, height: 1)),
                                                   .rect(Rect(x: 0.5, y: 0.5, width: 0, height: 0))], duration: 1), forKey: "k")
        l.advanceAnimations(to: 0.25)
        assertRect(l.flatten(canvas: Size(100, 100)).quads.first?.nineSlice?.centre, 5, 5, 90, 90)
    }

    /// instanceDelay animated from 0 to 1 over 1 s, a dot sliding along x from 0 to 100 over
    /// 1 s: at 0.5 the delay is 0.5, so instance 0 is at 0.5 (x 50), instance 1 at 0 (x 0)
    /// and instance 2 at -0.5, before its slide (the model's x 10); left edges 45, -5, 5.
    func testAnimatedInstanceDelaySpreadsTheInstances() {
        let r = Layer(name: "shelf", bounds: Size(200, 100), position: Point(100, 50))
        var settings = Replicator()
        settings.instanceCount = 3
        r.replicator = settings
        let dot = Layer(name: "dot", bounds: Size(10, 10), position: Point(10, 50))
        dot.backgroundColor = .white
        r.addSublayer(dot)
        dot.add(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 1), forKey: "slide")
        r.add(.basic(.instanceDelay, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "delay")
        r.advanceAnimations(to: 0.5)
        let edges = r.flatten(canvas: Size(200, 100)).quads.map { $0.corners.0.x }
        XCTAssertEqual(edges.count, 3)
        for (got, want) in zip(edges, [45.0, -5, 5]) { XCTAssertEqual(got, want, accuracy: 1e-9, "\(edges)") }
    }
}
