import Assets
@testable import Components
import Foundation
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest
import _TestSupport

/// Scene and replay files with extreme finite numbers, huge sizes, special files and
/// work proportional to hostile numbers (issue #12, classes 1, 4, 5, 7): each is a
/// one-line refusal naming the file and JSON path, or a correct result within seconds.
final class HostileSceneTests: XCTestCase {
    func scene(_ component: String, canvas: String = "\"width\": 400, \"height\": 300") -> String {
        "{\"canvas\": {\(canvas)}, \"components\": [\(component)]}"
    }

    func refusal(_ text: String, line: UInt = #line) -> String? {
        do {
            _ = try SceneLoader.parse(text, file: "s.json", directory: "/nonexistent", images: ImageStore())
            XCTFail("loaded", line: line)
        } catch {
            XCTAssertFalse("\(error)".contains("\n"), line: line)
            return "\(error)"
        }
        return nil
    }

    /// Legal JSON numbers (1e-300, 1e300) that used to reach Int(...) conversions and trap.
    func testExtremeFiniteNumbersAreRefusedWithTheirPath() {
        let carousel = "\"kind\": \"carousel\", \"name\": \"c\", \"frame\": [0, 0, 400, 300], \"count\": 5"
        let cases: [(String, String)] = [
            ("{\(carousel), \"type\": \"linear\", \"spacing\": 1e-300}",
             "s.json: at components[0].spacing: expected a number in 0.01...100, found 1e-300"),
            ("{\(carousel), \"type\": \"rotary\", \"spacing\": 1e300}",
             "s.json: at components[0].spacing: expected a number in 0.01...100, found 1e+300"),
            ("{\(carousel), \"type\": \"coverFlow\", \"itemWidth\": 1e-300}",
             "s.json: at components[0].itemWidth: expected a number in 1...16384, found 1e-300"),
            ("{\(carousel), \"perspective\": 1e-300}",
             "s.json: at components[0].perspective: expected a number in 1...1000000, found 1e-300"),
            ("{\(carousel), \"autoscroll\": 1e300}",
             "s.json: at components[0].autoscroll: expected a number in -1000...1000, found 1e+300"),
            ("{\"kind\": \"scrollHeader\", \"name\": \"h\", \"frame\": [0, 0, 400, 300], \"rowHeight\": 1e-300}",
             "s.json: at components[0].rowHeight: expected a number in 1...16384, found 1e-300"),
            ("{\"kind\": \"parallaxButton\", \"name\": \"b\", \"frame\": [0, 0, 200, 120], \"rotationInterval\": 1e-300}",
             "s.json: at components[0].rotationInterval: expected a number in 0.001...1000000, found 1e-300"),
            ("{\"kind\": \"parallaxButton\", \"name\": \"b\", \"frame\": [0, 0, 200, 120], \"rotationFrames\": 1e12}",
             "s.json: at components[0].rotationFrames: expected an integer in 1...1000000, found 1000000000000"),
        ]
        for (component, expected) in cases {
            XCTAssertEqual(refusal(scene(component)), expected, component)
        }
        XCTAssertEqual(refusal(scene("", canvas: "\"width\": 1e-300, \"height\": 300")),
                       "s.json: at canvas: expected a canvas of at least 1x1 point, found 1e-300x300.0")
    }

    /// Fuzz finding (scene target): a cover flow whose itemSize was 4804.9e-324 points (a
    /// denormal, so "positive") counted 1280 / 4.8e-321 = infinitely many items across its
    /// frame and trapped in Int(). The file is refused like an itemWidth under a point, and
    /// a layout built with such a size in Swift counts at most maxVisibleItems.
    func testFuzzFindingDenormalItemSizeIsRefusedAndCountsAreCapped() {
        let carousel = "\"kind\": \"carousel\", \"name\": \"c\", \"frame\": [0, 160, 1280, 400], \"count\": 25"
        XCTAssertEqual(refusal(scene("{\(carousel), \"type\": \"coverFlow\", \"itemSize\": [4804.9e-324, 320]}")),
                       "s.json: at components[0].itemSize: expected an item size of at least 1x1 point, found [4.807e-321, 320]")
        XCTAssertEqual(refusal(scene("{\(carousel), \"type\": \"linear\", \"itemSize\": [200, 0.5]}")),
                       "s.json: at components[0].itemSize: expected an item size of at least 1x1 point, found [200, 0.5]")
        for (width, expected) in [(4.8e-321, 25), (1e-300, 25), (0, 25)] {
            for type in [CarouselType.linear, .coverFlow, .coverFlow2] {
                var o = CarouselOptions()
                o.itemSize = Size(width, 320)
                // min(count 25, maxVisibleItems 30): no trap, the cap.
                XCTAssertEqual(CarouselLayout(type: type, options: o, frame: Size(1280, 400), count: 25).visibleCount,
                               expected, "\(type) \(width)")
            }
        }
        // By hand: ceil(1280 / (200 * 1)) + 2 = 9 items for a 200-point item at spacing 1.
        var o = CarouselOptions()
        o.itemSize = Size(200, 320)
        o.spacing = 1
        XCTAssertEqual(CarouselLayout(type: .linear, options: o, frame: Size(1280, 400), count: 25).visibleCount, 9)
        XCTAssertEqual(CarouselLayout.itemsAcross(0, pitch: 0), 0)
        XCTAssertEqual(CarouselLayout.itemsAcross(1280, pitch: 1e-300), CarouselLayout.maxVisibleItems)
    }

