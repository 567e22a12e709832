import Foundation
import XCTest
import Images
import _TestSupport

/// `.imagestack` folders built in a temporary directory.
final class ImageStackTests: XCTestCase {
    let back = Image.asymmetric(width: 40, height: 24)
    let middle = Image.solid(width: 40, height: 24, 0, 128, 0, 128)
    let front = Image.solid(width: 20, height: 10, 200, 0, 0)

    /// Front (framed), Middle (no layer JSON), Back: listed frontmost first.
    func threeLayers(frontFrame: Bool = true) -> [StackLayerFixture] {
        [StackLayerFixture(name: "Front", image: front,
                           frameSize: frontFrame ? (100, 50) : nil, frameCenter: frontFrame ? (300, 60) : nil),
         StackLayerFixture(name: "Middle", image: middle, writesLayerJSON: false),
         StackLayerFixture(name: "Back", image: back)]
    }

    func assertFails(_ path: String, limits: ImageLimits = .default, line: UInt = #line,
                     _ check: (ImageError) -> Void) {
        do {
            _ = try LayeredImage.load(path: path, limits: limits)
            XCTFail("\(path) loaded", line: line)
        } catch let error as ImageError {
            XCTAssertFalse(error.description.contains("\n"), line: line)
            check(error)
        } catch {
            XCTFail("not an ImageError: \(error)", line: line)
        }
    }

