import LayerMath
import Layers
import XCTest
import _TestSupport

/// Animations attached to layers: presentation versus model values, from / to / by,
/// additive order, removal on completion, transforms and their component key paths.
final class LayerAnimationTests: XCTestCase {
    func square() -> Layer {
        let l = Layer(name: "a", bounds: Size(100, 100), position: Point(200, 200))
        l.contents = .color(.white)
        return l
    }

    func testPresentationAnimatesWhileTheModelStays() {
        let l = square()
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 2), forKey: "fade")
        l.advanceAnimations(to: 0.5)
        assertClose(l.presentation().opacity, 0.25)
        XCTAssertEqual(l.opacity, 1, "the model value is not touched")
    }

    func testRemovedOnCompletionShowsTheModelWhateverTheFill() {
        let l = square()
        var a = Animation.basic(.opacity, from: .scalar(0), to: .scalar(0.5), duration: 1)
        a.timing.fillMode = .forwards
        l.add(a, forKey: "fade")
        l.advanceAnimations(to: 1.5)
        XCTAssertEqual(l.presentation().opacity, 1)
        XCTAssertNil(l.animation(forKey: "fade"))
    }

    func testKeptAnimationWithForwardsFillHoldsItsEnd() {
        let l = square()
        var a = Animation.basic(.opacity, from: .scalar(0), to: .scalar(0.5), duration: 1)
        a.timing.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "fade")
        l.advanceAnimations(to: 5)
        XCTAssertEqual(l.presentation().opacity, 0.5)
        XCTAssertEqual(l.animationKeys(), ["fade"])
    }

    func testKeptAnimationWithoutFillShowsTheModelAfterTheEnd() {
        let l = square()
        var a = Animation.basic(.opacity, from: .scalar(0), to: .scalar(0.5), duration: 1)
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "fade")
        l.advanceAnimations(to: 5)
        XCTAssertEqual(l.presentation().opacity, 1)
    }

    func testFromToByRules() {
        let l = square()   // position.x = 200
        func at(_ a: Animation) -> Double {
            let x = Layer(name: "x", bounds: Size(1, 1), position: Point(200, 0))
            x.add(a, forKey: nil)
            x.advanceAnimations(to: 0.5)
            return x.presentation().position.x
        }
        _ = l
        XCTAssertEqual(at(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 1)), 50)
        XCTAssertEqual(at(.basic(.positionX, from: .scalar(0), by: .scalar(40), duration: 1)), 20)      // 0 ... 40
        XCTAssertEqual(at(.basic(.positionX, to: .scalar(100), by: .scalar(40), duration: 1)), 80)      // 60 ... 100
        XCTAssertEqual(at(.basic(.positionX, from: .scalar(100), duration: 1)), 150)                   // 100 ... 200
        XCTAssertEqual(at(.basic(.positionX, to: .scalar(100), duration: 1)), 150)                     // 200 ... 100
        XCTAssertEqual(at(.basic(.positionX, by: .scalar(50), duration: 1)), 225)                      // 200 ... 250
    }

    func testAdditiveAnimationAddsToTheValueSoFar() {
        let l = square()
        l.add(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 1), forKey: "move")
        var shake = Animation.basic(.positionX, from: .scalar(0), to: .scalar(10), duration: 1)
        shake.isAdditive = true
        l.add(shake, forKey: "shake")
        l.advanceAnimations(to: 0.5)
        XCTAssertEqual(l.presentation().position.x, 55)
    }

    func testLaterNonAdditiveAnimationOverridesEarlierOnes() {
        let l = square()
        l.add(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 1), forKey: "a")
        l.add(.basic(.positionX, from: .scalar(500), to: .scalar(600), duration: 1), forKey: "b")
        l.advanceAnimations(to: 0.5)
        XCTAssertEqual(l.presentation().position.x, 550)
        l.removeAnimation(forKey: "b")
        XCTAssertEqual(l.presentation().position.x, 50)
    }

    func testSameKeyReplacesTheAnimation() {
        let l = square()
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade")
        l.add(.basic(.opacity, from: .scalar(1), to: .scalar(0), duration: 1), forKey: "fade")
        XCTAssertEqual(l.animationKeys(), ["fade"])
        l.advanceAnimations(to: 0.25)
        XCTAssertEqual(l.presentation().opacity, 0.75)
    }

    func testBeginTimeZeroMeansNow() {
        let l = square()
        l.advanceAnimations(to: 5)
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade")
        XCTAssertEqual(l.animation(forKey: "fade")?.timing.beginTime, 5)
        l.advanceAnimations(to: 5.5)
        XCTAssertEqual(l.presentation().opacity, 0.5)
    }

    func testModelChangeShowsAtOnceUnderAnUnrelatedAnimation() {
        let l = square()
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade")
        l.advanceAnimations(to: 0.5)
        l.position = Point(10, 20)
        XCTAssertEqual(l.presentation().position, Point(10, 20))
    }

    func testSpringAnimationFollowsTheOscillator() {
        let l = square()
        l.add(.spring(.positionY, Spring(), from: .scalar(0), to: .scalar(100), duration: 2), forKey: "drop")
        l.advanceAnimations(to: 0.1)
        assertClose(l.presentation().position.y, 100 * Spring().fraction(at: 0.1), 1e-9)
        assertClose(l.presentation().position.y, 34.02998466, 1e-6)
    }

    func testBackgroundColorInterpolatesPerComponent() {
        let l = square()
        l.contents = .color(Color(1, 0, 0, 1))
        l.add(.basic(.backgroundColor, to: .color(Color(0, 0, 1, 1)), duration: 1), forKey: "c")
        l.advanceAnimations(to: 0.25)
        XCTAssertEqual(l.presentation().contents, .color(Color(0.75, 0, 0.25, 1)))
    }

    // MARK: Transforms

    func testTransformInterpolatesTheRotationAngleNotTheMatrix() {
        // Half way from identity to a quarter turn is an eighth turn (a matrix average
        // would shrink the layer to cos 45 = 0.707 of its size).
        let v = AnimationValue.interpolate(.transform(.identity), .transform(.rotation(.pi / 2, 0, 0, 1)), 0.5)
        guard case .transform(let m) = v else { return XCTFail() }
        assertClose(m, .rotation(.pi / 4, 0, 0, 1), 1e-12)
    }

    func testTransformInterpolatesScaleAndTranslationLinearly() {
        let a = Transform3D.scale(1, 1, 1) * .translation(0, 0, 0)
        let b = Transform3D.scale(3, 5, 1) * .rotation(.pi / 3, 0, 1, 0) * .translation(100, -40, 8)
        guard case .transform(let m) = AnimationValue.interpolate(.transform(a), .transform(b), 0.5) else { return XCTFail() }
        assertClose(m, Transform3D.scale(2, 3, 1) * .rotation(.pi / 6, 0, 1, 0) * .translation(50, -20, 4), 1e-12)
    }

    func testDecompositionRoundTripsAShearedMirroredMatrix() {
        let m = Transform3D(-2, 0.5, 0.1, 0, 0.3, 1.5, -0.2, 0, 0.4, 0.1, 0.7, 0, 10, 20, 30, 1)
        assertClose(DecomposedTransform(m)!.matrix, m, 1e-12)
    }

    func testRotationZKeyPathKeepsTheModelScale() {
        let l = square()
        l.transform = .scale(2, 2, 1)
        l.add(.basic(.rotationZ, from: .scalar(0), to: .scalar(.pi), duration: 1), forKey: "spin")
        l.advanceAnimations(to: 0.25)
        // Scale first, then the rotation: row vectors S * R.
        assertClose(l.presentation().transform, Transform3D.scale(2, 2, 1) * .rotation(.pi / 4, 0, 0, 1), 1e-12)
    }

    func testRotationZBeyondHalfATurnKeepsTurning() {
        let l = square()
        l.add(.basic(.rotationZ, from: .scalar(0), to: .scalar(2 * .pi), duration: 1), forKey: "spin")
        l.advanceAnimations(to: 0.75)
        assertClose(l.presentation().transform, .rotation(1.5 * .pi, 0, 0, 1), 1e-12)
    }

    func testScaleKeyPathKeepsTheModelRotation() {
        let l = square()
        l.transform = .rotation(.pi / 6, 0, 0, 1)
        l.add(.basic(.scale, to: .scalar(3), duration: 1), forKey: "grow")
        l.advanceAnimations(to: 0.5)
        assertClose(l.presentation().transform, Transform3D.scale(2, 2, 2) * .rotation(.pi / 6, 0, 0, 1), 1e-12)
    }

    func testScaleFromZeroLeavesASingularMatrixUsable() {
        let l = square()
        l.add(.basic(.scaleX, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "x")
        l.add(.basic(.scaleY, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "y")
        l.advanceAnimations(to: 0)
        assertClose(l.presentation().transform, .scale(0, 0, 1), 1e-12)
        l.advanceAnimations(to: 0.5)
        assertClose(l.presentation().transform, .scale(0.5, 0.5, 1), 1e-12)
    }

    func testTranslationKeyPathsSetTheFourthRow() {
        let l = square()
        l.add(.basic(.translationX, to: .scalar(40), duration: 1), forKey: "x")
        var z = Animation.basic(.translationZ, by: .scalar(-10), duration: 1)
        z.isAdditive = true
        l.add(z, forKey: "z")
        l.advanceAnimations(to: 0.5)
        assertClose(l.presentation().transform, .translation(20, 0, -5), 1e-12)
    }

    func testRotationXYZRecombineXFirst() {
        let l = square()
        l.add(.basic(.rotationX, to: .scalar(0.3), duration: 1), forKey: "x")
        l.add(.basic(.rotationY, to: .scalar(0.5), duration: 1), forKey: "y")
        l.add(.basic(.rotationZ, to: .scalar(0.7), duration: 1), forKey: "z")
        l.advanceAnimations(to: 1 - 1e-9)
        let expected = Transform3D.rotation(0.3, 1, 0, 0) * .rotation(0.5, 0, 1, 0) * .rotation(0.7, 0, 0, 1)
        assertClose(l.presentation().transform, expected, 1e-6)
    }

    // MARK: Drawing

    func testFlattenerDrawsThePresentationValues() {
        let l = square()
        l.add(.basic(.position, from: .point(Point(0, 0)), to: .point(Point(400, 200)), duration: 2), forKey: "move")
        l.advanceAnimations(to: 1)
        let q = l.flatten(canvas: Size(800, 600)).quads
        XCTAssertEqual(q[0].cornerArray, [Point(150, 50), Point(250, 50), Point(250, 150), Point(150, 150)])
    }

    func testAnimatedZPositionReordersSiblings() {
        let root = Layer(name: "root", bounds: Size(800, 600), position: Point(400, 300))
        let a = square(), b = square()
        a.name = "a"; b.name = "b"
        root.addSublayer(a); root.addSublayer(b)
        a.add(.basic(.zPosition, from: .scalar(0), to: .scalar(10), duration: 1), forKey: "lift")
        root.advanceAnimations(to: 0)
        XCTAssertEqual(root.flatten(canvas: Size(800, 600)).quads.map(\.name), ["a", "b"])
        root.advanceAnimations(to: 0.5)
        XCTAssertEqual(root.flatten(canvas: Size(800, 600)).quads.map(\.name), ["b", "a"])
    }

    func testReplayAtTheSameTimesGivesTheSameQuads() {
        func run() -> [[Point]] {
            let l = square()
            l.add(.spring(.positionX, Spring(damping: 6), by: .scalar(300), duration: 3), forKey: "s")
            l.add(.keyframe(.rotationZ, values: [.scalar(0), .scalar(1), .scalar(-1)], duration: 1.3), forKey: "k")
            var out: [[Point]] = []
            for i in 0..<60 {
                l.advanceAnimations(to: Double(i) / 30)
                out.append(l.flatten(canvas: Size(800, 600)).quads[0].cornerArray)
            }
            return out
        }
        XCTAssertEqual(run(), run())
    }

    func testFrameRateDoesNotChangeTheResult() {
        func layer() -> Layer {
            let l = square()
            var spin = Animation.basic(.rotationZ, by: .scalar(3), duration: 0.4)
            spin.timing.repeatCount = 2.5
            spin.timing.autoreverses = true
            l.add(spin, forKey: "spin")
            l.add(.spring(.position, Spring(damping: 4), to: .point(Point(0, 0)), duration: 0.7), forKey: "move")
            return l
        }
        let stepped = layer(), jumped = layer()
        for i in 1...97 { stepped.advanceAnimations(to: Double(i) / 97 * 1.3) }
        jumped.advanceAnimations(to: 1.3)
        XCTAssertEqual(stepped.presentation(), jumped.presentation())
        XCTAssertEqual(stepped.animationKeys(), jumped.animationKeys())
        XCTAssertEqual(stepped.animationKeys(), ["spin"], "the spring finished at 0.7 s and was removed")
    }

    func testSublayerAddedLaterStartsAtTheTreesTime() {
        let root = Layer(name: "root", bounds: Size(800, 600), position: Point(400, 300))
        root.advanceAnimations(to: 3)
        let l = square()
        root.addSublayer(l)
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade")
        XCTAssertEqual(l.animation(forKey: "fade")?.timing.beginTime, 3)
        XCTAssertEqual(l.presentation().opacity, 0, "shows the start at once")
        root.advanceAnimations(to: 3.25)
        XCTAssertEqual(l.presentation().opacity, 0.25)
    }

    func testAnimatedLayerMovedIntoAnotherTreeKeepsRunning() {
        let a = Layer(name: "a"), b = Layer(name: "b")
        let l = square()
        a.addSublayer(l)
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 2), forKey: "fade")
        b.addSublayer(l)
        b.advanceAnimations(to: 0.5)
        XCTAssertEqual(l.presentation().opacity, 0.25)
        b.advanceAnimations(to: 3)
        XCTAssertFalse(l.hasAnimations)
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 2), forKey: "again")
        b.advanceAnimations(to: 4)
        XCTAssertEqual(l.presentation().opacity, 0.5, "walked again after a new animation")
    }
}
