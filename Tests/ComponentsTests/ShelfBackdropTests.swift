@testable import Assets
@testable import Components
import Foundation
import Images
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// A shelf's `backdrop`: the focused card's backdrop art behind the rows, decoded at 64x36,
/// dimmed, cross-faded over 0.3 s ease-in-out from the focus change.
final class ShelfBackdropTests: XCTestCase {
    func shelfScene(items: String, directory: String = "/tmp", store: ImageStore) throws -> Scene {
        let text = #"""
        {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720],
          "backdrop": true, "backdropDim": 0.5,
          "rows": [{"content": {"kind": "cardRow", "name": "r", "frame": [48, 0, 1184, 300], "itemSize": [200, 300], "items": \#(items)}}]}]}
        """#
        let s = try SceneLoader.parse(text, file: "scene.json", directory: directory, images: store)
        s.update(to: 0)        // the first frame
        return s
    }

    func layer(_ s: Scene, _ name: String) -> Layer? {
        var found: Layer?
        func walk(_ l: Layer) {
            if l.name == name { found = l }
            for c in l.sublayers { walk(c) }
        }
        for root in s.rootLayers { walk(root) }
        return found
    }

    func testTheFocusedCardsArtCrossFadesInPointThreeSeconds() throws {
        let store = ImageStore()
        let s = try shelfScene(items: #"[{"title": "A"}, {"title": "B"}, {"title": "C"}]"#, store: store)
        // The art layers take turns: the first art in /0, the next in /1 on top of it.
        let a = try XCTUnwrap(layer(s, "home/backdrop/0")), b = try XCTUnwrap(layer(s, "home/backdrop/1"))
        let art0 = try XCTUnwrap(store.ref(forKey: "backdrop-generated:0"))
        XCTAssertEqual(a.contents, .image(art0))
        XCTAssertEqual(layer(s, "home/backdrop/dim")?.contents, .color(Color(0, 0, 0, 0.5)))
        s.update(to: 0.15)
        XCTAssertEqual(a.opacity, 0.5, accuracy: 1e-9, "half of the ease-in-out at half time")
        s.update(to: 1)
        s.handle(.key("Right", down: true), at: 1)
        s.handle(.key("Right", down: false), at: 1.01)
        s.update(to: 1.15)
        // The new art is on top at half opacity, over the old at full.
        XCTAssertEqual(b.contents, .image(try XCTUnwrap(store.ref(forKey: "backdrop-generated:1"))))
        XCTAssertEqual(b.opacity, 0.5, accuracy: 1e-9)
        XCTAssertFalse(a.isHidden)
        XCTAssertTrue(b.superlayer?.sublayers.firstIndex { $0 === b } ?? 0 > b.superlayer?.sublayers.firstIndex { $0 === a } ?? 0)
        s.update(to: 1.3)
        XCTAssertEqual(b.opacity, 1)
        XCTAssertTrue(a.isHidden, "the old art goes once covered")
    }

    func testAnItemsBackdropFileIsDecodedAtSixtyFourByThirtySix() throws {
        let dir = try TemporaryDirectory()
        try dir.write("poster.png", bytes: try Image.solid(width: 20, height: 30, 200, 0, 0).encodePNG())
        try dir.write("wide.png", bytes: try Image.solid(width: 320, height: 180, 0, 0, 200).encodePNG())
        let store = ImageStore()
        let s = try shelfScene(items: #"[{"image": "poster.png", "backdrop": "wide.png"}]"#, directory: dir.path, store: store)
        guard case .image(let ref)? = layer(s, "home/backdrop/0")?.contents else { return XCTFail("no art") }
        XCTAssertEqual([ref.width, ref.height], [64, 36])
        XCTAssertEqual(store.image(for: ref)?.pixels[2], 200, "the backdrop, not the poster")
    }

    func testALongBrowseKeepsOnlyTheLastSixteenBackdropsDecoded() throws {
        let dir = try TemporaryDirectory()
        let count = 40
        for i in 0..<count {
            try dir.write("b\(i).png", bytes: try Image.solid(width: 320, height: 180, UInt8(i), 0, 200).encodePNG())
        }
        let items = "[" + (0..<count).map { #"{"title": "T\#($0)", "backdrop": "b\#($0).png"}"# }.joined(separator: ", ") + "]"
        let store = ImageStore()
        let s = try shelfScene(items: items, directory: dir.path, store: store)
        var shown: [ImageRef] = []
        var t = 0.0
        for _ in 1..<count {
            t += 0.5
            s.handle(.key("Right", down: true), at: t)
            s.handle(.key("Right", down: false), at: t + 0.01)
            s.update(to: t + 0.4)
            for name in ["home/backdrop/0", "home/backdrop/1"] {
                if case .image(let ref)? = layer(s, name)?.contents, !shown.contains(ref) { shown.append(ref) }
            }
        }
        XCTAssertEqual(shown.count, count, "one art per focused item")
        // 40 backdrops of 64x36 seen; the budget holds ShelfBackdrop.kept = 16 of them, the newest.
        XCTAssertEqual(shown.filter { store.isLive($0) }.count, 16)
        XCTAssertTrue(shown.suffix(16).allSatisfy { store.isLive($0) }, "the shown and the latest arts stay")
    }
}
