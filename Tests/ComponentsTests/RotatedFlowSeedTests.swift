import Assets
import Input
import Scene
import XCTest
import LayerMath
import Layers
import _TestSupport
@testable import Components

/// The rotated flow layout shows exactly what the seed's
/// UICollectionView shows, at every position from the first item to the last, and
/// scrolls as the seed does (HHCollectionView's rotated flow layout).
///
/// Oracle: the seed's own numbers in content coordinates. Flow layout: section inset 5,
/// item width W/2, line spacing 10, so item k spans `5 + k * pitch ... + W/2` with
/// `pitch = W/2 + 10`. `scrollToItem(k, centredHorizontally)` puts the visible rect at
/// `contentOffset.x = 5 + k * pitch + W/4 - W/2`. A cell is displayed when its frame
/// intersects `[contentOffset.x, contentOffset.x + W]` with a positive width.
final class RotatedFlowSeedTests: XCTestCase {
    /// The seed's container on its 375 x 600 phone: (0, H/4, W, H/2).
    let seedFrame = Rect(x: 0, y: 150, width: 375, height: 300)
    /// The TV-sized example scenes' frame.
    let tvFrame = Rect(x: 0, y: 180, width: 1280, height: 360)

    private func carousel(_ frame: Rect, count: Int = 9, start: Int? = nil) -> Carousel {
        Carousel(name: "c", frame: frame, count: count, type: .rotatedFlow, images: ImageStore(), startIndex: start)
    }

    /// The content offset (points) that centres item `s` (fractional: mid-scroll).
    private func contentOffset(centring s: Double, width w: Double) -> Double {
        5 + s * (w / 2 + 10) + w / 4 - w / 2
    }

    /// The items whose flow-layout frames intersect the visible rect at `contentOffset`.
    private func displayed(contentOffset x: Double, width w: Double, count: Int) -> [Int] {
        let pitch = w / 2 + 10
        return (0..<count).filter { k in
            let minX = 5 + Double(k) * pitch, maxX = minX + w / 2
            return min(maxX, x + w) - max(minX, x) > 0
        }
    }

    private func shownItems(_ c: Carousel) -> [Int] { c.rootLayer.sublayers.map(\.tag).sorted() }

    func testCellsAtRestAreExactlyThoseIntersectingTheBoundsAtEveryIndex() {
        // By hand, W = 1280 (pitch 650, item 640): the visible rect [650k - 315, 650k + 965]
        // holds item k and its two neighbours; at the ends only one neighbour exists.
        let tv: [[Int]] = [[0, 1], [0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6], [5, 6, 7], [6, 7, 8], [7, 8]]
        for k in 0..<9 {
            let c = carousel(tvFrame, start: k)
            c.update(to: 0)
            XCTAssertEqual(shownItems(c), tv[k], "TV frame, item \(k) centred")
            XCTAssertEqual(shownItems(c), displayed(contentOffset: contentOffset(centring: Double(k), width: 1280),
                                                    width: 1280, count: 9))
            let s = carousel(seedFrame, start: k)
            s.update(to: 0)
            XCTAssertEqual(shownItems(s), displayed(contentOffset: contentOffset(centring: Double(k), width: 375),
                                                    width: 375, count: 9), "seed frame, item \(k) centred")
        }
    }

    func testCellsMidScrollFollowTheVisibleRectFromFirstToLast() {
        for frame in [tvFrame, seedFrame] {
            let w = frame.width
            let c = carousel(frame, start: 0)
            c.update(to: 0)
            var t = 0.0
            var counts = Set<Int>()
            // Walk from item 0 to item 8 by key presses, sampling every 1/50 s.
            for _ in 0..<8 {
                _ = c.moveFocus(.right, at: t)
                for _ in 0..<25 {
                    t += 0.02
                    c.update(to: t)
                    let expected = displayed(contentOffset: contentOffset(centring: c.physics.offset, width: w),
                                             width: w, count: 9)
                    XCTAssertEqual(shownItems(c), expected, "W \(w) at offset \(c.physics.offset)")
                    counts.insert(expected.count)
                }
            }
            XCTAssertEqual(c.physics.offset, 8)
            XCTAssertEqual(counts, [2, 3], "W \(w): two cells between rests and at the ends, three at rest")
        }
        // Exactly halfway, W = 1280: contentOffset 5 + 4.5 * 650 - 320 = 2610, rect
        // [2610, 3890]: item 3 spans 1955...2595 (out), 4: 2605...3245, 5: 3255...3895
        // (in), 6: 3905... (out).
        XCTAssertEqual(displayed(contentOffset: 2610, width: 1280, count: 9), [4, 5])
        let layout = CarouselLayout(type: .rotatedFlow, frame: Size(1280, 360), count: 9)
        let range = layout.flowDisplayedRange(offset: 4.5)
        XCTAssertEqual(range.lo, 4)
        XCTAssertEqual(range.hi, 5)
    }

