import Assets
import Components
import Foundation
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest
import _TestSupport

/// The shelf of every row kind (built-in `showcase`): a replayed key sequence moves focus
/// between rows and items exactly as the focus engine's rules say. Expected values are
/// computed by hand from the built-in scene's numbers (BuiltInScenes.showcase) and the rules in
/// FocusEngine / Shelf:
///
/// - content y: header 110; row 0 "picks" top 110, cards at 110+40+23 = 173 (154 high),
///   x 56, 360, 664, 968 (256 wide); row 1 "featured" top 374, content 414, the centred
///   cover 150x210 centred at (640, 414+130) = x 565...715, y 439...649; row 2 "apps"
///   top 698, content 738, cards 160x96 at y 765, x 80 + 192 i; row 3 "library" top 912.
/// - focusing "apps" scrolls to 698+40+150+40-720 = 208; back in "picks" (the first
///   focusable row) scrolls to 0.
final class HomeScreenTests: XCTestCase {
    /// The replay: (time, key). Each key goes down at `t` and up 0.05 s later, except
    /// the long press (Return held from 5.0 to 5.7).
    static let replay = """
    {"t":0.5,"type":"key","key":"Right","down":true}
    {"t":0.55,"type":"key","key":"Right","down":false}
    {"t":1.0,"type":"key","key":"Right","down":true}
    {"t":1.05,"type":"key","key":"Right","down":false}
    {"t":1.5,"type":"key","key":"Down","down":true}
    {"t":1.55,"type":"key","key":"Down","down":false}
    {"t":2.0,"type":"key","key":"Right","down":true}
    {"t":2.05,"type":"key","key":"Right","down":false}
    {"t":2.5,"type":"controllerButton","name":"DpadDown","down":true}
    {"t":2.55,"type":"controllerButton","name":"DpadDown","down":false}
    {"t":3.0,"type":"key","key":"Left","down":true}
    {"t":3.05,"type":"key","key":"Left","down":false}
    {"t":3.5,"type":"key","key":"Up","down":true}
    {"t":3.55,"type":"key","key":"Up","down":false}
    {"t":4.0,"type":"key","key":"Up","down":true}
    {"t":4.05,"type":"key","key":"Up","down":false}
    {"t":4.5,"type":"key","key":"Return","down":true}
    {"t":4.6,"type":"key","key":"Return","down":false}
    {"t":5.0,"type":"controllerButton","name":"A","down":true}
    {"t":5.7,"type":"controllerButton","name":"A","down":false}
    """

    func play(until t: Double) throws -> (Scene, [SceneEvent]) {
        let scene = try BuiltInScenes.load("showcase", images: ImageStore())
        var events: [SceneEvent] = []
        scene.onEvent { events.append($0) }
        let driver = SceneDriver(scene: scene, events: try Replay.parse(HomeScreenTests.replay, file: "replay"))
        driver.advance(to: t)
        return (scene, events)
    }

    func quads(_ scene: Scene, time: Double) -> [String: (corners: [Point], opacity: Double)] {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let data = QuadsDump.json(list, time: time).data(using: .utf8)!
        let root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        var out: [String: (corners: [Point], opacity: Double)] = [:]
        for q in root["quads"] as! [[String: Any]] {
            let corners = (q["corners"] as! [[Double]]).map { Point($0[0], $0[1]) }
            out[q["name"] as! String] = (corners, q["opacity"] as! Double)
        }
        return out
    }

    func testTheDefaultDemoSceneIsTheHomeScreen() {
        XCTAssertEqual(BuiltInScenes.defaultName, "home")
    }

    func testReplayedKeysMoveFocusAcrossRowsAsTheRulesSay() throws {
        let (_, events) = try play(until: 6)
        let focus = events.filter { $0.kind == .focus }.map { "\($0.component)/\($0.item)@\($0.time)" }
        XCTAssertEqual(focus, [
            "picks/0@0.0",        // the first container of the first focusable row
            "picks/1@0.5", "picks/2@1.0",
            "featured/3@1.5",     // Down: the centred cover (x 565...715) overlaps card 2 (664...920)
            "featured/4@2.0",     // Right scrolls the carousel (focus follows its target)
            "apps/2@2.5",         // D-pad down: cards 2 and 3 tie (gap 116, centres 96 away): scene order
            "apps/1@3.0",
            "featured/4@3.5",     // Up from card 1: 116 + 2 * 133 = 382 beats picks' 438
            "picks/2@4.0",        // remembered item
        ])
    }

