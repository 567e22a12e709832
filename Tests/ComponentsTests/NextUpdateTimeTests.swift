import Assets
import Components
import Foundation
import Images
import Input
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// `Scene.nextUpdateTime(after:)`: when a scene must next be advanced with no input. At rest
/// nothing is scheduled (infinity); each timer gives its own time, worked out from its
/// definition (a long press fires 0.5 s after the press, the idle sway starts `idleDelay`
/// = 3 s after the last input, an attract screen dims `idleTimeout` after it).
final class NextUpdateTimeTests: XCTestCase {
    func parse(_ json: String, directory: String = "/tmp", images: ImageStore = ImageStore()) throws -> Scene {
        try SceneLoader.parse(json, file: "test.json", directory: directory, images: images)
    }

    /// One red layer with `extra` keys.
    func layerScene(_ extra: String = "", top: String = "") throws -> Scene {
        try parse("""
        {"canvas": {"width": 400, "height": 300}\(top), "components": [{"kind": "layer", "name": "a", "bounds": [100, 50],
          "position": [200, 150], "color": [1, 0, 0, 1]\(extra)}]}
        """)
    }

    func testAStaticLayerSceneHasNothingScheduled() throws {
        let scene = try layerScene()
        scene.update(to: 0)
        XCTAssertEqual(scene.nextUpdateTime(after: 0), .infinity)
        scene.update(to: 7)
        XCTAssertEqual(scene.nextUpdateTime(after: 7), .infinity)
    }