    func testQuadsDumpListsOnlyDisplayedCells() {
        for k in [0, 1, 4, 7, 8] {
            let c = carousel(tvFrame, start: k)
            c.update(to: 0)
            let list = c.rootLayer.flatten(canvas: Size(1280, 720))
            let names = Set(list.quads.map(\.name)).subtracting(["c"])
            let allowed = Set(displayed(contentOffset: contentOffset(centring: Double(k), width: 1280), width: 1280, count: 9)
                .map { "c/item\($0)" })
            XCTAssertTrue(names.isSubset(of: allowed), "item \(k): \(names.sorted()) not within \(allowed.sorted())")
            XCTAssertTrue(names.contains("c/item\(k)"))
            for q in list.quads {
                XCTAssertTrue(q.cornerArray.allSatisfy { $0.isFinite && abs($0.x) < 5000 && abs($0.y) < 5000 }, q.name)
            }
        }
    }

    func testBackAndForthReusesTheSameLayersWithoutRenaming() {
        let c = carousel(tvFrame, start: 4)
        c.update(to: 0)
        XCTAssertEqual(c.poolSize, 5)                               // 3 displayed + 2 spare
        var seen: [Int: ObjectIdentifier] = [:]
        var t = 0.0
        for cycle in 0..<3 {
            for key in ["Right", "Right", "Left", "Left"] {
                _ = c.moveFocus(FocusDirection(key: key)!, at: t)
                for _ in 0..<10 { t += 0.05; c.update(to: t) }
                for layer in c.rootLayer.sublayers {
                    let id = ObjectIdentifier(layer)
                    if cycle > 0 { XCTAssertEqual(seen[layer.tag], id, "item \(layer.tag) changed layers in cycle \(cycle)") }
                    seen[layer.tag] = id
                    XCTAssertEqual(layer.name, "c/item\(layer.tag)")
                }
            }
        }
        XCTAssertEqual(Set(seen.keys), [3, 4, 5, 6, 7])
    }

    func testPerspectiveRatioScalesWithTheItemWidthAndAbsolute200StaysTheDefault() throws {
        var o = CarouselOptions()
        XCTAssertEqual(CarouselLayout(type: .rotatedFlow, options: o, frame: Size(375, 300), count: 9).perspective, 200)
        o.perspectiveRatio = 16.0 / 15.0                     // the seed's 200 / 187.5
        XCTAssertEqual(CarouselLayout(type: .rotatedFlow, options: o, frame: Size(375, 300), count: 9).perspective,
                       200, accuracy: 1e-12)
        XCTAssertEqual(CarouselLayout(type: .rotatedFlow, options: o, frame: Size(1280, 360), count: 9).perspective,
                       640 * 16 / 15, accuracy: 1e-9)
        // An explicit perspective wins; both in a scene file is an error naming the key.
        o.perspective = 300
        XCTAssertEqual(CarouselLayout(type: .rotatedFlow, options: o, frame: Size(1280, 360), count: 9).perspective, 300)
        let both = """
        {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
         "frame": [0, 180, 1280, 360], "perspective": 200, "perspectiveRatio": 1.0667}]}
        """
        XCTAssertThrowsError(try SceneLoader.parse(both, file: "t.json", directory: ".", images: ImageStore())) {
            XCTAssertTrue("\($0)".contains("perspectiveRatio"), "\($0)")
        }
        let zero = both.replacingOccurrences(of: "\"perspective\": 200, ", with: "")
            .replacingOccurrences(of: "1.0667", with: "0")
        XCTAssertThrowsError(try SceneLoader.parse(zero, file: "t.json", directory: ".", images: ImageStore()))
        let ok = both.replacingOccurrences(of: "\"perspective\": 200, ", with: "")
        let scene = try SceneLoader.parse(ok, file: "t.json", directory: ".", images: ImageStore())
        let c = try XCTUnwrap(scene.component(named: "c") as? Carousel)
        XCTAssertEqual(c.layout.perspective, 1.0667 * 640, accuracy: 1e-9)
    }