    func testEveryRowIsReachedByDownAndUpFromEveryItem() throws {
        try assertEveryRowIsReachedByDownAndUp("showcase")
        try assertEveryRowIsReachedByDownAndUp("home")
    }

    /// From every item of every row of the built-in scene `name`'s shelf, Down (Up) leads
    /// to the next (previous) row, after moving through a row of several lines.
    func assertEveryRowIsReachedByDownAndUp(_ name: String) throws {
        let scene = try BuiltInScenes.load(name, images: ImageStore())
        let shelf = try XCTUnwrap(scene.components.compactMap { $0 as? Shelf }.first)
        let rows = shelf.focusContainers
        scene.update(to: 0)
        for (k, row) in rows.enumerated() {
            var items: [Int] = []
            row.forEachFocusableItem { i, _ in items.append(i) }
            for item in items {
                for (key, next) in [("Down", k + 1), ("Up", k - 1)] where rows.indices.contains(next) {
                    scene.focus.focus(component: row.name, item: item, at: 1)
                    for _ in 0..<4 where scene.focus.focused?.component == row.name {
                        scene.handle(.key(key, down: true), at: 1)
                        scene.handle(.key(key, down: false), at: 1)
                    }
                    XCTAssertEqual(scene.focus.focused?.component, rows[next].name, "\(name): \(key) from \(row.name)/\(item)")
                }
            }
        }
    }

    func testSelectOnReleaseAndLongPressInsteadOfSelect() throws {
        let (_, events) = try play(until: 6)
        let others = events.filter { $0.kind == .select || $0.kind == .longPress }
            .map { "\($0.kind.rawValue) \($0.component)/\($0.item)@\($0.time)" }
        XCTAssertEqual(others, ["select picks/2@4.6", "longPress picks/2@5.5"])
    }

    func testCarouselIndexEventsFollowItsCentredItem() throws {
        let (_, events) = try play(until: 6)
        let index = events.filter { $0.kind == .index }
        XCTAssertEqual(index.map(\.component), ["featured"])
        XCTAssertEqual(index.map(\.item), [4])
        // Right at 2.0: a 0.4 s ease-in-out from 3 to 4 passes 3.5 (item 4 centred) at
        // half time, 2.2 s, whatever the update times.
        XCTAssertEqual(index[0].time, 2.2, accuracy: 1e-9)
    }

    func testTheEventStreamDoesNotDependOnTheFrameRate() throws {
        let (_, once) = try play(until: 6)
        let scene = try BuiltInScenes.load("showcase", images: ImageStore())
        var framed: [SceneEvent] = []
        scene.onEvent { framed.append($0) }
        let driver = SceneDriver(scene: scene, events: try Replay.parse(HomeScreenTests.replay, file: "replay"))
        for k in 1...360 { driver.advance(to: Double(k) / 60) }     // 60 frames a second
        XCTAssertEqual(framed.map(\.jsonLine), once.map(\.jsonLine))
    }

    func testOnlyTheFocusedComponentMoves() throws {
        let (scene, _) = try play(until: 1.2)
        // Two Right presses moved the grid, not the carousel.
        let featured = scene.focus.focused
        XCTAssertEqual(featured?.component, "picks")
        let home = scene.component(named: "home") as! Shelf
        let carousel = home.rows[1].component as! Carousel
        XCTAssertEqual(carousel.centredIndex, 3)
        XCTAssertEqual((home.rows[0].component as! FocusGrid).focusedIndex, 2)
    }

