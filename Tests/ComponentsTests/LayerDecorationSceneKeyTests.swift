import Assets
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// The scene file's background, border and shadow keys of a `layer` (CALayer's names and
/// defaults).
final class LayerDecorationSceneKeyTests: XCTestCase {
    private func load(_ keys: String, directory: String = "/tmp") throws -> Layer {
        let json = """
        {"canvas": {"width": 100, "height": 100},
         "components": [{"kind": "layer", "name": "card", "bounds": [50, 50], "position": [50, 50]\(keys)}]}
        """
        return try SceneLoader.parse(json, file: "test.json", directory: directory, images: ImageStore()).rootLayers[0]
    }

    private func error(_ keys: String) -> String {
        do {
            _ = try load(keys)
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// Core Animation's defaults: no background, border 0 wide in opaque black, shadow
    /// opacity 0, radius 3, offset (0, -3), black.
    func testDefaultsAreCoreAnimations() throws {
        let l = try load("")
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.borderWidth, 0)
        XCTAssertEqual(l.borderColor, Color(0, 0, 0, 1))
        XCTAssertEqual(l.shadow.opacity, 0)
        XCTAssertEqual(l.shadow.radius, 3)
        XCTAssertEqual(l.shadow.offset, Point(0, -3))
        XCTAssertEqual(l.shadow.color, Color(0, 0, 0, 1))
    }

    /// `color` stays an alias of `backgroundColor`; giving both is an error naming both.
    func testColorIsAnAliasOfBackgroundColorAndBothIsAnError() throws {
        XCTAssertEqual(try load(#", "color": [1, 0, 0]"#).backgroundColor, Color(1, 0, 0, 1))
        XCTAssertEqual(try load(#", "backgroundColor": [0, 1, 0, 0.5]"#).backgroundColor, Color(0, 1, 0, 0.5))
        let e = error(#", "color": [1, 0, 0], "backgroundColor": [1, 0, 0]"#)
        XCTAssertTrue(e.contains("backgroundColor") && e.contains("color"), e)
        XCTAssertFalse(e.contains("\n"), e)
    }

    /// A background may coexist with contents (a letterboxed poster) and with text keys
    /// (a label on a plate).
    func testBackgroundCoexistsWithContentsAndWithText() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Image.solid(width: 2, height: 2, 255, 255, 255).writePNG(path: dir.file("p.png"))
        let poster = try load(#", "contents": "p.png", "backgroundColor": [0, 0, 0]"#, directory: dir.path)
        XCTAssertEqual(poster.backgroundColor, Color(0, 0, 0, 1))
        guard case .image = poster.contents else { return XCTFail("no image contents") }
        let label = try load(#", "string": "Hi", "color": [0, 0, 0, 0.5]"#)
        XCTAssertEqual(label.backgroundColor, Color(0, 0, 0, 0.5))
    }

    func testBorderAndShadowKeysAreRead() throws {
        let l = try load(#", "borderWidth": 2.5, "borderColor": [1, 1, 0], "shadowOpacity": 0.4, "shadowRadius": 12, "shadowOffset": [3, -7], "shadowColor": [0, 0, 1, 0.5]"#)
        XCTAssertEqual(l.borderWidth, 2.5)
        XCTAssertEqual(l.borderColor, Color(1, 1, 0, 1))
        XCTAssertEqual(l.shadow.opacity, 0.4)
        XCTAssertEqual(l.shadow.radius, 12)
        XCTAssertEqual(l.shadow.offset, Point(3, -7))
        XCTAssertEqual(l.shadow.color, Color(0, 0, 1, 0.5))
    }

    /// Out-of-range values are one-line errors naming the key.
    func testOutOfRangeValuesAreOneLineErrorsNamingTheKey() {
        for (keys, key) in [(#", "borderWidth": -1"#, "borderWidth"), (#", "borderWidth": 1e300"#, "borderWidth"),
                            (#", "shadowOpacity": 1.5"#, "shadowOpacity"), (#", "shadowRadius": -2"#, "shadowRadius"),
                            (#", "shadowRadius": 1e308"#, "shadowRadius"), (#", "shadowOffset": [1e300, 0]"#, "shadowOffset"),
                            (#", "shadowOffset": [1]"#, "shadowOffset"), (#", "borderColor": [2, 0, 0]"#, "borderColor"),
                            (#", "shadowColor": "black""#, "shadowColor")] {
            let e = error(keys)
            XCTAssertTrue(e.contains(key), "\(keys): \(e)")
            XCTAssertFalse(e.contains("\n"), e)
        }
    }

    /// The new key paths animate from a scene file.
    func testBorderAndShadowKeyPathsAnimateFromAScene() throws {
        let l = try load(#", "color": [1, 1, 1], "animations": [{"keyPath": "shadowOpacity", "fromValue": 0, "toValue": 1, "duration": 2}, {"keyPath": "borderColor", "fromValue": [0, 0, 0, 1], "toValue": [1, 1, 1, 1], "duration": 2}, {"keyPath": "shadowOffset", "fromValue": [0, 0], "toValue": [4, 8], "duration": 2}]"#)
        l.advanceAnimations(to: 1)
        let p = l.presentation()
        XCTAssertEqual(p.shadow.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(p.borderColor.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(p.shadow.offset.y, 4, accuracy: 1e-12)
    }

    /// maskedCorners names CACornerMask's corners; all four by default; an unknown name is
    /// a one-line error listing the names.
    func testMaskedCornersAreReadByName() throws {
        XCTAssertEqual(try load("").maskedCorners, .all)
        XCTAssertEqual(try load(#", "maskedCorners": ["minXMinY", "maxXMaxY"]"#).maskedCorners, [.minXMinY, .maxXMaxY])
        XCTAssertEqual(try load(#", "maskedCorners": []"#).maskedCorners, [])
        let e = error(#", "maskedCorners": ["topLeft"]"#)
        XCTAssertTrue(e.contains("maskedCorners") && e.contains("minXMinY"), e)
        XCTAssertFalse(e.contains("\n"), e)
    }

    /// contentsRect, contentsScale and the filters, with their defaults and range errors.
    func testContentsKeysAreReadWithDefaults() throws {
        let d = try load("")
        XCTAssertEqual(d.contentsRect, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(d.contentsScale, 1)
        XCTAssertEqual(d.minificationFilter, .trilinear)
        XCTAssertEqual(d.magnificationFilter, .linear)
        let l = try load(#", "contentsRect": [0.25, 0, 0.5, 1], "contentsScale": 2, "minificationFilter": "linear", "magnificationFilter": "nearest", "contentsGravity": "bottomRight""#)
        XCTAssertEqual(l.contentsRect, Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        XCTAssertEqual(l.contentsScale, 2)
        XCTAssertEqual(l.minificationFilter, .linear)
        XCTAssertEqual(l.magnificationFilter, .nearest)
        XCTAssertEqual(l.contentsGravity, .bottomRight)
        for (keys, key) in [(#", "contentsRect": [0, 0, -1, 1]"#, "contentsRect"), (#", "contentsScale": 0"#, "contentsScale"),
                            (#", "magnificationFilter": "cubic""#, "magnificationFilter")] {
            let e = error(keys)
            XCTAssertTrue(e.contains(key), "\(keys): \(e)")
        }
    }
}