    func testTVExampleScenesKeepEveryDisplayedCornerInFrontOfTheEye() throws {
        // With d = 200 at TV size the outer edge of a neighbour at offset 1.4 comes
        // 320 sin(42.7 deg) = 217 pt toward the eye: w = 1 - 217/200 < 0. The scenes use
        // the seed's ratio instead: every corner keeps w > 0 at every position.
        for file in ["carousel.json", "carousel-posters.json", "carousel-100k.json"] {
            let path = packageRoot().appendingPathComponent("Assets/scenes/\(file)").path
            let scene = try SceneLoader.load(path: path, images: ImageStore())
            let c = try XCTUnwrap(scene.components.first as? Carousel, file)
            XCTAssertNotNil(c.layout.options.perspectiveRatio, file)
            c.handle(.key("Home", down: true), at: 0)
            var t = 0.0
            var visited = Set<Int>()
            for step in 1...100 {               // Home, then a press every 0.3 s from t = 1.2; sampled at 20 Hz
                t = Double(step) * 0.05
                if step % 6 == 0 && step >= 24 && step <= 84 { _ = c.moveFocus(.right, at: t) }
                c.update(to: t)
                visited.insert(c.centredIndex)
                for layer in c.rootLayer.sublayers {
                    let hw = layer.bounds.width / 2, hh = layer.bounds.height / 2
                    for (x, y) in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)] {
                        let v = layer.transform.apply(Vector4(x, y, 0, 1))
                        XCTAssertGreaterThan(v.w, 0.2, "\(file) \(layer.name) at offset \(c.physics.offset)")
                    }
                }
            }
            XCTAssertTrue(visited.isSuperset(of: 0...min(9, c.count - 1)), "\(file): \(visited.sorted())")
        }
    }

    /// Every carousel example scene, every position from the first item to the last (the
    /// ends and the middle of the 100,000-item one), at rest and halfway to the next
    /// item: every drawn quad stays a sane shape near its frame (before the fix, items
    /// turned past edge-on projected to shapes thousands of points wide).
    func testEveryExampleCarouselPositionProjectsNearItsFrame() throws {
        let dir = packageRoot().appendingPathComponent("Assets/scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasPrefix("carousel") && $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 5)
        for file in files {
            let store = ImageStore()                                // PNGs decoded once per file
            let probe = try SceneLoader.load(path: dir.appendingPathComponent(file).path, images: store)
            let first = try XCTUnwrap(probe.components.first as? Carousel, file)
            let n = first.count
            let indices = n > 40 ? [0, 1, 2, n / 2, n - 3, n - 2, n - 1] : Array(0..<n)
            for k in indices {
                let text = try String(contentsOfFile: dir.appendingPathComponent(file).path, encoding: .utf8)
                    .replacingOccurrences(of: "\"kind\": \"carousel\",", with: "\"kind\": \"carousel\", \"startIndex\": \(k),")
                let scene = try SceneLoader.parse(text, file: file, directory: dir.path, images: store)
                let c = try XCTUnwrap(scene.components.first as? Carousel)
                XCTAssertEqual(c.centredIndex, k, file)
                for step in 0..<2 {
                    if step == 1 {
                        _ = c.moveFocus(c.layout.isVertical ? (k == n - 1 ? .up : .down) : (k == n - 1 ? .left : .right), at: 0.1)
                        c.update(to: 0.3)                          // halfway: offset k +- 0.5
                    } else {
                        c.update(to: 0)
                    }
                    let list = scene.rootLayers.flatten(canvas: scene.canvas)
                    XCTAssertTrue(list.quads.contains { $0.tag == c.centredIndex }, "\(file) at \(k)")
                    let f = c.frame
                    if c.type == .rotatedFlow {
                        // The layer tree holds exactly the cells UICollectionView displays.
                        let x = contentOffset(centring: c.physics.offset, width: f.width)
                        let near = max(0, k - 5)...min(n - 1, k + 5)
                        let expected = displayed(contentOffset: x - Double(near.lowerBound) * (f.width / 2 + 10),
                                                 width: f.width, count: near.count).map { $0 + near.lowerBound }
                        XCTAssertEqual(shownItems(c), expected, "\(file) at \(k) step \(step)")
                    }
                    for q in list.quads {
                        let xs = q.cornerArray.map(\.x), ys = q.cornerArray.map(\.y)
                        XCTAssertTrue(xs.allSatisfy(\.isFinite) && ys.allSatisfy(\.isFinite), "\(file) \(q.name)")
                        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { continue }
                        XCTAssertLessThan(maxX - minX, 1.5 * f.width, "\(file) at \(k) step \(step): \(q.name) \(xs)")
                        XCTAssertLessThan(maxY - minY, 1.5 * max(f.height, 400), "\(file) at \(k) step \(step): \(q.name)")
                    }
                }
            }
        }
    }

    // MARK: Scrolling (replayed drags)

    /// Replays a pointer drag: down at `x0`, moves at 120 Hz at constant speed for
    /// `points` over `duration`, optionally holds still for `hold` seconds, then lifts.
    private func replayDrag(_ c: Carousel, from x0: Double, by points: Double, duration: Double,
                            hold: Double = 0, start: Double) -> Double {
        let y = 300.0
        c.handle(.pointer(Point(x0, y), button: .left, down: true), at: start)
        let steps = max(1, Int((duration * 120).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            c.handle(.move(Point(x0 + points * f, y)), at: start + duration * f)
        }
        let end = start + duration + hold
        c.handle(.pointer(Point(x0 + points, y), button: .left, down: false), at: end)
        return end
    }

    /// The seed's `(NSInteger)(contentOffset.x / (itemWidth + 10) + 1)`.
    private func seedIndex(contentOffset x: Double, width w: Double) -> Int { Int(x / (w / 2 + 10) + 1) }

    func testSlowDragSnapsByTheSeedsRounding() {
        // Seed frame: pitch 197.5, item 4 centred at contentOffset 5 + 790 - 93.75 = 701.25.
        // The seed's threshold is 44.9 % of a pitch (not 50 %): a drag of 93 pt (47 %) already
        // moves on, 85 pt (43 %) does not; backwards 93 pt stays, 110 pt moves back.
        let cases: [(points: Double, expected: Int)] = [(-93, 5), (-85, 4), (93, 4), (110, 3)]
        for (points, expected) in cases {
            let byHand = seedIndex(contentOffset: 701.25 - points, width: 375)
            XCTAssertEqual(byHand, expected)
            let c = carousel(seedFrame, start: 4)
            let end = replayDrag(c, from: 200, by: points, duration: 0.5, hold: 0.25, start: 0)
            XCTAssertEqual(c.physics.releaseVelocity, 0, "a finger that rested has no velocity")
            c.update(to: end + 1)
            XCTAssertEqual(c.centredIndex, expected, "drag \(points) pt")
            XCTAssertEqual(c.physics.offset, Double(expected), "exact rest")
        }
    }

    func testFlickStopsWhereUIScrollViewWouldThenSnapsLikeTheSeed() {
        // UIScrollView's projection at the normal rate: v / 1000 * 0.998 / 0.002 = 0.499 v
        // points past the release, within the content (inset (int)(W/4) + 5 = 98: 9.25 pt
        // past the last item's centred offset); then the seed's rounding of that stop.
        // Seed frame, from item 2, flicks left at `v` pt/s for 0.0625 s.
        // 1568.8 pt/s stops 6.46 items on (seed: 7, nearest: 6); 1465.6 stops at 6.17
        // (seed: 6, iCarousel's next boundary in the direction of travel: 7).
        for v in [1200.0, 1465.6, 1568.8, 2000, 3000] {
            let c = carousel(seedFrame, start: 2)
            let end = replayDrag(c, from: 300, by: -v * 0.0625, duration: 0.0625, start: 0)
            // The release as the physics measured it (offset in items, velocity in items/s).
            let released = contentOffset(centring: c.physics.offset, width: 375)
            let velocity = c.physics.releaseVelocity * 197.5
            XCTAssertGreaterThan(velocity, v * 0.99)
            let stop = min(released + velocity / 1000 * 0.998 / 0.002, contentOffset(centring: 8, width: 375) + 9.25)
            let expected = min(8, seedIndex(contentOffset: stop, width: 375))
            var t = end
            while t < end + 4 { t += 1.0 / 60; c.update(to: t) }
            XCTAssertEqual(c.centredIndex, expected, "v \(v): stop at contentOffset \(stop)")
            XCTAssertEqual(c.physics.offset, Double(expected), "v \(v)")
            XCTAssertFalse(c.physics.isAnimating)
            let items = (stop + 88.75) / 197.5                  // the stop as a fractional item
            if v == 1568.8 { XCTAssertEqual(items, 6.46, accuracy: 0.01); XCTAssertEqual(expected, 7) }
            if v == 1465.6 { XCTAssertEqual(items, 6.17, accuracy: 0.01); XCTAssertEqual(expected, 6) }
        }
    }

    /// The same rule through a replay file and `SceneDriver` (what `parallax-render
    /// --replay` does), on the seed's own frame, with a single frame rendered at the end.
    func testReplayFileDragsSnapLikeTheSeed() throws {
        let scene = """
        {"canvas": {"width": 375, "height": 600}, "components": [{"kind": "carousel", "name": "c",
         "frame": [0, 150, 375, 300], "count": 9}]}
        """
        // Item 4 centred (contentOffset 701.25). A 93-pt drag left held still before the
        // lift: (NSInteger)((701.25 + 93) / 197.5 + 1) = 5, centred at 898.75. Then a flick
        // right at 1600 pt/s (100 pt in 1/16 s): from 798.75 the glide stops
        // 0.499 * 1600 = 798.4 pt further left, at contentOffset 0.35:
        // (NSInteger)(0.35 / 197.5 + 1) = 1, where the nearest item would be 0
        // ((0.35 + 88.75) / 197.5 = 0.45 items).
        var lines = [#"{"t":0.5,"type":"pointer","x":200,"y":300,"button":"left","down":true}"#]
        for i in 1...60 { lines.append(#"{"t":\#(0.5 + Double(i) / 120),"type":"move","x":\#(200 - 93 * Double(i) / 60),"y":300}"#) }
        lines.append(#"{"t":1.3,"type":"pointer","x":107,"y":300,"button":"left","down":false}"#)
        lines.append(#"{"t":3,"type":"pointer","x":100,"y":300,"button":"left","down":true}"#)
        for i in 1...8 { lines.append(#"{"t":\#(3 + Double(i) / 128),"type":"move","x":\#(100 + 12.5 * Double(i)),"y":300}"#) }
        lines.append(#"{"t":3.0625,"type":"pointer","x":200,"y":300,"button":"left","down":false}"#)
        let events = try Replay.parse(lines.joined(separator: "\n"), file: "drags.jsonl")
        XCTAssertEqual(seedIndex(contentOffset: 701.25 + 93, width: 375), 5)
        XCTAssertEqual(seedIndex(contentOffset: 898.75 - 100 - 1600 / 1000 * 0.998 / 0.002, width: 375), 1)
        for (time, expected) in [(2.5, 5), (6.0, 1)] {
            let s = try SceneLoader.parse(scene, file: "s.json", directory: ".", images: ImageStore())
            let driver = SceneDriver(scene: s, events: events)
            driver.advance(to: time)                               // one frame, as parallax-render
            let c = try XCTUnwrap(s.components.first as? Carousel)
            XCTAssertEqual(c.physics.offset, Double(expected), "at t = \(time)")
        }
    }

    func testDragPastTheFirstItemComesBackToIt() {
        let c = carousel(tvFrame, start: 0)
        let end = replayDrag(c, from: 200, by: 300, duration: 0.3, hold: 0.2, start: 0)
        XCTAssertLessThan(c.physics.offset, 0)                       // rubber band past the start
        XCTAssertGreaterThan(c.physics.offset, -300.0 / 650)
        c.update(to: end + 2)
        XCTAssertEqual(c.physics.offset, 0)
        XCTAssertEqual(shownItems(c), [0, 1])
    }
}
