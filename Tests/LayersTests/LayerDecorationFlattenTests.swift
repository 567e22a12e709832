import LayerMath
import Layers
import XCTest

/// CALayer's background, border and shadow in the render list: their drawing order (shadow,
/// background, contents, sublayers, border), their geometry and their names in the dump.
final class LayerDecorationFlattenTests: XCTestCase {
    let canvas = Size(400, 300)
    let image = ImageRef(id: 1, width: 10, height: 10, isOpaque: true)

    func layer(_ name: String, frame: Rect) -> Layer {
        let l = Layer(name: name)
        l.frame = frame
        return l
    }

    /// Core Animation: "if the layer has any content, that content is rendered on top of the
    /// background color". Background first, then the image, the dump naming both.
    func testBackgroundIsDrawnUnderImageContents() {
        let l = layer("poster", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        l.backgroundColor = Color(1, 0, 0, 1)
        l.contents = .image(image)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.quad(0), .quad(1)])
        XCTAssertEqual(list.quads[0].contents, .color(Color(1, 0, 0, 1)))
        XCTAssertEqual(list.quads[0].part, .background)
        XCTAssertEqual(list.quads[1].contents, .image(image))
        XCTAssertEqual(list.quads[1].part, .own)
        let dump = QuadsDump.json(list, time: 0)
        XCTAssertTrue(dump.contains("\"name\": \"poster/background\""), dump)
        XCTAssertTrue(dump.contains("\"name\": \"poster\","), dump)
    }

    /// A background alone is the layer's own quad, drawn as a colour layer always was.
    func testBackgroundAloneIsTheLayersOwnQuad() {
        let l = layer("plate", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        l.backgroundColor = Color(0, 0, 1, 1)
        l.cornerRadius = 6
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 1)
        XCTAssertEqual(list.quads[0].part, .own)
        XCTAssertEqual(list.quads[0].cornerRadius, 6)
        XCTAssertEqual(list.quads[0].contents, .color(Color(0, 0, 1, 1)))
    }

    /// A clear background draws nothing.
    func testClearBackgroundDrawsNothing() {
        let l = layer("clear", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        l.backgroundColor = .clear
        XCTAssertTrue(l.flatten(canvas: canvas).quads.isEmpty)
    }

    /// The border is composited above the contents and the sublayers (CALayer.borderWidth),
    /// with the layer's bounds, matrix and corner radius.
    func testBorderIsDrawnAfterSublayers() {
        let l = layer("card", frame: Rect(x: 10, y: 10, width: 100, height: 100))
        l.backgroundColor = .white
        l.cornerRadius = 12
        l.borderWidth = 4
        l.borderColor = Color(1, 1, 0, 1)
        let child = layer("child", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        child.backgroundColor = .black
        l.addSublayer(child)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.map(\.name), ["card", "child", "card"])
        XCTAssertEqual(list.quads[2].part, .border(width: 4))
        XCTAssertEqual(list.quads[2].cornerRadius, 12)
        XCTAssertEqual(list.quads[2].contents, .color(Color(1, 1, 0, 1)))
        XCTAssertEqual(list.quads[2].cornerArray, [Point(10, 10), Point(110, 10), Point(110, 110), Point(10, 110)])
        XCTAssertFalse(list.quads[2].isOpaque, "a border covers only its ring")
    }

    /// The border is drawn outside the clip of `masksToBounds` (it lies inside the bounds):
    /// the clip's pop comes before it.
    func testBorderOfAMaskingLayerIsDrawnAfterItsClipEnds() {
        let l = layer("card", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.masksToBounds = true
        l.borderWidth = 2
        let child = layer("child", frame: Rect(x: 10, y: 10, width: 100, height: 100))
        child.backgroundColor = .white
        l.addSublayer(child)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.pushClip(0), .quad(0), .popClip(0), .quad(1)])
        XCTAssertEqual(list.quads[1].part, .border(width: 2))
    }

    /// The shadow comes first, its quad the bounds moved by shadowOffset and grown by three
    /// radii: a 100 x 50 frame at (10, 20) with CALayer's defaults (radius 3, offset
    /// (0, -3)) gives x 10 - 9 ... 110 + 9, y 20 - 3 - 9 ... 70 - 3 + 9.
    func testShadowComesFirstGrownByThreeRadiiAndMovedByTheDefaultOffset() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        l.backgroundColor = .white
        l.shadow.opacity = 0.5
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 2)
        let s = list.quads[0]
        XCTAssertEqual(s.part, .shadow(sigma: 3, inset: 9))
        XCTAssertEqual(s.contents, .color(Color(0, 0, 0, 0.5)))
        XCTAssertEqual(s.cornerArray, [Point(1, 8), Point(119, 8), Point(119, 76), Point(1, 76)])
        XCTAssertEqual(list.quads[1].part, .own)
        XCTAssertTrue(QuadsDump.json(list, time: 0).contains("\"name\": \"card/shadow\""))
    }

    /// shadowOpacity 0 (the default) draws no shadow; nor does a layer with nothing of its own.
    func testNoShadowWithoutOpacityOrWithoutAnythingToCastIt() {
        let plain = layer("plain", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        plain.backgroundColor = .white
        XCTAssertEqual(plain.flatten(canvas: canvas).quads.count, 1)
        let empty = layer("empty", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        empty.shadow.opacity = 1
        XCTAssertTrue(empty.flatten(canvas: canvas).quads.isEmpty)
    }

    /// Core Animation clips a layer's shadow by its own masksToBounds: the shadow is drawn
    /// inside a clip of the layer's rounded bounds.
    func testShadowOfAMaskingLayerIsClippedToItsBounds() {
        let l = layer("card", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.backgroundColor = Color(1, 1, 1, 0.5)
        l.masksToBounds = true
        l.cornerRadius = 5
        l.shadow.opacity = 1
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.pushClip(0), .quad(0), .popClip(0), .quad(1)])
        XCTAssertEqual(list.clips[0].size, Size(50, 50))
        XCTAssertEqual(list.clips[0].cornerRadius, 5)
    }

    /// Opacity below 1 over a background and contents composites them as one image (group
    /// opacity, as CSS opacity does an element with a background and an image); a layer
    /// with only a background keeps the single-quad fast path.
    func testHalfOpacityOverBackgroundAndContentsIsOneGroup() {
        let l = layer("poster", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.backgroundColor = .white
        l.contents = .image(image)
        l.opacity = 0.5
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .quad(1), .endGroup(0)])
        XCTAssertEqual(list.groups[0].opacity, 0.5)
        let single = layer("plate", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        single.backgroundColor = .white
        single.opacity = 0.5
        let one = single.flatten(canvas: canvas)
        XCTAssertEqual(one.commands, [.quad(0)])
        XCTAssertEqual(one.quads[0].opacityInGroup, 0.5)
    }

    /// A backgroundColor animation on an image layer gives it a background under the image
    /// (Core Animation animates the property whatever the contents); halfway from clear to
    /// red with a linear timing is (0.5, 0, 0, 0.5).
    func testBackgroundColorAnimationOnAnImageLayerDrawsABackground() {
        let l = layer("poster", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.contents = .image(image)
        var a = Animation.basic(.backgroundColor, from: .color(.clear), to: .color(Color(1, 0, 0, 1)), duration: 2)
        a.timing.beginTime = 1
        l.add(a, forKey: "bg")
        l.advanceAnimations(to: 2)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 2)
        XCTAssertEqual(list.quads[0].contents, .color(Color(0.5, 0, 0, 0.5)))
        XCTAssertEqual(list.quads[1].contents, .image(image))
    }

    /// borderWidth, shadowRadius and shadowOffset are animatable: halfway through a linear
    /// animation from 0 to 8 the border is 4 wide; the offset (0, 0) -> (10, 20) is (5, 10).
    func testBorderWidthAndShadowOffsetAnimateLinearly() {
        let l = layer("card", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.backgroundColor = .white
        l.shadow.opacity = 1
        l.shadow.radius = 1
        var width = Animation.basic(.borderWidth, from: .scalar(0), to: .scalar(8), duration: 1)
        width.timing.beginTime = 1
        var offset = Animation.basic(.shadowOffset, from: .point(.zero), to: .point(Point(10, 20)), duration: 1)
        offset.timing.beginTime = 1
        l.add(width, forKey: "w")
        l.add(offset, forKey: "o")
        l.advanceAnimations(to: 1.5)
        let p = l.presentation()
        XCTAssertEqual(p.borderWidth, 4, accuracy: 1e-12)
        XCTAssertEqual(p.shadow.offset.x, 5, accuracy: 1e-12)
        XCTAssertEqual(p.shadow.offset.y, 10, accuracy: 1e-12)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.map(\.part), [.shadow(sigma: 1, inset: 3), .own, .border(width: 4)])
        // Shadow quad: x 5 - 3 ... 55 + 3, y 10 - 3 ... 60 + 3.
        XCTAssertEqual(list.quads[0].corners.0.x, 2, accuracy: 1e-9)
        XCTAssertEqual(list.quads[0].corners.0.y, 7, accuracy: 1e-9)
        XCTAssertEqual(list.quads[0].corners.2.x, 58, accuracy: 1e-9)
        XCTAssertEqual(list.quads[0].corners.2.y, 63, accuracy: 1e-9)
    }

    /// maskedCorners reaches every quad of the layer and its clip.
    func testMaskedCornersReachTheQuadsAndTheClip() {
        let l = layer("card", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        l.backgroundColor = .white
        l.borderWidth = 1
        l.cornerRadius = 8
        l.masksToBounds = true
        l.maskedCorners = [.minXMinY, .maxXMinY]
        let child = layer("child", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        child.backgroundColor = .black
        l.addSublayer(child)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.map(\.name), ["card", "child", "card"])
        XCTAssertEqual(list.quads[0].maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(list.quads[2].maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(list.clips[0].maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(CornerMask([.minXMinY, .maxXMinY]).squareBits, 12, "the bottom corners (4, 8) stay square")
    }
}


/// CAReplicatorLayer in the render list: instance k of the sublayers under the instance
/// transform taken k times about the replicator's anchor point, coloured by instanceColor
/// plus k times the offsets.
final class ReplicatorFlattenTests: XCTestCase {
    let canvas = Size(400, 300)

    /// Three instances, each 50 points right of the last, alpha 1, 0.75, 0.5: the child's
    /// quad at x 10, 60, 110 with those opacities; the dump names instances 1 and 2.
    func testInstancesStepByTheTransformAndTheAlphaOffset() {
        let r = Layer(name: "rep")
        r.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        var settings = Replicator()
        settings.instanceCount = 3
        settings.instanceTransform = .translation(50, 0, 0)
        settings.instanceAlphaOffset = -0.25
        r.replicator = settings
        let child = Layer(name: "dot")
        child.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = .white
        r.addSublayer(child)
        let list = r.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.map(\.corners.0.x), [10, 60, 110])
        XCTAssertEqual(list.quads.map(\.opacity), [1, 0.75, 0.5])
        XCTAssertEqual(list.quads.map(\.instance), [0, 1, 2])
        let dump = QuadsDump.json(list, time: 0)
        XCTAssertTrue(dump.contains("\"dot/instance2\""), dump)
    }

    /// A reflection: scale y by -1 about the anchor (the centre, y 50) mirrors a child at
    /// y 10...30 to y 70...90; the red offset -0.5 halves a white fill's red in instance 1.
    func testMirrorIsAboutTheAnchorAndColourOffsetsMultiplyFills() {
        let r = Layer(name: "rep")
        r.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        var settings = Replicator()
        settings.instanceCount = 2
        settings.instanceTransform = .scale(1, -1, 1)
        settings.instanceRedOffset = -0.5
        r.replicator = settings
        let child = Layer(name: "poster")
        child.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = .white
        r.addSublayer(child)
        let list = r.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 2)
        let mirrored = list.quads[1]
        XCTAssertEqual(mirrored.corners.0.y, 90, accuracy: 1e-9, "the child's top edge lands at the bottom")
        XCTAssertEqual(mirrored.corners.3.y, 70, accuracy: 1e-9)
        XCTAssertEqual(mirrored.contents, .color(Color(0.5, 1, 1, 1)))
        XCTAssertEqual(list.quads[0].contents, .color(.white))
    }

    /// instanceCount 0 draws no sublayer; the replicator's own background still draws.
    func testZeroInstancesDrawOnlyTheReplicatorItself() {
        let r = Layer(name: "rep")
        r.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        r.backgroundColor = .black
        var settings = Replicator()
        settings.instanceCount = 0
        r.replicator = settings
        let child = Layer(name: "dot")
        child.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = .white
        r.addSublayer(child)
        XCTAssertEqual(r.flatten(canvas: canvas).quads.map(\.name), ["rep"])
    }
}

/// CATransformLayer in the render list: sublayers keep their 3D positions and are ordered
/// by depth; the layer draws nothing itself.
final class TransformLayerFlattenTests: XCTestCase {
    let canvas = Size(400, 300)

    /// A child rotated -45 degrees about y inside a transform layer rotated +45 degrees
    /// cancels (no flattening between them): the child's quad is its unrotated frame. Under
    /// a plain layer the same pair does not cancel (DESIGN section 2, seed 002).
    func testRotationsCancelThroughATransformLayer() {
        func pair(transformLayer: Bool) -> RenderList {
            let t = Layer(name: "t", bounds: Size(100, 100), position: Point(200, 150))
            t.transform = .rotation(.pi / 4, 0, 1, 0)
            t.isTransformLayer = transformLayer
            let c = Layer(name: "c", bounds: Size(100, 100), position: Point(50, 50))
            c.transform = .rotation(-.pi / 4, 0, 1, 0)
            c.backgroundColor = .white
            t.addSublayer(c)
            return t.flatten(canvas: canvas)
        }
        let kept = pair(transformLayer: true)
        XCTAssertEqual(kept.quads.count, 1)
        let c = kept.quads[0].corners
        XCTAssertEqual(c.0.x, 150, accuracy: 1e-9)
        XCTAssertEqual(c.0.y, 100, accuracy: 1e-9)
        XCTAssertEqual(c.2.x, 250, accuracy: 1e-9)
        XCTAssertEqual(c.2.y, 200, accuracy: 1e-9)
        // Flattened: the child's width is cos^2(45 deg) = 0.5 of 100.
        let flat = pair(transformLayer: false).quads[0].corners
        XCTAssertEqual(flat.1.x - flat.0.x, 50, accuracy: 1e-9)
    }

    /// Depth order: a child 10 points nearer (zPosition 10) listed first is drawn last, even
    /// when a sublayer transform turns them so that zPosition alone would not say.
    func testSublayersAreDrawnBackToFrontByDepth() {
        let t = Layer(name: "t", bounds: Size(100, 100), position: Point(200, 150))
        t.isTransformLayer = true
        // Turned half a turn about y: the child at z +10 is now 10 points farther.
        t.sublayerTransform = .rotation(.pi, 0, 1, 0)
        let front = Layer(name: "front", bounds: Size(50, 50), position: Point(50, 50))
        front.zPosition = 10
        front.backgroundColor = .white
        let back = Layer(name: "back", bounds: Size(50, 50), position: Point(50, 50))
        back.backgroundColor = .black
        t.addSublayer(front)
        t.addSublayer(back)
        XCTAssertEqual(t.flatten(canvas: canvas).quads.map(\.name), ["front", "back"])
        t.sublayerTransform = .identity
        XCTAssertEqual(t.flatten(canvas: canvas).quads.map(\.name), ["back", "front"])
    }

    /// The layer's opacity multiplies onto each sublayer: no group.
    func testOpacityMultipliesOntoEachSublayer() {
        let t = Layer(name: "t", bounds: Size(100, 100), position: Point(200, 150))
        t.isTransformLayer = true
        t.opacity = 0.5
        for name in ["a", "b"] {
            let c = Layer(name: name, bounds: Size(50, 50), position: Point(50, 50))
            c.backgroundColor = .white
            t.addSublayer(c)
        }
        let list = t.flatten(canvas: canvas)
        XCTAssertTrue(list.groups.isEmpty)
        XCTAssertEqual(list.quads.map(\.opacityInGroup), [0.5, 0.5])
    }
}

/// A layer's own timing (CAMediaTiming on CALayer): local time = (parent time - beginTime)
/// x speed + timeOffset, for its animations and its sublayers'.
final class LayerTimingTests: XCTestCase {
    private func animated(_ name: String) -> Layer {
        let l = Layer(name: name, bounds: Size(10, 10), position: .zero)
        l.add(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 10), forKey: "x")
        return l
    }

    /// speed 2: at scene time 3 the animation (0 -> 100 over 10 s, linear) is at local 6: 60.
    func testSpeedTwoPlaysTwiceAsFast() {
        let l = animated("l")
        l.timing.speed = 2
        l.advanceAnimations(to: 3)
        XCTAssertEqual(l.presentation().position.x, 60, accuracy: 1e-9)
    }

    /// speed 0 with timeOffset 4 pauses at local 4 (40) whatever the scene time.
    func testSpeedZeroPausesAtTheTimeOffset() {
        let l = animated("l")
        l.timing.speed = 0
        l.timing.timeOffset = 4
        for t in [0.0, 2, 9] {
            l.advanceAnimations(to: t)
            XCTAssertEqual(l.presentation().position.x, 40, accuracy: 1e-9, "scene time \(t)")
        }
    }

    /// Timing composes down the tree: a parent at speed 2 and beginTime 1, a child at
    /// timeOffset 1: scene time 3 is parent time 4 and child time 5: the child's animation
    /// is at 50.
    func testTimingComposesDownTheTree() {
        let parent = Layer(name: "p", bounds: Size(10, 10), position: .zero)
        parent.timing = LayerTiming(beginTime: 1, speed: 2)
        let child = animated("c")
        child.timing.timeOffset = 1
        parent.addSublayer(child)
        parent.advanceAnimations(to: 3)
        XCTAssertEqual(child.presentation().position.x, 50, accuracy: 1e-9)
    }
}
