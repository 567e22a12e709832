import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import Typography
import XCTest

/// Text layers: the API, the scene keys, re-rasterising at the pixel size shown, and the
/// carousel's captions.
final class TextLayerTests: XCTestCase {
    private func parse(_ json: String, images: ImageStore = ImageStore()) throws -> Scene {
        try SceneLoader.parse(json, file: "text.json", directory: "/tmp", images: images)
    }

    private func error(_ json: String) -> String {
        do { _ = try parse(json); return "no error" } catch { return "\(error)" }
    }

    private func scene(_ layer: String) -> String {
        #"{"canvas": {"width": 400, "height": 200}, "components": [{"kind": "layer", "name": "t", "frame": [10, 10, 200, 40], "#
            + layer + "}]}"
    }

    func testSceneKeysBecomeTheTextStyle() throws {
        let s = try parse(scene(#""string": "Hi", "font": "DejaVu Serif Bold", "fontSize": 20, "foregroundColor": [1, 0, 0, 1], "alignmentMode": "center", "truncationMode": "end", "isWrapped": true, "lineSpacing": 3"#))
        let component = try XCTUnwrap(s.components[0] as? LayerComponent)
        let text = try XCTUnwrap(component.textLayers.first)
        XCTAssertEqual(text.string, "Hi")
        XCTAssertEqual(text.style, TextStyle(font: "DejaVu Serif Bold", fontSize: 20, foregroundColor: Color(1, 0, 0, 1),
                                             alignment: .center, truncation: .end, isWrapped: true, lineSpacing: 3))
        XCTAssertTrue(text.layer === s.rootLayers[0])
    }

    func testCATextLayerDefaults() throws {
        let s = try parse(scene(#""string": "Hi""#))
        let text = try XCTUnwrap((s.components[0] as? LayerComponent)?.textLayers.first)
        XCTAssertEqual(text.style.fontSize, 36)
        XCTAssertEqual(text.style.foregroundColor, .white)
        XCTAssertEqual(text.style.alignment, .natural)
        XCTAssertEqual(text.style.truncation, .none)
        XCTAssertFalse(text.style.isWrapped)
    }

    func testBadTextKeysGiveOneLineErrorsNamingTheKey() {
        XCTAssertTrue(error(scene(#""string": "a", "alignmentMode": "middle""#)).contains("alignmentMode"))
        XCTAssertTrue(error(scene(#""string": "a", "truncationMode": 3"#)).contains("truncationMode"))
        XCTAssertTrue(error(scene(#""string": "a", "fontSize": -1"#)).contains("fontSize"))
        XCTAssertTrue(error(scene(#""string": "a", "fontSize": 1e300"#)).contains("fontSize"))
        XCTAssertTrue(error(scene(#""string": "a", "font": "  ""#)).contains("font"))
        let pattern = error(scene(#""string": "a", "font": "Sans:weight=heavyish""#))
        XCTAssertTrue(pattern.contains("not a fontconfig name"), pattern)
        XCTAssertTrue(error(scene(#""string": "a", "contents": "x.png""#)).contains("expected no contents"))
        XCTAssertTrue(error(scene(#""string": 5"#)).contains("string"))
        let long = String(repeating: "x", count: TextLayout.maximumScalars + 1)
        XCTAssertTrue(error(scene("\"string\": \"\(long)\"")).contains("at most"))
        for e in [error(scene(#""string": "a", "alignmentMode": "middle""#))] { XCTAssertFalse(e.contains("\n"), e) }
    }

    func testTextIsRasterisedAtThePixelSizeShownAndAgainWhenTheScaleChanges() throws {
        let images = ImageStore()
        let s = try parse(scene(#""string": "Hello", "fontSize": 20"#), images: images)
        guard case .image(let at1x) = s.rootLayers[0].contents else { return XCTFail("no image") }
        XCTAssertEqual([at1x.width, at1x.height], [200, 40])
        s.setContentsScale(2)
        guard case .image(let at2x) = s.rootLayers[0].contents else { return XCTFail("no image") }
        XCTAssertEqual([at2x.width, at2x.height], [400, 80])
        // Ink twice as tall: "H" capitals 1493/2048 em (DejaVu Sans), 14.6 px at 1x, 29.2 px at 2x.
        let ink1 = try XCTUnwrap(inkHeight(images.image(for: at1x)))
        let ink2 = try XCTUnwrap(inkHeight(images.image(for: at2x)))
        XCTAssertEqual(Double(ink2), 2 * Double(ink1), accuracy: 2)
        // Back to 1x: the cached image of this string at this size, not a new one.
        s.setContentsScale(1)
        guard case .image(let again) = s.rootLayers[0].contents else { return XCTFail("no image") }
        XCTAssertEqual(again, at1x)
    }

    private func inkHeight(_ image: Image?) -> Int? {
        guard let image else { return nil }
        var rows: [Int] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image.pixel($0, y).a > 0 }) { rows.append(y) }
        return rows.isEmpty ? nil : rows.last! - rows.first! + 1
    }

    func testDisplayDoesNothingWhenNothingChanged() {
        let images = ImageStore()
        let t = TextLayer(name: "t", string: "abc", bounds: Size(100, 40), images: images)
        XCTAssertTrue(t.display())
        XCTAssertFalse(t.display())
        t.string = "abd"
        XCTAssertTrue(t.display())
        t.layer.bounds = Size(0, 40)
        XCTAssertTrue(t.display())
        XCTAssertEqual(t.layer.contents, .none, "a zero-width text layer draws nothing")
        XCTAssertEqual(images.count, 2)
    }

    func testCarouselCaptionShowsTheCentredItemsTitleUnderItAndFadesWhileScrolling() throws {
        let images = ImageStore()
        let c = Carousel(name: "c", frame: Rect(x: 0, y: 100, width: 1280, height: 400), count: 5, type: .coverFlow,
                         options: CarouselOptions(), images: images, startIndex: 2,
                         captions: .list(["a", "b", "Centre", "d", "e"]))
        c.update(to: 0)
        let caption = try XCTUnwrap(c.captionLayer)
        XCTAssertEqual(caption.string, "Centre")
        XCTAssertEqual(caption.layer.name, "c/caption")
        XCTAssertEqual(caption.layer.opacity, 1)
        XCTAssertFalse(caption.layer.isHidden)
        XCTAssertTrue(c.rootLayer.sublayers.last === caption.layer, "drawn over the items")
        // Its top edge is under the centred item's bottom edge.
        let list = c.rootLayer.flatten(canvas: Size(1280, 800))
        let item = try XCTUnwrap(list.quads.first { $0.name == "c/item2" })
        let cap = try XCTUnwrap(list.quads.first { $0.name == "c/caption" })
        let ic = item.corners, cc = cap.corners
        let itemBottom = max(ic.0.y, ic.1.y, ic.2.y, ic.3.y), capTop = min(cc.0.y, cc.1.y, cc.2.y, cc.3.y)
        XCTAssertGreaterThan(capTop, itemBottom)
        XCTAssertLessThan(capTop - itemBottom, 40)
        // Half way to the next item the caption has faded out (1 - 2.5 * 0.5 < 0).
        _ = c.moveFocus(.right, at: 0.01)
        var t = 0.01
        while t < 2 && caption.layer.isHidden == false { t += 0.01; c.update(to: t) }
        XCTAssertLessThan(t, 2, "the caption hides while the item moves away")
        c.update(to: 3)
        XCTAssertEqual(caption.string, "d")
        XCTAssertEqual(caption.layer.opacity, 1)
    }

    func testCaptionTemplatesAndCounts() throws {
        XCTAssertEqual(CarouselCaptions.template("Item {n}").text(for: 4), "Item 5")
        XCTAssertNil(CarouselCaptions.list(["a", ""]).text(for: 1))
        XCTAssertNil(CarouselCaptions.list(["a"]).text(for: 7))
        let bad = error(#"{"canvas": {"width": 400, "height": 200}, "components": [{"kind": "carousel", "name": "c", "frame": [0, 0, 400, 200], "count": 3, "captions": ["a"]}]}"#)
        XCTAssertTrue(bad.contains("one caption per item (3), found 1"), bad)
    }

    func testScrollHeaderRowsAndBarArePaintedAtThePixelSizeShown() throws {
        let images = ImageStore()
        let header = ScrollHeader(name: "h", frame: Rect(x: 0, y: 0, width: 375, height: 667), images: images)
        func rowImage() -> ImageRef? {
            for l in header.rootLayer.sublayers where l.name == "h/row0" { if case .image(let r) = l.contents { return r } }
            return nil
        }
        XCTAssertEqual(rowImage().map { [$0.width, $0.height] }, [375, 44])
        header.setContentsScale(2)
        XCTAssertEqual(rowImage().map { [$0.width, $0.height] }, [750, 88])
        guard case .image(let bar) = header.navigationBar.contents else { return XCTFail("no bar image") }
        XCTAssertEqual([bar.width, bar.height], [750, 128])
    }
}
