#if canImport(Glibc)
import Glibc
#endif
import Assets
import Components
import Foundation
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// The `animations` list of scene-file layers (docs/animations.md) and the example scene
/// Assets/scenes/animations.json, with values worked out by hand.
final class SceneAnimationsTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore())
    }

    /// A one-layer scene whose layer has `animations`.
    func scene(_ animations: String, layer extra: String = "") throws -> Scene {
        try parse("""
        {"canvas": {"width": 400, "height": 300}, "components": [{"kind": "layer", "name": "a", "bounds": [100, 50],
          "position": [200, 150], "color": [1, 0, 0, 1]\(extra), "animations": [\(animations)]}]}
        """)
    }

    func error(_ animations: String) -> String {
        do { _ = try scene(animations); return "no error" } catch { return "\(error)" }
    }

    func exampleScene() throws -> Scene {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try SceneLoader.load(path: url.appendingPathComponent("Assets/scenes/animations.json").path, images: ImageStore())
    }

    // MARK: Reading

    func testBasicAnimationWithNamedTimingRepeatsAndFill() throws {
        let s = try scene("""
        {"key": "fade", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2, "beginTime": 1,
         "timingFunction": "easeInEaseOut", "repeatCount": 2, "autoreverses": true, "fillMode": "both",
         "removedOnCompletion": false, "speed": 2, "timeOffset": 0.5, "additive": true}
        """)
        let a = try XCTUnwrap(s.rootLayers[0].animation(forKey: "fade"))
        XCTAssertEqual(a.keyPath, .opacity)
        XCTAssertEqual(a.kind, .basic(from: .scalar(0), to: .scalar(1), by: nil))
        XCTAssertEqual(a.timing, MediaTiming(beginTime: 1, duration: 2, speed: 2, timeOffset: 0.5, repeatCount: 2,
                                             autoreverses: true, fillMode: .both))
        XCTAssertEqual(a.timingFunction, .easeInEaseOut)
        XCTAssertTrue(a.isAdditive)
        XCTAssertFalse(a.isRemovedOnCompletion)
    }

    func testCustomBezierAndTransformValues() throws {
        let s = try scene("""
        {"key": "t", "keyPath": "transform", "toValue": [{"rotate": [1.5707963267948966, 0, 0, 1]}, {"scale": [2, 2, 1]}],
         "duration": 1, "timingFunction": [0.1, 0.7, 0.3, 0.9]}
        """)
        let a = try XCTUnwrap(s.rootLayers[0].animation(forKey: "t"))
        XCTAssertEqual(a.timingFunction, TimingFunction(0.1, 0.7, 0.3, 0.9))
        guard case .basic(nil, .transform(let m)?, nil) = a.kind else { return XCTFail("\(a.kind)") }
        assertClose(m, Transform3D.rotation(.pi / 2, 0, 0, 1) * .scale(2, 2, 1), 1e-12)
    }

    func testSceneAnimationsRunOnSceneTime() throws {
        let s = try scene("""
        {"keyPath": "position", "fromValue": [0, 0], "toValue": [400, 300], "duration": 2},
        {"keyPath": "backgroundColor", "toValue": [0, 0, 1, 1], "duration": 1}
        """)
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 0.5)
        let p = s.rootLayers[0].presentation()
        XCTAssertEqual(p.position, Point(100, 75))
        XCTAssertEqual(p.backgroundColor, Color(0.5, 0, 0.5, 1))
        XCTAssertEqual(s.rootLayers[0].position, Point(200, 150), "the model keeps the file's value")
        let quad = s.rootLayers.flatten(canvas: s.canvas).quads[0]
        XCTAssertEqual(quad.corners.0, Point(50, 50))
        driver.advance(to: 3)
        XCTAssertEqual(s.rootLayers[0].presentation().position, Point(200, 150), "removed on completion")
    }

    func testSpringWithoutDurationPlaysUntilItSettles() throws {
        let s = try scene(#"{"key": "s", "keyPath": "position.y", "type": "spring", "byValue": 100, "damping": 20}"#)
        let a = try XCTUnwrap(s.rootLayers[0].animation(forKey: "s"))
        // Critically damped (c = 2 sqrt(k m) = 20): settles when (1 + 10 t) e^(-10 t) = 0.001.
        let t = a.timing.duration
        assertClose((1 + 10 * t) * exp(-10 * t), 0.001, 1e-9)
    }

    func testKeyframeKeysAreRead() throws {
        let s = try scene("""
        {"key": "k", "keyPath": "cornerRadius", "type": "keyframe", "values": [0, 10, 4], "keyTimes": [0, 0.5, 0.9, 1],
         "calculationMode": "discrete", "duration": 1}
        """)
        let a = try XCTUnwrap(s.rootLayers[0].animation(forKey: "k"))
        XCTAssertEqual(a.kind, .keyframe(Keyframes(values: [.scalar(0), .scalar(10), .scalar(4)], keyTimes: [0, 0.5, 0.9, 1],
                                                   calculationMode: .discrete)))
    }

    // MARK: Errors: one line naming the file, the JSON path and the reason

    func testUnknownKeyPathListsTheChoices() {
        let e = error(#"{"keyPath": "opacityy", "toValue": 1}"#)
        XCTAssertTrue(e.hasPrefix("test.json: at components[0].animations[0].keyPath: unknown keyPath \"opacityy\""), e)
        XCTAssertTrue(e.contains("transform.rotation.z"), e)
    }

    func testValueOfTheWrongKind() {
        XCTAssertTrue(error(#"{"keyPath": "position", "toValue": 3}"#).contains("animations[0].toValue: expected an array of 2 numbers"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": [1, 2]}"#).contains("toValue: expected a number"))
    }

    func testMissingValues() {
        XCTAssertTrue(error(#"{"keyPath": "opacity", "duration": 1}"#).contains("expected at least one of fromValue, toValue, byValue"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "keyframe", "values": []}"#).contains("expected at least one value"))
    }

    func testKeysOfAnotherType() {
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "values": [1]}"#).contains("\"values\" does not apply to a basic animation"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "mass": 2}"#).contains("\"mass\" does not apply to a basic animation"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "keyframe", "values": [1], "toValue": 1}"#)
            .contains("\"toValue\" does not apply to a keyframe animation"))
    }

    func testKeyTimesAndTimingFunctionsMustMatchTheValues() {
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "keyframe", "values": [0, 1], "keyTimes": [0, 0.5, 1]}"#)
            .contains("expected 2 key times for 2 values, found 3"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}"#)
            .contains("keyTimes[2]: expected key times in 0...1 in ascending order"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "keyframe", "values": [0, 1, 0], "timingFunctions": ["easeIn"]}"#)
            .contains("expected 2 timing functions (one per segment), found 1"))
    }

    func testTimingErrors() {
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "timingFunction": "bounce"}"#).contains("unknown timing function \"bounce\""))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "timingFunction": [1.5, 0, 0.5, 1]}"#)
            .contains("expected control point x coordinates in 0...1"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "speed": -1}"#).contains("speed: expected a number >= 0"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "repeatCount": 2, "repeatDuration": 3}"#)
            .contains("expected either repeatCount or repeatDuration"))
        XCTAssertTrue(error(#"{"keyPath": "opacity", "toValue": 1, "fillMode": "forward"}"#)
            .contains("expected one of removed, forwards, backwards, both"))
    }

    func testUndampedSpringNeedsADuration() {
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "spring", "toValue": 1, "damping": 0}"#)
            .contains("a spring with damping 0 never settles: give it a duration"))
        XCTAssertEqual(error(#"{"keyPath": "opacity", "type": "spring", "toValue": 1, "damping": 0, "duration": 2}"#), "no error")
        XCTAssertTrue(error(#"{"keyPath": "opacity", "type": "spring", "toValue": 1, "mass": 0}"#).contains("mass: expected a number > 0"))
    }

    func testExtremeFiniteNumbersLoadAndEvaluate() throws {
        let s = try scene("""
        {"key": "spring", "keyPath": "position.x", "type": "spring", "fromValue": -1e300, "toValue": 1e300, "mass": 1e-300,
         "stiffness": 1e300, "damping": 1e-300, "initialVelocity": 1e300, "duration": 1e300, "speed": 1e300,
         "repeatCount": 1e300, "timeOffset": -1e300},
        {"key": "scale", "keyPath": "transform", "byValue": [{"scale": [1e300, 1e-300, 1]}], "duration": 1e-300, "fillMode": "both",
         "removedOnCompletion": false}
        """)
        let driver = SceneDriver(scene: s, events: [])
        let layer = s.rootLayers[0]
        XCTAssertEqual(layer.animationKeys(), ["spring", "scale"], "both animations load")
        // t = 0: the offset is minus one whole cycle (1e300 s), so the spring is at its start,
        // fromValue; the 1e-300 s transform animation is at its start, the model's identity.
        driver.advance(to: 0)
        XCTAssertEqual(layer.presentation().position.x, -1e300)
        assertClose(layer.presentation().transform, .identity, 0)
        // t = 1: the transform animation has ended and fills forwards at identity + byValue.
        driver.advance(to: 1)
        assertClose(layer.presentation().transform, .scale(1e300, 1e-300, 1), 0)
        for t in [0.0, 1e-300, 1, 1e300] {
            driver.advance(to: t)
            let p = layer.presentation()
            XCTAssertTrue(p.position.x.isFinite && p.transform.entries.allSatisfy(\.isFinite), "t = \(t): \(p.position.x)")
            let list = s.rootLayers.flatten(canvas: s.canvas)
            let corners = list.quads.flatMap(\.cornerArray)
            XCTAssertFalse(corners.contains { $0.x.isNaN || $0.y.isNaN }, "t = \(t): a NaN corner reaches the renderer")
        }
    }

    // MARK: The example scene: a spring and a keyframe animation

    func testExamplePosterDropsOnTheSpring() throws {
        let s = try exampleScene()
        let driver = SceneDriver(scene: s, events: [])
        let poster = try XCTUnwrap(s.rootLayers[0].find("poster"))
        XCTAssertEqual(poster.presentation().position.y, -90, "backwards fill shows fromValue at t = 0")
        driver.advance(to: 0.2)
        // m 1, k 120, c 8: w0 = sqrt(120), zeta = 4 / sqrt(120), wd = w0 sqrt(1 - zeta^2), B = -zeta w0 / wd.
        let w0 = 120.0.squareRoot(), zeta = 4 / w0, wd = w0 * (1 - zeta * zeta).squareRoot(), b = -zeta * w0 / wd
        let x = 1 + exp(-zeta * w0 * 0.2) * (-cos(wd * 0.2) + b * sin(wd * 0.2))
        assertClose(poster.presentation().position.y, -90 + 280 * x, 1e-9)
        assertClose(poster.presentation().position.y, 202.821963, 1e-5)   // past 190: the overshoot
    }

    func testExamplePosterTiltsThroughItsKeyframes() throws {
        let s = try exampleScene()
        let driver = SceneDriver(scene: s, events: [])
        let poster = try XCTUnwrap(s.rootLayers[0].find("poster"))
        // Key time 0.3 of 2 s after the 1.6 s begin: exactly the second value, 0.7 rad about y.
        driver.advance(to: 2.2)
        assertClose(poster.presentation().transform, .rotation(0.7, 0, 1, 0), 1e-9)
        // Half way through the middle segment (eased by easeInEaseOut, symmetric): 0 rad.
        driver.advance(to: 1.6 + 2 * 0.5)
        assertClose(poster.presentation().transform, .identity, 1e-9)
        driver.advance(to: 10)
        XCTAssertFalse(poster.hasAnimations, "every animation is removed on completion")
        XCTAssertEqual(poster.presentation(), LayerPresentation(model: poster))
    }
}
