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

/// Issue #7: a seeded random event stream through every built-in scene, checking the
/// invariants every few events (finite matrices, opacities in 0...1, component state in
/// range), plus hostile values (NaN/inf coordinates, times that go backwards or are NaN).
///
/// Event counts: `ROBUST_EVENTS=N` runs N events per scene; without it CI runs
/// `defaultEvents(for:)` (100,000 for the cheap scenes, fewer where a debug build is slow).
final class RandomEventStreamTests: XCTestCase {
    static let keys = ["Left", "Right", "Up", "Down", "Home", "End", "PageUp", "PageDown", "Return", "Space",
                       "Escape", "Tab", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "R", "A", "Z", ""]
    static let buttons = ["A", "B", "X", "Y", "DpadLeft", "DpadRight", "DpadUp", "DpadDown", "Start", "Back",
                          "LeftShoulder", "RightShoulder", "Guide"]
    static let axes = ["leftx", "lefty", "rightx", "righty", "triggerleft", "triggerright"]

    /// Events per scene in CI (debug build). Override with ROBUST_EVENTS.
    static func defaultEvents(for scene: String) -> Int {
        if let s = ProcessInfo.processInfo.environment["ROBUST_EVENTS"], let n = Int(s), n > 0 { return n }
        switch scene {
        case "affine", "layers", "button", "cube", "header": return 100_000
        case "coverflow": return 30_000
        case "showcase", "home", "movies": return 20_000  // several focus containers: the slowest per event
        default: return 50_000          // grid, carousel, carousel-100k
        }
    }

    // MARK: Generators