    /// A stepped button rotating for 1e300 seconds: no trap, a finite angle.
    func testSteppedRotationAtHugeTimeIsFinite() {
        var c = ParallaxButton.Configuration(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        c.stepped = true
        c.rotationFrames = 100
        c.rotationInterval = 0.001
        for t in [1e9, 1e18, 1e300] {
            let angle = ParallaxButton.rotationAngle(at: t, configuration: c)
            XCTAssertTrue(angle.isFinite && angle >= 0 && angle <= 2 * Double.pi, "t \(t): \(angle)")
        }
        // Exact where the step is exact: 2.5 ticks in, step 2 of 100.
        assertClose(ParallaxButton.rotationAngle(at: 2.5e-5, configuration: c), 2 * Double.pi * 2 / 100)
    }

    /// Every built-in scene at t = 1e300 (and 1e9): updates and flattens without trapping,
    /// and its quads dump is strict JSON (no inf, no nan).
    func testBuiltInScenesAtHugeTimesGiveStrictJSON() throws {
        for name in BuiltInScenes.names where name != "carousel-100k" {
            for t in [1e9, 1e300] {
                let scene = try BuiltInScenes.load(name, images: ImageStore())
                let driver = SceneDriver(scene: scene, events: [])
                driver.advance(to: t)
                var list = RenderList()
                var flattener = Flattener()
                flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
                let dump = QuadsDump.json(list, time: t)
                XCTAssertNoThrow(try JSONParser.parse(dump, file: name), "\(name) at \(t)")
            }
        }
    }

    /// Corners at 1e303 points: rounding to 1e-6 used to overflow to inf inside the dump.
    func testQuadsDumpOfHugeCoordinatesHasNoInfinity() throws {
        let text = scene("{\"kind\": \"layer\", \"name\": \"far\", \"bounds\": [10, 10], \"position\": [1e303, -1e303], \"color\": [1, 0, 0, 1]}")
        let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(s.rootLayers, canvas: s.canvas, into: &list)
        let dump = QuadsDump.json(list, time: 0)
        XCTAssertFalse(dump.contains("inf") || dump.contains("nan"), dump)
        XCTAssertNoThrow(try JSONParser.parse(dump, file: "dump"))
        XCTAssertEqual(JSONNode.format(.infinity), "null")
        XCTAssertEqual(JSONNode.format(-.nan), "null")
    }

    /// A stick held for 40 s (about 780 repeats, every 0.05 s after the first 1.5 s): one
    /// update to 40.03 s lands exactly where 0.05 s frames do (each repeat is played at its
    /// own time, whatever the frame rate). Failed when the focus engine played at most 64
    /// repeats per update.
    func testHeldStickOneUpdateEqualsSmallSteps() throws {
        for (wrap, count) in [(true, 9), (false, 9), (false, 2000)] {
            let text = scene("{\"kind\": \"carousel\", \"name\": \"c\", \"frame\": [0, 0, 400, 300], \"count\": \(count), \"type\": \"linear\", \"wrap\": \(wrap)}")
            let hold = [TimedEvent(time: 0, event: .controllerAxis("leftx", value: 1))]
            func corners(at t: Double, step: Double?) throws -> [String] {
                let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
                let driver = SceneDriver(scene: s, events: hold)
                if let step {
                    var now = 0.0
                    while now < t { now = min(t, now + step); driver.advance(to: now) }
                } else {
                    driver.advance(to: t)
                }
                var list = RenderList()
                var flattener = Flattener()
                flattener.flatten(s.rootLayers, canvas: s.canvas, into: &list)
                return list.quads.map { q in "\(q.name) " + q.cornerArray.map { String(format: "%.6f,%.6f", $0.x, $0.y) }.joined(separator: " ") }
            }
            XCTAssertEqual(try corners(at: 40.03, step: nil), try corners(at: 40.03, step: 0.05), "wrap \(wrap) count \(count)")
        }
    }

    /// A controller stick held from t = 0: an update at t = 1e9 (5e9 repeats) finishes
    /// within seconds, with or without wrap.
    func testHeldStickAtHugeTimeIsBounded() throws {
        for (wrap, count) in [(true, 9), (false, 9), (false, 2000), (true, 100_000)] {
            let text = scene("{\"kind\": \"carousel\", \"name\": \"c\", \"frame\": [0, 0, 400, 300], \"count\": \(count), \"type\": \"linear\", \"wrap\": \(wrap)}")
            let hold = [TimedEvent(time: 0, event: .controllerAxis("leftx", value: 1))]
            let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
            let driver = SceneDriver(scene: s, events: hold)
            let start = Date()
            driver.advance(to: 1e9)
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, "wrap \(wrap) count \(count) at 1e9")
            var list = RenderList()
            var flattener = Flattener()
            flattener.flatten(s.rootLayers, canvas: s.canvas, into: &list)
            XCTAssertTrue(list.quads.allSatisfy { $0.cornerArray.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        }
    }

    /// scripts/fuzz.sh replay, timeout-964da5d8: a stick held from t = 0 and a last event
    /// at 4.4e85 s. Past about 1e16 s adding the 0.2 s repeat interval changes nothing, so
    /// the repeat loop never ended; it must finish at once at any time.
    func testFuzzFindingStickHeldUntilAnAstronomicalTimeEnds() throws {
        let text = """
        {"t":0,"type":"controllerAxis","name":"leftx","value":1.9}
        {"t":0.5,"type":"wheel","dx":-0,"dy":-120}
        {"t":44444444444444444444444444444444444444444444444444444444444444444444444444444444442,"type":"controllerButton","name":"dpright","down":true}
        """
        let events = try Replay.parse(text, file: "timeout-964da5d8.jsonl")
        for name in ["carousel", "coverflow", "carousel-100k"] {
            let start = Date()
            let driver = SceneDriver(scene: try BuiltInScenes.load(name, images: ImageStore()), events: events)
            for t in [1e16, 1e17, 4.5e85, 1e300] { driver.advance(to: t) }
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, name)
        }
    }

    func testReplayLineLongerThanTheLimitIsRefused() {
        let long = "{\"t\":0,\"type\":\"key\",\"key\":\"" + String(repeating: "A", count: 5000) + "\",\"down\":true}"
        XCTAssertThrowsError(try Replay.parse("\n" + long, file: "r.jsonl")) { error in
            XCTAssertEqual("\(error)", "r.jsonl:2: line longer than 4096 bytes (5041); a replay event is one short JSON line")
        }
    }

    func testSceneAndReplayFilesThatAreFIFOsAreRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("s.json"), 0o644), 0)
        XCTAssertThrowsError(try SceneLoader.load(path: dir.file("s.json"), images: ImageStore())) {
            XCTAssertEqual("\($0)", "\(dir.file("s.json")): is a FIFO (named pipe), not a regular file")
        }
        XCTAssertThrowsError(try Replay.load(path: dir.file("s.json"))) {
            XCTAssertEqual("\($0)", "\(dir.file("s.json")): is a FIFO (named pipe), not a regular file")
        }
        XCTAssertThrowsError(try SceneLoader.load(path: "/dev/zero", images: ImageStore())) {
            XCTAssertEqual("\($0)", "/dev/zero: is a character device, not a regular file")
        }
    }

    func testOversizedSceneAndReplayFilesAreRefusedBeforeReading() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("big.json", bytes: [])
        XCTAssertEqual(truncate(path, off_t(SceneLoader.maxSceneBytes + 1)), 0)   // sparse: no disk used
        XCTAssertThrowsError(try SceneLoader.load(path: path, images: ImageStore())) {
            XCTAssertEqual("\($0)", "\(path): scene file too large (4194305 bytes, limit 4194304)")
        }
        XCTAssertEqual(truncate(path, off_t(Replay.maxFileBytes + 1)), 0)
        XCTAssertThrowsError(try Replay.load(path: path)) {
            XCTAssertEqual("\($0)", "\(path): replay file too large (16777217 bytes, limit 16777216)")
        }
    }

    func testNULByteInAScenePathIsRefusedNotCutShort() throws {
        let dir = try TemporaryDirectory()
        try Image.solid(width: 2, height: 2, 9, 9, 9).writePNG(path: dir.file("a.png"))
        let text = scene("{\"kind\": \"layer\", \"name\": \"l\", \"bounds\": [2, 2], \"contents\": \"a.png\\u0000.txt\"}")
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "s.json", directory: dir.path, images: ImageStore())) {
            XCTAssertEqual("\($0)", "s.json: at components[0].contents: the path contains a NUL byte")
        }
    }
}