    func testFocusedRowScrollsIntoViewAndBack() throws {
        let home = { (s: Scene) in s.component(named: "home") as! Shelf }
        var (scene, _) = try play(until: 2.45)
        XCTAssertEqual(home(scene).physics.offset, 0, "featured (374...674) fits with its inset: no scroll")
        // Picks card 2 rests (x1, no tilt) 0.3 s after focus left it: 664...920, y 173
        // (its bottom image layer, `NAME/0`, has the card's transform).
        var q = quads(scene, time: 2.45)
        let pick = try XCTUnwrap(q["picks/button2/0"])
        XCTAssertEqual(pick.corners[0].x, 664, accuracy: 1e-3)
        XCTAssertEqual(pick.corners[0].y, 173, accuracy: 1e-3)
        XCTAssertEqual(pick.corners[2].x, 920, accuracy: 1e-3)
        XCTAssertEqual(pick.corners[2].y, 327, accuracy: 1e-3)
        (scene, _) = try play(until: 2.95)
        XCTAssertEqual(home(scene).physics.offset, 208, accuracy: 1e-9)
        // The focused apps card 2 is lifted (x1.1 about its centre, 176x105.6) at its
        // scrolled place: centre (464 + 80, 765 - 208 + 48).
        q = quads(scene, time: 2.95)
        let card = try XCTUnwrap(q["apps/button2/0"])
        XCTAssertEqual(card.corners[0].x, 464 + 80 - 88, accuracy: 1e-3)
        XCTAssertEqual(card.corners[0].y, 765 - 208 + 48 - 52.8, accuracy: 1e-3)
        XCTAssertEqual(card.corners[2].x, 464 + 80 + 88, accuracy: 1e-3)
        XCTAssertEqual(card.corners[2].y, 765 - 208 + 48 + 52.8, accuracy: 1e-3)
        // Picks card 2 scrolled up by 208 (partly clipped by the shelf).
        XCTAssertEqual(try XCTUnwrap(q["picks/button2/0"]).corners[0].y, 173 - 208, accuracy: 1e-3)
        (scene, _) = try play(until: 4.45)
        XCTAssertEqual(home(scene).physics.offset, 0, accuracy: 1e-9, "the first row scrolls back to the top")
    }

    func testParallaxRenderEventsFileMatchesTheReplay() throws {
        let binary = packageRoot().appendingPathComponent(".build/debug/parallax-render")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("\(binary.path) not built (swift build builds it)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let replay = dir.appendingPathComponent("replay.jsonl"), out = dir.appendingPathComponent("events.jsonl")
        try HomeScreenTests.replay.write(to: replay, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["showcase", "--replay", replay.path, "--time", "6", "--events", out.path,
                       "--quads", dir.appendingPathComponent("q.json").path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        // The index line's time is when the cover reached item 4: 2.2 s.
        XCTAssertEqual(lines, [
            #"{"t":0,"type":"focus","component":"picks","item":0}"#,
            #"{"t":0.5,"type":"focus","component":"picks","item":1}"#,
            #"{"t":1,"type":"focus","component":"picks","item":2}"#,
            #"{"t":1.5,"type":"focus","component":"featured","item":3}"#,
            #"{"t":2,"type":"focus","component":"featured","item":4}"#,
            #"{"t":2.2,"type":"index","component":"featured","item":4}"#,
            #"{"t":2.5,"type":"focus","component":"apps","item":2}"#,
            #"{"t":3,"type":"focus","component":"apps","item":1}"#,
            #"{"t":3.5,"type":"focus","component":"featured","item":4}"#,
            #"{"t":4,"type":"focus","component":"picks","item":2}"#,
            #"{"t":4.6,"type":"select","component":"picks","item":2}"#,
            #"{"t":5.5,"type":"longPress","component":"picks","item":2}"#,
        ])
    }

    func testRenderEventsOptionWritesTheSameLines() throws {
        let (_, events) = try play(until: 6)
        let lines = events.map(\.jsonLine)
        XCTAssertEqual(lines.first, #"{"t":0,"type":"focus","component":"picks","item":0}"#)
        XCTAssertTrue(lines.contains(#"{"t":4.6,"type":"select","component":"picks","item":2}"#))
    }
}