    static func coordinate(_ extent: Double, _ rng: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return Double.random(in: -1e6...1e6, using: &rng)              // far away
        case 1: return [-1e12, 1e12, -1e300, 1e300, 0][Int.random(in: 0..<5, using: &rng)]
        case 2...4: return Double.random(in: -100...(extent + 100), using: &rng)  // around the edges
        default: return Double.random(in: 0...extent, using: &rng)
        }
    }

    static func point(_ canvas: Size, _ rng: inout SeededRandom) -> Point {
        Point(coordinate(canvas.width, &rng), coordinate(canvas.height, &rng))
    }

    static func large(_ rng: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return Double.random(in: -1e6...1e6, using: &rng)
        case 1: return [1e15, -1e15, 1e300, -1e300, Double.greatestFiniteMagnitude][Int.random(in: 0..<5, using: &rng)]
        case 2...4: return Double.random(in: -0.3...0.3, using: &rng)
        default: return Double(Int.random(in: -3...3, using: &rng))
        }
    }

    static func axisValue(_ rng: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return [1, -1, 0, 1e9, -1e9, Double.greatestFiniteMagnitude, -Double.leastNonzeroMagnitude][Int.random(in: 0..<7, using: &rng)]
        default: return Double.random(in: -1...1, using: &rng)
        }
    }

    static func event(_ canvas: Size, _ rng: inout SeededRandom) -> InputEvent {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<25:
            return .key(keys.randomElement(using: &rng)!, down: Bool.random(using: &rng))
        case 25..<40:
            let b: PointerButton = Int.random(in: 0..<8, using: &rng) == 0 ? .right : .left
            return .pointer(point(canvas, &rng), button: b, down: Bool.random(using: &rng))
        case 40..<70:
            return .move(point(canvas, &rng))
        case 70..<80:
            return .wheel(dx: large(&rng), dy: large(&rng))
        case 80..<88:
            return .controllerButton(buttons.randomElement(using: &rng)!, down: Bool.random(using: &rng))
        default:
            return .controllerAxis(axes.randomElement(using: &rng)!, value: axisValue(&rng))
        }
    }

    static func nextTime(_ t: Double, _ rng: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<8: return t                                              // equal times
        case 8: return t + Double.random(in: 1...120, using: &rng)        // a large jump
        default: return t + Double.random(in: 0.0001...0.05, using: &rng)
        }
    }

    // MARK: Invariants

    /// Flattens the scene and checks every quad and component; returns the first failure.
    static func violation(_ scene: Scene, flattener: inout Flattener, list: inout RenderList) -> String? {
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        for q in list.quads {
            guard q.matrix.isFinite else { return "\(q.name): matrix not finite \(q.matrix)" }
            guard q.opacity.isFinite, (0...1).contains(q.opacity) else { return "\(q.name): opacity \(q.opacity)" }
            if q.isInFrontOfEye {
                for c in q.cornerArray where !c.isFinite { return "\(q.name): corner \(c) not finite" }
            }
        }
        for c in list.clips where !c.matrix.isFinite { return "clip \(c.name): matrix not finite" }
        for component in scene.components {
            if let msg = componentViolation(component) { return "\(component.name): \(msg)" }
        }
        return nil
    }

    static func componentViolation(_ component: SceneComponent) -> String? {
        switch component {
        case let c as Carousel:
            if c.count > 0 && !(0..<c.count).contains(c.centredIndex) {
                return "centred index \(c.centredIndex) outside 0..<\(c.count)"
            }
            if !c.physics.offset.isFinite { return "offset \(c.physics.offset)" }
            if let s = c.selectedIndex, !(0..<c.count).contains(s) { return "selected index \(s)" }
        case let b as ParallaxButton:
            let valid: [ParallaxButton.Phase] = [.rest, .beginning, .active, .ending]
            if !valid.contains(b.phase) { return "phase \(b.phase)" }
            for l in [b.layers.card, b.layers.shadow, b.layers.spotlight] + b.layers.images where !l.transform.isFinite {
                return "pose not finite: \(l.name) \(l.transform)"
            }
            let spot = b.layers.spotlight.opacity
            if b.phase == .rest && spot != 0 { return "at rest with spotlight \(spot)" }
            if b.phase == .active && spot != 1 { return "active with spotlight \(spot)" }
        case let h as ScrollHeader:
            if !h.contentOffsetY.isFinite { return "offset \(h.contentOffsetY)" }
            if !h.headerLayer.transform.isFinite { return "header transform \(h.headerLayer.transform)" }
        case let g as FocusGrid:
            if !(0..<g.cards.count).contains(g.focusedIndex) { return "focused index \(g.focusedIndex) of \(g.cards.count)" }
            for card in g.cards where !card.card.transform.isFinite || !card.root.zPosition.isFinite {
                return "card \(card.root.name) transform not finite"
            }
        case let cube as Cube:
            let r = cube.rotation
            if !r.isFinite { return "rotation not finite \(r)" }
            let upper = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
            if upper.contains(where: { abs($0) > 1 + 1e-6 }) { return "rotation drifted from a rotation: \(r)" }
            if !cube.rootLayer.sublayerTransform.isFinite { return "sublayerTransform not finite" }
        default:
            break
        }
        return nil
    }

    // MARK: Tests

    /// Runs `count` seeded random events through the built-in scene `name`.
    func runStream(_ name: String, count: Int, seed: UInt64) throws {
        let scene = try BuiltInScenes.load(name, images: ImageStore())
        let seed = randomTestSeed(seed, "runStream(\(name))")
        var rng = SeededRandom(seed: seed)
        var flattener = Flattener()
        var list = RenderList()
        var t = 0.0
        scene.update(to: 0)
        if let v = Self.violation(scene, flattener: &flattener, list: &list) {
            return XCTFail("\(name) at start (seed 0x\(String(seed, radix: 16))): \(v)")
        }
        for i in 0..<count {
            t = Self.nextTime(t, &rng)
            let e = Self.event(scene.canvas, &rng)
            scene.handle(e, at: t)
            if Int.random(in: 0..<3, using: &rng) == 0 { scene.update(to: t) }
            if i % 50 == 49 || i == count - 1 {
                scene.update(to: t)
                if let v = Self.violation(scene, flattener: &flattener, list: &list) {
                    return XCTFail("\(name) after event \(i) (\(e) at t=\(t), seed 0x\(String(seed, radix: 16))): \(v)")
                }
            }
        }
    }

    func testEveryBuiltInSceneSurvivesARandomEventStream() throws {
        var report: [String] = []
        for (k, name) in BuiltInScenes.names.enumerated() {
            let n = Self.defaultEvents(for: name)
            let start = Date()
            try runStream(name, count: n, seed: 0x5EED_0000 + UInt64(k))
            report.append("\(name) \(n) events \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        }
        print("random event streams: " + report.joined(separator: "; "))
    }

    /// NaN and infinite coordinates, wheel deltas, axis values and times; times that go
    /// backwards. Nothing may turn into NaN, and the scene keeps working afterwards.
    func testHostileValuesNeverPropagate() throws {
        let nan = Double.nan, inf = Double.infinity
        for name in BuiltInScenes.names {
            let scene = try BuiltInScenes.load(name, images: ImageStore())
            var flattener = Flattener()
            var list = RenderList()
            let c = Point(scene.canvas.width / 2, scene.canvas.height / 2)
            let hostilePoints = [Point(nan, nan), Point(nan, c.y), Point(c.x, nan), Point(inf, -inf), Point(-inf, c.y),
                                 Point(c.x, inf)]
            var events: [(InputEvent, Double)] = []
            var t = 0.5
            for p in hostilePoints {
                // A press in the middle, then the hostile point as a move and as the release.
                events.append((.pointer(c, button: .left, down: true), t)); t += 0.1
                events.append((.move(Point(c.x + 20, c.y + 10)), t)); t += 0.1
                events.append((.move(p), t)); t += 0.1
                events.append((.move(Point(c.x + 40, c.y)), t)); t += 0.1
                events.append((.pointer(p, button: .left, down: false), t)); t += 0.6
                events.append((.pointer(p, button: .left, down: true), t)); t += 0.6
                events.append((.pointer(p, button: .left, down: false), t)); t += 0.1
            }
            for v in [nan, inf, -inf] {
                events.append((.wheel(dx: v, dy: 0), t)); t += 0.1
                events.append((.wheel(dx: 0, dy: v), t)); t += 0.1
                events.append((.wheel(dx: v, dy: v), t)); t += 0.1
                for a in Self.axes { events.append((.controllerAxis(a, value: v), t)); t += 0.1 }
                events.append((.key("Right", down: true), t)); t += 0.5
            }
            // Times: NaN, infinities, backwards.
            let key = InputEvent.key("Right", down: true)
            events.append((key, nan))
            events.append((.pointer(c, button: .left, down: true), nan))
            events.append((.move(Point(c.x + 30, c.y)), inf))
            events.append((.pointer(c, button: .left, down: false), -inf))
            events.append((key, t - 5))
            events.append((.pointer(c, button: .left, down: true), t - 3))
            events.append((.move(Point(c.x - 30, c.y)), t - 4))
            events.append((.pointer(c, button: .left, down: false), -1))
            events.append((key, t)); t += 0.7
            events.append((.key("Left", down: true), t)); t += 0.1

            scene.update(to: 0)
            for (i, (e, time)) in events.enumerated() {
                scene.handle(e, at: time)
                for u in [time, nan, inf, -inf, time - 1] { scene.update(to: u) }
                scene.update(to: max(0, time.isFinite ? time : 0))
                if let v = Self.violation(scene, flattener: &flattener, list: &list) {
                    XCTFail("\(name) after hostile event \(i) (\(e) at t=\(time)): \(v)")
                    break
                }
            }
            // Still alive: a normal stream afterwards keeps the invariants and moves things.
            var rng = SeededRandom(seed: 7)
            var time = t + 1
            for i in 0..<500 {
                time = Self.nextTime(time, &rng)
                scene.handle(Self.event(scene.canvas, &rng), at: time)
                scene.update(to: time)
                if i % 25 == 0, let v = Self.violation(scene, flattener: &flattener, list: &list) {
                    XCTFail("\(name) after recovery event \(i): \(v)")
                    break
                }
            }
        }
    }
}