    /// An opacity animation over 0...2 s: running, the scene moves now; once removed on
    /// completion nothing is left to schedule.
    func testAnAnimationEndingAtTwoIsScheduledUntilItEndsThenNothing() throws {
        let scene = try layerScene(#", "animations": [{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2}]"#)
        scene.update(to: 1)
        XCTAssertEqual(scene.nextUpdateTime(after: 1), 1, "running: it changes every frame")
        scene.update(to: 2)
        XCTAssertEqual(scene.nextUpdateTime(after: 2), .infinity, "finished at 2 and removed")
    }

    /// An animation with `beginTime` 5 is not drawn before 5: the scene waits until then.
    func testAnAnimationThatBeginsLaterIsScheduledAtItsBeginTime() throws {
        let scene = try layerScene(#", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 1, "beginTime": 5}]"#)
        scene.update(to: 1)
        XCTAssertEqual(scene.nextUpdateTime(after: 1), 5)
        scene.update(to: 5.5)
        XCTAssertEqual(scene.nextUpdateTime(after: 5.5), 5.5)
        scene.update(to: 6)
        XCTAssertEqual(scene.nextUpdateTime(after: 6), .infinity)
    }

    /// A repeating animation (`repeatCount` huge) never finishes: always now.
    func testAnAnimationRepeatingForeverIsAlwaysScheduledNow() throws {
        let scene = try layerScene(#", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 1, "repeatCount": 1e30}]"#)
        scene.update(to: 1000)
        XCTAssertEqual(scene.nextUpdateTime(after: 1000), 1000)
    }

    /// A press inside a parallax button held from t = 1 fires its long press at 1.5.
    func testAHeldPressIsScheduledWhenItsLongPressFires() throws {
        let scene = try parse(#"{"canvas": {"width": 800, "height": 600}, "components": [{"kind": "parallaxButton", "name": "b", "frame": [200, 150, 400, 240]}]}"#)
        scene.update(to: 1)
        XCTAssertEqual(scene.nextUpdateTime(after: 1), .infinity, "at rest")
        scene.handle(.pointer(Point(400, 270), button: .left, down: true), at: 1)
        scene.update(to: 1)
        XCTAssertEqual(scene.nextUpdateTime(after: 1), 1.5, accuracy: 1e-12)
        scene.update(to: 1.5)
        XCTAssertEqual(scene.nextUpdateTime(after: 1.5), 1.5, "the effect begins: it moves")
    }

    /// A focus grid with the focus: after its first focus (and the announcement 0.5 s
    /// later) the next change is the idle sway, `idleDelay` = 3 s after the last input; a
    /// key at t = 10 moves it to 13 once the focus has moved; from 13 on it sways.
    func testTheFocusedGridIsScheduledWhenItsIdleSwayStarts() throws {
        let scene = try parse(#"{"canvas": {"width": 800, "height": 600}, "components": [{"kind": "focusGrid", "name": "g", "frame": [0, 0, 800, 200], "columns": 3, "count": 3, "buttonSize": [200, 120]}]}"#)
        for t in [0.0, 1, 2] { scene.update(to: t) }
        XCTAssertEqual(scene.nextUpdateTime(after: 2), 3, accuracy: 1e-12)
        scene.update(to: 3)
        XCTAssertEqual(scene.nextUpdateTime(after: 3), 3, "swaying")
        scene.handle(.key("Right", down: true), at: 10)
        scene.handle(.key("Right", down: false), at: 10)
        for t in [10.0, 11, 12] { scene.update(to: t) }
        XCTAssertEqual(scene.nextUpdateTime(after: 12), 13, accuracy: 1e-12)
        scene.update(to: 13.5)
        XCTAssertEqual(scene.nextUpdateTime(after: 13.5), 13.5)
    }

    /// An attract screen with `idleTimeout` 10 and a 2 s fade: awake, the timeout; dimming,
    /// now; dimmed without slides, nothing.
    func testTheAttractScreenIsScheduledAtItsTimeout() throws {
        let scene = try layerScene(top: #", "attract": {"idleTimeout": 10, "fade": 2}"#)
        scene.update(to: 1)
        XCTAssertEqual(scene.nextUpdateTime(after: 1), 10)
        scene.update(to: 11)
        XCTAssertEqual(scene.nextUpdateTime(after: 11), 11, "fading in")
        scene.update(to: 12)
        XCTAssertEqual(scene.nextUpdateTime(after: 12), .infinity, "dimmed")
    }

    /// A carousel of PNG files decoded on workers: while a decode is pending the scene
    /// must be looked at again now; once every image is in and faded, nothing is left.
    func testAPendingDecodeIsScheduledNowAndNothingOnceEveryImageIsIn() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.makeDirectory("posters")
        for i in 0..<3 { try Image.solid(width: 64, height: 36, 0, 200, 0).writePNG(path: dir.file("posters/p\(i).png")) }
        let store = ImageStore()
        store.decodesInBackground = true
        let scene = try parse("""
        {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
         "frame": [0, 180, 1280, 360], "images": "posters"}]}
        """, directory: dir.path, images: store)
        scene.update(to: 0)
        XCTAssertEqual(scene.nextUpdateTime(after: 0), 0, "decodes pending")
        let deadline = Date().addingTimeInterval(10)
        var t = 0.0
        while Date() < deadline && scene.nextUpdateTime(after: t) < .infinity {
            Thread.sleep(forTimeInterval: 0.01)
            t += 0.05
            scene.update(to: t)
            // What the renderer's upload does: take the pixels of every image shown.
            for item in scene.rootLayers[0].sublayers {
                for l in [item] + item.sublayers { if case .image(let ref) = l.contents { _ = store.mipChain(for: ref) } }
            }
        }
        XCTAssertEqual(scene.nextUpdateTime(after: t), .infinity, "every image in by t = \(t)")
    }

    /// `DecodeQueue.isIdle`: a submitted job keeps the queue busy until its outcome is drained.
    func testADecodeQueueIsBusyUntilItsLastOutcomeIsDrained() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("a.png")
        try Image.solid(width: 8, height: 8, 255, 0, 0).writePNG(path: path)
        let queue = DecodeQueue(workers: 1)
        XCTAssertTrue(queue.isIdle)
        queue.submit([DecodeQueue.Job(id: 0, path: path, size: .full, priority: 0)])
        XCTAssertFalse(queue.isIdle)
        var outcomes = 0
        let deadline = Date().addingTimeInterval(10)
        while outcomes == 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            queue.drain { _ in outcomes += 1 }
        }
        XCTAssertEqual(outcomes, 1)
        XCTAssertTrue(queue.isIdle)
    }
}
