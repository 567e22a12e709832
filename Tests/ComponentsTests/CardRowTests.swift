@testable import Assets
@testable import Components
import Foundation
import Images
import JSON
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `cardRow` kind (docs/scene-format.md, `cardRow`). Expected values are
/// computed by hand from the contract: card i's frame is [x + i (w + spacing), y, w, h];
/// the row scrolls the least that keeps the focused card and scrollInset inside the frame.
///
/// The row used by most tests: frame [100, 50, 1000, 400], cards 200x300, spacing 40 (a
/// pitch of 240), scrollInset 40, 20 items with titles and generated posters.
final class CardRowTests: XCTestCase {
    func items(_ n: Int) -> String {
        "[" + (0..<n).map { #"{"title": "Film \#($0)"}"# }.joined(separator: ", ") + "]"
    }

    func rowScene(_ extra: String = "", items: String? = nil, directory: String = "/tmp",
                  store: ImageStore = ImageStore()) throws -> (Scene, CardRow) {
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "r", "frame": [100, 50, 1000, 400], "itemSize": [200, 300], "items": \#(items ?? self.items(20))\#(extra)}]}"#
        let s = try SceneLoader.parse(text, file: "scene.json", directory: directory, images: store)
        return (s, try XCTUnwrap(s.component(named: "r") as? CardRow))
    }

    /// Navigation has one way in, the focus engine: Left and Right handed to the row itself
    /// move nothing; through the scene, Right focuses the next card.
    func testArrowKeysReachTheRowOnlyThroughTheFocusEngine() throws {
        let (s, r) = try rowScene()
        s.update(to: 0)
        r.handle(.key("Right", down: true), at: 0.1)
        r.handle(.key("Left", down: true), at: 0.2)
        r.handle(.key("Right", down: true), at: 0.3)
        XCTAssertEqual(r.focusedIndex, 0, "keys handed to the row directly")
        s.handle(.key("Right", down: true), at: 0.4)
        XCTAssertEqual(r.focusedIndex, 1, "the same key through the focus engine")
    }

    /// Quads by name: corners in canvas points and opacity (the `--quads` dump).
    func quads(_ s: Scene) -> [String: (corners: [Point], opacity: Double)] {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(s.rootLayers, canvas: s.canvas, into: &list)
        let root = try! JSONSerialization.jsonObject(with: QuadsDump.json(list, time: 0).data(using: .utf8)!) as! [String: Any]
        var out: [String: (corners: [Point], opacity: Double)] = [:]
        for q in root["quads"] as! [[String: Any]] {
            out[q["name"] as! String] = ((q["corners"] as! [[Double]]).map { Point($0[0], $0[1]) }, q["opacity"] as! Double)
        }
        return out
    }

    func press(_ s: Scene, _ k: String, at t: Double) {
        s.handle(.key(k, down: true), at: t)
        s.handle(.key(k, down: false), at: t + 0.01)
    }

    func testCardsAreLeftAlignedAndOnlyThoseMeetingTheFrameAreDrawn() throws {
        let (s, _) = try rowScene()
        s.update(to: 1)
        let q = quads(s)
        // Resting cards 1...4 at x 100 + 240 i; card 4 (1060...1260) overlaps the frame's
        // right edge (1100) and is drawn; card 5 starts at 1300: not drawn.
        for i in 1...4 {
            let c = try XCTUnwrap(q["r/item\(i)"]).corners
            assertClose(c[0], Point(100 + 240 * Double(i), 50), 1e-6, "item \(i)")
            assertClose(c[2], Point(300 + 240 * Double(i), 350), 1e-6, "item \(i)")
        }
        XCTAssertNil(q["r/item5"])
        // The focused card 0 is lifted x1.1 about its centre (200, 200): 220x330.
        let c0 = try XCTUnwrap(q["r/item0"]).corners
        assertClose(c0[0], Point(90, 35), 1e-6)
        assertClose(c0[2], Point(310, 365), 1e-6)
    }

    func testScrollsTheLeastThatKeepsTheFocusedCardAndItsInsetInView() throws {
        let (s, r) = try rowScene()
        s.update(to: 0)
        for k in 0..<3 { press(s, "Right", at: 0.1 + Double(k) * 0.1) }
        // Card 3: 720 + 200 + 40 = 960 <= 1000: no scroll.
        XCTAssertEqual(r.focusedIndex, 3)
        XCTAssertEqual(r.scrollTarget, 0)
        press(s, "Right", at: 1)
        // Card 4: 960 + 200 + 40 - 1000 = 200, reached over 0.4 s ease-in-out (half at half time).
        XCTAssertEqual(r.scrollTarget, 200)
        s.update(to: 1.2)
        XCTAssertEqual(r.scroll.value(at: 1.2), 100, accuracy: 1e-9)
        s.update(to: 1.5)
        XCTAssertEqual(try XCTUnwrap(quads(s)["r/item3"]).corners[0].x, 100 + 720 - 200, accuracy: 1e-6)
        // Back to card 3: its left edge less the inset (680) is inside the view (200...1200): no scroll.
        press(s, "Left", at: 2)
        XCTAssertEqual(r.scrollTarget, 200)
        // Card 0: 0 - 40 clamps to 0 (offset 0 at item 0).
        for k in 0..<3 { press(s, "Left", at: 2.1 + Double(k) * 0.1) }
        XCTAssertEqual(r.scrollTarget, 0)
        // The last card (19 at 4560): 4560 + 240 - 1000 = 3800, the last card plus the inset.
        r.focusItem(19, at: 3)
        XCTAssertEqual(r.scrollTarget, 3800)
        press(s, "Right", at: 4)
        XCTAssertEqual(r.focusedIndex, 19, "no wrap")
    }

    func testStartIndexScrollsAtOnceAndScrollInsetIsHonoured() throws {
        // Card 10 at 2400 with an inset of 100: 2400 + 200 + 100 - 1000 = 1700, at t = 0.
        let (s, r) = try rowScene(#", "startIndex": 10, "scrollInset": 100"#)
        s.update(to: 0)
        XCTAssertEqual(r.scroll.value(at: 0), 1700)
        let c = try XCTUnwrap(quads(s)["r/item9"]).corners
        XCTAssertEqual(c[0].x, 100 + 2160 - 1700, accuracy: 1e-6)
    }

    func testTitlesShowUnderTheFocusedCardAllOrNone() throws {
        for (mode, expected) in [("focused", ["r/item0/title"]), ("all", (0...4).map { "r/item\($0)/title" }), ("none", [])] {
            let (s, _) = try rowScene(#", "titles": "\#(mode)""#)
            s.update(to: 1)
            let titles = quads(s).keys.filter { $0.hasSuffix("/title") }.sorted()
            XCTAssertEqual(titles, expected.sorted(), mode)
        }
        // The focused title's top: the card's bottom (350) + 10, + 15 for the x1.1 lift.
        let (s, _) = try rowScene()
        s.update(to: 1)
        XCTAssertEqual(try XCTUnwrap(quads(s)["r/item0/title"]).corners[0].y, 375, accuracy: 1e-6)
    }

    func testSelectOnReleaseAndLongPressWithTheCardsIndex() throws {
        let (s, _) = try rowScene()
        var log: [String] = []
        s.onEvent { log.append("\($0.kind.rawValue) \($0.component)/\($0.item)") }
        s.update(to: 0)
        press(s, "Right", at: 0.1)
        press(s, "Return", at: 0.5)
        s.handle(.controllerButton("A", down: true), at: 1)
        s.update(to: 1.6)
        s.handle(.controllerButton("A", down: false), at: 1.7)
        XCTAssertEqual(log, ["focus r/0", "focus r/1", "select r/1", "longPress r/1"])
    }

    func testPointerOverACardFocusesIt() throws {
        let (s, r) = try rowScene()
        s.update(to: 0)
        s.handle(.move(Point(100 + 480 + 50, 100)), at: 0.5)      // over card 2 (580...780)
        XCTAssertEqual(r.focusedIndex, 2)
        s.handle(.move(Point(100 + 440 + 20, 100)), at: 0.6)      // in the gap after card 1: nothing
        XCTAssertEqual(r.focusedIndex, 2)
    }

    func testItemsFromAFolderAGlobAndACatalogueFile() throws {
        let dir = try TemporaryDirectory()
        let poster = try Image.solid(width: 4, height: 6, 200, 40, 40).encodePNG()
        for name in ["b Second.png", "a First.png", "c Third.png"] { try dir.write("posters/" + name, bytes: poster) }
        try dir.write("posters/notes.txt", text: "not an image")
        var (_, r) = try rowScene(items: #""posters""#, directory: dir.path)
        XCTAssertEqual((0..<r.count).map { r.catalogue.title($0) }, ["a First", "b Second", "c Third"])
        (_, r) = try rowScene(items: #""posters/b*.png""#, directory: dir.path)
        XCTAssertEqual((0..<r.count).map { r.catalogue.title($0) }, ["b Second"])
        // A catalogue's paths are relative to the catalogue file, not to the scene.
        try dir.write("lib/cat.json", text: #"{"items": [{"image": "../posters/c Third.png", "title": "Third", "subtitle": "2024"}, {"image": "../posters/a First.png"}]}"#)
        let store = ImageStore()
        (_, r) = try rowScene(items: #""lib/cat.json""#, directory: dir.path, store: store)
        XCTAssertEqual(r.catalogue.item(0), CardCatalogue.Item(image: dir.path + "/lib/../posters/c Third.png", title: "Third", subtitle: "2024"))
        XCTAssertEqual(r.catalogue.title(1), "a First", "without a title: the file name")
        guard case .image(let ref)? = r.slots.first(where: { $0.index == 0 })?.poster.contents else {
            return XCTFail("card 0 shows no image")
        }
        XCTAssertEqual(store.image(for: ref)?.pixels[0], 200)
    }

    func testBadItemsAreOneLineErrorsNamingTheKey() throws {
        let dir = try TemporaryDirectory()
        try dir.write("bad.json", text: #"{"items": [{"image": "x.png", "colour": 1}]}"#)
        let cases: [(String, String)] = [
            ("[]", "components[0].items: expected at least one item"),
            (#"[{"image": "missing.png"}]"#, "components[0].items[0].image: no such file"),
            (#"[{"subtitle": "no image or title"}]"#, "components[0].items[0]: expected an image or a title"),
            (#""absent-folder""#, "components[0].items: no such folder"),
            (#""bad.json""#, "bad.json: at items[0]"),
        ]
        for (items, expected) in cases {
            XCTAssertThrowsError(try rowScene(items: items, directory: dir.path)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
        XCTAssertThrowsError(try scene(#"{"kind": "cardRow", "name": "r", "frame": [0, 0, 1000, 10], "itemSize": [1, 1], "spacing": 0, "items": [{"title": "A"}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("expected at most 256 cards across the frame, found 1000"), "\(error)")
        }
        for extra in [#", "itemSize": [1e300, 10]"#, #", "spacing": -1"#, #", "startIndex": 20"#, #", "titles": "some""#] {
            XCTAssertThrowsError(try rowScene(extra), extra)
        }
    }

    func testThirtyThousandFilesListWithoutDecodingMoreThanTheVisibleCards() throws {
        let dir = try TemporaryDirectory()
        let folder = try dir.makeDirectory("many")
        let poster = try Image.solid(width: 2, height: 3, 10, 20, 30).encodePNG()
        for i in 0..<30_000 {     // POSIX calls: Foundation's createFile takes minutes for 30,000 files
            let fd = open(folder + "/p" + String(format: "%05d", i) + ".png", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0)
            _ = poster.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let (s, r) = try rowScene(items: #""many""#, directory: dir.path)
        s.update(to: 1)
        XCTAssertEqual(r.count, 30_000)
        // Five cards meet the frame: five decodes, and a pool of ceil(1000 / 240) + 2 = 7 cards.
        XCTAssertEqual(r.shelf?.decodedCount, 5)
        XCTAssertEqual(r.slots.count, 7)
        r.focusItem(29_999, at: 2)
        s.update(to: 3)
        XCTAssertEqual(r.catalogue.title(29_999), "p29999")
        XCTAssertNotNil(quads(s)["r/item29999"])
    }

    func testBackgroundDecodeShowsThePlaceholderThenFadesTheImageIn() throws {
        let dir = try TemporaryDirectory()
        try dir.write("p/a.png", bytes: try Image.solid(width: 40, height: 60, 0, 200, 0).encodePNG())
        let store = ImageStore()
        store.decodesInBackground = true
        let (s, r) = try rowScene(items: #""p""#, directory: dir.path, store: store)
        let slot = try XCTUnwrap(r.slots.first { $0.index == 0 })
        guard case .color = slot.poster.contents else { return XCTFail("expected the placeholder first") }
        // Wait (real time) for the worker, one frame every 10 ms of scene time.
        var t = 0.0
        let deadline = Date().addingTimeInterval(10)
        while slot.fadeStart == -.infinity, Date() < deadline {
            t += 0.01
            s.update(to: t)
            usleep(2000)
        }
        XCTAssertGreaterThan(slot.fadeStart, -.infinity, "the image never arrived")
        let start = slot.fadeStart
        s.update(to: start + 0.1)
        XCTAssertEqual(slot.fade.opacity, 0.5, accuracy: 1e-9, "halfway through the 0.2 s fade")
        s.update(to: start + 0.25)
        guard case .color = slot.poster.contents, case .image(let ref) = slot.fade.contents else {
            return XCTFail("the placeholder must stay until the renderer has the image")
        }
        _ = store.mipChain(for: ref)                            // what the renderer's upload does
        s.update(to: start + 0.3)
        guard case .image = slot.poster.contents else { return XCTFail("the image did not become the poster") }
        XCTAssertNil(slot.fade.superlayer)
    }

    func testRowsOfDifferentCardSizesInOneShelfAreReachedByUpAndDown() throws {
        let text = #"""
        {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720],
          "rows": [
           {"title": "Posters", "content": {"kind": "cardRow", "name": "posters", "frame": [48, 0, 1184, 250], "itemSize": [140, 210], "items": \#(items(12))}},
           {"title": "Episodes", "content": {"kind": "cardRow", "name": "episodes", "frame": [48, 0, 1184, 200], "itemSize": [320, 180], "items": \#(items(6))}},
           {"title": "Apps", "content": {"kind": "cardRow", "name": "apps", "frame": [48, 0, 1184, 160], "itemSize": [120, 120], "items": \#(items(9))}}]}]}
        """#
        let s = try SceneLoader.parse(text, file: "scene.json", directory: "/tmp", images: ImageStore())
        s.update(to: 0)
        // From posters card 4 (x 48 + 720 = 768...908): episodes card 2 (48 + 720 = 768...1088)
        // is nearest across; Down again: apps card 4 (48 + 640 = 688...808) overlaps it, 80 off
        // centre, card 5 (848...968) too, 0 off centre... the smaller gap across first (both
        // 0), then the centres: card 5 (908 vs 928: 20) beats card 4 (748: 180).
        s.focus.focus(component: "posters", item: 4, at: 0.5)
        press(s, "Down", at: 1)
        XCTAssertEqual(s.focus.focused?.component, "episodes")
        XCTAssertEqual(s.focus.focused?.item, 2)
        press(s, "Down", at: 2)
        XCTAssertEqual(s.focus.focused?.component, "apps")
        XCTAssertEqual(s.focus.focused?.item, 5)
        press(s, "Up", at: 3)
        press(s, "Up", at: 4)
        XCTAssertEqual(s.focus.focused?.component, "posters")
        XCTAssertEqual(s.focus.focused?.item, 4, "remembered")
    }
    func testWithAWarmThumbnailCacheTheFirstFrameShowsEveryVisiblePoster() throws {
        let dir = try TemporaryDirectory()
        for i in 0..<8 { try dir.write("p/\(i).png", bytes: try Image.solid(width: 40, height: 60, UInt8(20 * i), 0, 0).encodePNG()) }
        let cache = ThumbnailCache(folder: dir.file("cache"))
        func start() throws -> CardRow {
            let store = ImageStore()
            store.decodesInBackground = true
            store.thumbnailCache = cache
            return try rowScene(items: #""p""#, directory: dir.path, store: store).1
        }
        // First start: placeholders, then the workers decode (and fill the cache).
        let first = try start()
        XCTAssertTrue(first.slots.contains { $0.index >= 0 && $0.waiting })
        let deadline = Date().addingTimeInterval(10)
        while cache.counters.writes < 5, Date() < deadline {
            first.update(to: 0)
            usleep(5000)
        }
        XCTAssertGreaterThanOrEqual(cache.counters.writes, 5, "the five visible posters were written")
        // Second start: the five cards in view show their posters at load, none waits.
        let second = try start()
        for slot in second.slots where slot.index >= 0 {
            guard case .image = slot.poster.contents else { return XCTFail("card \(slot.index) shows a placeholder") }
            XCTAssertFalse(slot.waiting)
        }
        XCTAssertEqual(second.shelf?.cachedAtStart, 5)
    }
    func testALayeredPosterIsACardOfItsLayersThatMoveApartWhenTilted() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: [
            StackLayerFixture(name: "Front", image: Image.solid(width: 20, height: 30, 255, 0, 0)),
            StackLayerFixture(name: "Back", image: Image.solid(width: 20, height: 30, 0, 0, 255)),
        ], canvas: (20, 30))
        let items = #"[{"image": \#(JSONNode.quote(stack)), "title": "Stack"}, {"title": "Flat"}]"#
        let (s, r) = try rowScene(items: items, directory: dir.path)
        s.update(to: 0)
        let q = quads(s)
        // Bottom first: the back layer is the card's poster, the front one its layer 1.
        XCTAssertNotNil(q["r/item0"])
        XCTAssertNotNil(q["r/item0/layer1"])
        XCTAssertNil(q["r/item1/layer1"], "a flat poster is one layer")
        // The pointer over the focused card's right edge tilts it: its front layer moves.
        let slot = try XCTUnwrap(r.slots.first { $0.index == 0 })
        let atRest = slot.card.images[1].transform
        s.handle(.move(Point(100 + 195, 200)), at: 0.1)
        s.update(to: 1)
        XCTAssertNotEqual(slot.card.images[1].transform, atRest)
    }

    /// The row's cards lean as the focus grid's do (RemoteTiltTests): full tilt, pi/32, at the
    /// touch surface's right edge or the right stick's full deflection; a release returns to
    /// rest over `transitionSpeed` (500 ms, linear here).
    func testTouchpadAndRightStickTiltTheFocusedCardAsOnAGrid() throws {
        let (s, r) = try rowScene(#", "transitionSpeed": 500, "transitionEasing": "linear""#)
        s.update(to: 0)
        let slot = try XCTUnwrap(r.slots.first { $0.index == 0 })
        func angle() -> Double { atan2(slot.card.card.transform.m31, slot.card.card.transform.m11) }
        s.handle(.touchpad(x: 1, y: 0.5, down: true), at: 0.1)
        s.update(to: 2)
        XCTAssertEqual(angle(), -Double.pi / 32, accuracy: 1e-9, "full tilt at the right edge")
        s.handle(.touchpad(x: 1, y: 0.5, down: false), at: 2)
        s.update(to: 2.25)
        XCTAssertEqual(angle(), -Double.pi / 64, accuracy: 1e-4, "half way back, linear over 0.5 s")
        s.update(to: 2.5)
        XCTAssertEqual(angle(), 0, accuracy: 1e-12)
        s.handle(.controllerAxis("rightx", value: 1), at: 2.5)
        s.update(to: 4.5)
        XCTAssertEqual(angle(), -Double.pi / 32, accuracy: 1e-9, "the right stick at full deflection")
    }
}