    func testValidThreeLayerStackIsBottomFirstWithFrames() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        let layered = try LayeredImage.load(path: stack)
        XCTAssertEqual(layered.canvasWidth, 400)
        XCTAssertEqual(layered.canvasHeight, 240)
        XCTAssertEqual(layered.layers.map(\.name), ["Back", "Middle", "Front"])
        XCTAssertTrue(layered.layers[0].image == back)
        XCTAssertTrue(layered.layers[1].image == middle)
        XCTAssertTrue(layered.layers[2].image == front)
        let full = PixelRect(x: 0, y: 0, width: 400, height: 240)
        XCTAssertEqual(layered.layers[0].frame, full)
        XCTAssertEqual(layered.layers[1].frame, full)
        XCTAssertEqual(layered.layers[2].frame, PixelRect(x: 250, y: 35, width: 100, height: 50))
        // A trailing slash names the same folder.
        XCTAssertEqual(try LayeredImage.load(path: stack + "/"), layered)
    }

    func testFrameSizeAloneIsCentredAndCentreAloneKeepsCanvasSize() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: [
            StackLayerFixture(name: "A", image: front, frameSize: (10, 20)),
            StackLayerFixture(name: "B", image: front, frameCenter: (0, 0)),
            StackLayerFixture(name: "C", image: back),
        ], canvas: (100, 50))
        let layered = try LayeredImage.load(path: stack)
        XCTAssertEqual(layered.layers[2].frame, PixelRect(x: 45, y: 15, width: 10, height: 20))
        XCTAssertEqual(layered.layers[1].frame, PixelRect(x: -50, y: -25, width: 100, height: 50))
    }

    func testMissingCanvasSizeDefaultsToBackgroundImage() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(frontFrame: false), canvas: nil)
        let layered = try LayeredImage.load(path: stack)
        XCTAssertEqual(layered.canvasWidth, 40)
        XCTAssertEqual(layered.canvasHeight, 24)
        XCTAssertEqual(layered.layers[2].frame, PixelRect(x: 0, y: 0, width: 40, height: 24))
    }

    func testPrefers2xAndAnyImagesetName() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(frontFrame: false), canvas: nil)
        // Replace Back's image set with "Art.imageset" listing 1x and 2x.
        let layer = "App Icon.imagestack/Back.imagestacklayer"
        try FileManager.default.removeItem(atPath: dir.file("\(layer)/Content.imageset"))
        let big = Image.asymmetric(width: 80, height: 48)
        try dir.makeDirectory("\(layer)/Art.imageset")
        try back.writePNG(path: dir.file("\(layer)/Art.imageset/small.png"))
        try big.writePNG(path: dir.file("\(layer)/Art.imageset/big.png"))
        try dir.write("\(layer)/Art.imageset/Contents.json", text: try jsonText(["images": [
            ["idiom": "tv", "scale": "1x", "filename": "small.png"],
            ["idiom": "tv", "scale": "2x", "filename": "big.png"],
            ["idiom": "tv", "scale": "3x"],
        ]]))
        let layered = try LayeredImage.load(path: stack)
        XCTAssertTrue(layered.layers[0].image == big)
        // The canvas is the background's size in points: 80x48 at 2x.
        XCTAssertEqual(layered.canvasWidth, 40)
        XCTAssertEqual(layered.canvasHeight, 24)
    }

    func testImagesOfNoRegisteredFormatAreUnsupported() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        let set = "App Icon.imagestack/Middle.imagestacklayer/Content.imageset"
        try dir.write("\(set)/Contents.json", text: try jsonText(["images": [["filename": "middle.heic", "scale": "2x"]]]))
        assertFails(stack) { error in
            guard case .unsupportedFormat = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("middle.heic"), error.description)
            XCTAssertTrue(error.description.hasSuffix("unsupported image format \"heic\" (expected PNG, JPEG or WebP)"), error.description)
        }
    }

    func testOneLayerAndSixLayersAreRefused() throws {
        for count in [0, 1, 6] {
            let dir = try TemporaryDirectory()
            let layers = (0..<count).map { StackLayerFixture(name: "L\($0)", image: back) }
            let stack = try writeImageStack(in: dir, frontFirst: layers, canvas: (40, 24))
            assertFails(stack) { error in
                XCTAssertEqual(error.kind, .layerCount(count))
                XCTAssertTrue(error.description.hasSuffix("App Icon.imagestack/Contents.json: a layered image needs 2 to 5 layers, found \(count)"),
                              error.description)
            }
        }
        for count in [2, 5] {
            let dir = try TemporaryDirectory()
            let layers = (0..<count).map { StackLayerFixture(name: "L\($0)", image: back) }
            XCTAssertEqual(try LayeredImage.load(path: writeImageStack(in: dir, frontFirst: layers, canvas: nil)).layers.count, count)
        }
    }

    /// Rewrites the top Contents.json so that the Middle layer is listed as `filename`.
    func relist(_ dir: TemporaryDirectory, middle filename: String) throws {
        try dir.write("App Icon.imagestack/Contents.json", text: try jsonText(["layers": [
            ["filename": "Front.imagestacklayer"], ["filename": filename], ["filename": "Back.imagestacklayer"],
        ]]))
    }

    func testDotDotLayerPathIsRefused() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        // A real layer folder outside the stack.
        try FileManager.default.copyItem(atPath: dir.file("App Icon.imagestack/Middle.imagestacklayer"),
                                         toPath: dir.file("Outside.imagestacklayer"))
        try relist(dir, middle: "../Outside.imagestacklayer")
        assertFails(stack) { XCTAssertEqual($0.kind, .pathEscapes("\"..\" in \"../Outside.imagestacklayer\"")) }
        try relist(dir, middle: "Middle.imagestacklayer/../../Outside.imagestacklayer")
        assertFails(stack) { guard case .pathEscapes = $0.kind else { return XCTFail("\($0)") } }
    }

    func testAbsoluteLayerPathIsRefused() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        try relist(dir, middle: dir.file("App Icon.imagestack/Middle.imagestacklayer"))
        assertFails(stack) { error in
            guard case .pathEscapes(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.hasPrefix("absolute path"), why)
            XCTAssertTrue(error.description.contains("App Icon.imagestack/Contents.json: "), error.description)
        }
    }

    func testImageFilenameEscapeIsRefused() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        try back.writePNG(path: dir.file("secret.png"))
        let set = "App Icon.imagestack/Back.imagestacklayer/Content.imageset"
        for name in ["../../../secret.png", dir.file("secret.png"), "..\\..\\..\\secret.png"] {
            try dir.write("\(set)/Contents.json", text: try jsonText(["images": [["filename": name, "scale": "1x"]]]))
            assertFails(stack) { error in
                guard case .pathEscapes = error.kind else { return XCTFail("\(error)") }
                XCTAssertTrue(error.description.contains("Content.imageset/Contents.json: "), error.description)
            }
        }
    }

    func testSymlinkEscapesAreRefusedAndInternalSymlinksAllowed() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        let fm = FileManager.default
        let layer = dir.file("App Icon.imagestack/Middle.imagestacklayer")
        // 1. The layer folder is a link to a copy outside the stack.
        try fm.moveItem(atPath: layer, toPath: dir.file("Elsewhere.imagestacklayer"))
        try fm.createSymbolicLink(atPath: layer, withDestinationPath: dir.file("Elsewhere.imagestacklayer"))
        assertFails(stack) { error in
            guard case .pathEscapes(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("resolves outside the stack folder"), why)
            XCTAssertTrue(error.description.contains("Middle.imagestacklayer"), error.description)
        }
        // 2. A relative link that stays inside is fine.
        try fm.removeItem(atPath: layer)
        try fm.moveItem(atPath: dir.file("Elsewhere.imagestacklayer"), toPath: dir.file("App Icon.imagestack/Real.imagestacklayer"))
        try fm.createSymbolicLink(atPath: layer, withDestinationPath: "Real.imagestacklayer")
        XCTAssertEqual(try LayeredImage.load(path: stack).layers[1].name, "Middle")
        // 3. The PNG itself is a link to a file outside.
        let png = dir.file("App Icon.imagestack/Back.imagestacklayer/Content.imageset/Back.png")
        try fm.moveItem(atPath: png, toPath: dir.file("outside.png"))
        try fm.createSymbolicLink(atPath: png, withDestinationPath: "../../../outside.png")
        assertFails(stack) { error in
            guard case .pathEscapes = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("Back.png"), error.description)
        }
    }

    func testMalformedJSONNamesTheFileAndPlace() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        let layerJSON = "App Icon.imagestack/Front.imagestacklayer/Contents.json"
        try dir.write(layerJSON, text: #"{"properties": {"frame-size": "big"}}"#)
        assertFails(stack) { error in
            XCTAssertEqual(error.kind, .malformedJSON("expected object at \"properties.frame-size\", found string"))
            XCTAssertTrue(error.description.hasSuffix(
                "App Icon.imagestack/Front.imagestacklayer/Contents.json: expected object at \"properties.frame-size\", found string"),
                error.description)
        }
        try dir.write(layerJSON, text: #"{"properties": {"frame-size": {"width": 10}}}"#)
        assertFails(stack) { XCTAssertEqual($0.kind, .malformedJSON("missing key \"height\" at \"properties.frame-size\"")) }
        try dir.write(layerJSON, text: #"{"properties": {"frame-center": {"x": true, "y": 1}}}"#)
        assertFails(stack) { XCTAssertEqual($0.kind, .malformedJSON("expected number at \"properties.frame-center.x\", found boolean")) }
        try dir.write(layerJSON, text: "{}")
        XCTAssertNoThrow(try LayeredImage.load(path: stack))

        try dir.write("App Icon.imagestack/Contents.json", text: #"{"layers": [{"filename": "Front.imagestacklayer"}, "#)
        assertFails(stack) { error in
            guard case .malformedJSON(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.hasPrefix("not valid JSON"), why)
            XCTAssertTrue(error.description.contains("App Icon.imagestack/Contents.json: "), error.description)
        }
        try dir.write("App Icon.imagestack/Contents.json", text: #"{"layers": [{"filename": 3}, {}]}"#)
        assertFails(stack) { XCTAssertEqual($0.kind, .malformedJSON("expected string at \"layers[0].filename\", found number")) }
        try dir.write("App Icon.imagestack/Contents.json", text: #"[1, 2]"#)
        assertFails(stack) { XCTAssertEqual($0.kind, .malformedJSON("expected object at the top level, found array")) }
        try dir.write("App Icon.imagestack/Contents.json", text: #"{"layers": [{"filename": "A"}, {"filename": "B"}], "properties": {"canvasSize": {"width": -4, "height": 3}}}"#)
        assertFails(stack) { guard case .malformedJSON = $0.kind else { return XCTFail("\($0)") } }
    }

    func testMissingPiecesAreNamed() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        try FileManager.default.removeItem(atPath: dir.file("App Icon.imagestack/Middle.imagestacklayer"))
        assertFails(stack) { error in
            XCTAssertEqual(error.kind, .noSuchFile)
            XCTAssertTrue(error.description.hasSuffix("App Icon.imagestack/Middle.imagestacklayer: no such file"), error.description)
        }
        try FileManager.default.removeItem(atPath: dir.file("App Icon.imagestack/Contents.json"))
        assertFails(stack) { XCTAssertTrue($0.description.hasSuffix("App Icon.imagestack/Contents.json: no such file"), $0.description) }
        assertFails(dir.file("nothing.imagestack")) { XCTAssertEqual($0.kind, .noSuchFile) }
        assertFails(try dir.write("notes.txt", text: "hello")) { guard case .wrongFileType = $0.kind else { return XCTFail("\($0)") } }
    }

    func testBrokenLayerPNGIsNamedInsideTheStack() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: threeLayers(), canvas: (400, 240))
        let png = "App Icon.imagestack/Front.imagestacklayer/Content.imageset/Front.png"
        try dir.write(png, text: "not a png")
        assertFails(stack) { error in
            // Layers may be PNG or JPEG (chosen by signature): the error names both.
            XCTAssertEqual(error.kind, .unknownFormat)
            XCTAssertTrue(error.description.hasSuffix("\(png): not a PNG, JPEG or WebP file (signature mismatch)"), error.description)
        }
        // The canvas is checked first (every layer is placed on a canvas-sized image).
        try dir.write(png, bytes: pngHeaderOnly(width: 100, height: 100))
        assertFails(stack, limits: ImageLimits(maxDimension: 64)) {
            XCTAssertEqual($0.kind, .exceedsDimension(width: 400, height: 240, limit: 64))
            XCTAssertTrue($0.description.hasPrefix("\(stack)/Contents.json: "), $0.description)
        }
        try writeImageStack(in: dir, frontFirst: threeLayers(frontFrame: false), canvas: (40, 24))
        try dir.write(png, bytes: pngHeaderOnly(width: 100, height: 100))
        assertFails(stack, limits: ImageLimits(maxDimension: 64)) {
            XCTAssertEqual($0.kind, .exceedsDimension(width: 100, height: 100, limit: 64))
        }
    }

    func testPlainPNGListIsBottomFirst() throws {
        let dir = try TemporaryDirectory()
        try back.writePNG(path: dir.file("bg.png"))
        try front.writePNG(path: dir.file("fg.png"))
        let layered = try LayeredImage(pngPaths: [dir.file("bg.png"), dir.file("fg.png")])
        XCTAssertEqual(layered.canvasWidth, 40)
        XCTAssertEqual(layered.canvasHeight, 24)
        XCTAssertEqual(layered.layers.map(\.name), ["bg", "fg"])
        XCTAssertEqual(layered.layers[1].frame, PixelRect(x: 0, y: 0, width: 40, height: 24))
        XCTAssertTrue(layered.layers[1].image == front)
        XCTAssertThrowsError(try LayeredImage(pngPaths: []))
        XCTAssertThrowsError(try LayeredImage(pngPaths: [dir.file("bg.png"), dir.file("gone.png")])) {
            XCTAssertTrue("\($0)".hasSuffix("gone.png: no such file"), "\($0)")
        }
    }
}
