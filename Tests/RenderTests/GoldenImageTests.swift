import Assets
import Components
import Foundation
import GLRenderer
import Images
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// Golden images of the example scenes, rendered headless the way `parallax-render` does
/// (SceneLoader → SceneDriver → Flattener → GLRenderer into a Framebuffer → readPixels,
/// analytic edge antialiasing, no MSAA) and compared with `Tests/RenderTests/Goldens/<name>.png`.
///
/// Regenerate with `scripts/update-goldens.sh` (UPDATE_GOLDENS=1), then LOOK at every PNG
/// before committing it.
final class GoldenImageTests: XCTestCase {
    /// Pixel tolerance: at most `maxChannelDiff` on at least `fraction` of the pixels, and a
    /// mean absolute channel difference below `meanAbsDiff`.
    struct Tolerance {
        var maxChannelDiff = 2
        var fraction = 0.999
        var meanAbsDiff = 0.5
    }

    static let time = 1.0

    // MARK: - Seed 002's Core Animation scenes (600x400)

    func testCARotateY45() throws { try check("ca-rotate-y45", file: "ca-rotate-y45.json") }
    func testCARotateY45Perspective() throws { try check("ca-rotate-y45-perspective", file: "ca-rotate-y45-perspective.json") }
    func testCAParentChild() throws { try check("ca-parent-child", file: "ca-parent-child.json") }
    func testCASublayerTransform() throws { try check("ca-sublayer-transform", file: "ca-sublayer-transform.json") }
    func testCABackface() throws { try check("ca-backface", file: "ca-backface.json") }
    func testCAAffineOrders() throws { try check("ca-affine-orders", file: "ca-affine-orders.json") }

    // MARK: - The cube's three presets (cube.json on a 600x400 canvas) and the scroll header at rest

    func testCubePreset1() throws { try check("cube-preset1", text: try cubeVariant(preset: 1)) }
    func testCubePreset2() throws { try check("cube-preset2", text: try cubeVariant(preset: 2)) }
    func testCubePreset3() throws { try check("cube-preset3", text: try cubeVariant(preset: 3)) }

    /// scroll-header.json (375x667) drawn at 0.6 scale so the golden stays small.
    func testScrollHeaderAtRest() throws {
        try check("scroll-header-rest", file: "scroll-header.json", size: (225, 400))
    }

    // MARK: - Geometric probes (independent of the goldens; numbers from the conventions in docs/architecture.md)

    static let background: (UInt8, UInt8, UInt8, UInt8) = (26, 26, 31, 255)   // [0.1, 0.1, 0.12]
    static let blue: (UInt8, UInt8, UInt8, UInt8) = (64, 128, 242, 255)        // [0.25, 0.5, 0.95]
    static let red: (UInt8, UInt8, UInt8, UInt8) = (242, 51, 51, 255)          // [0.95, 0.2, 0.2]

    /// 45 degrees about Y without perspective: 200 * cos 45 = 141.4 wide (x 229.3...370.7), still 200 tall.
    func testProbeRotateY45IsOnlySquashed() throws {
        let image = try Self.render(file: "ca-rotate-y45.json")
        assertPixel(image, 232, 200, Self.blue); assertPixel(image, 226, 200, Self.background)
        assertPixel(image, 368, 200, Self.blue); assertPixel(image, 374, 200, Self.background)
        assertPixel(image, 300, 102, Self.blue); assertPixel(image, 300, 97, Self.background)
        assertPixel(image, 365, 297, Self.blue, "the far edge keeps its height without perspective")
    }

    /// With perspective 500 the near (left) edge spans y 83.5...316.5, the far (right) one 112.4...287.6.
    func testProbeRotateY45PerspectiveShrinksTheFarEdge() throws {
        let image = try Self.render(file: "ca-rotate-y45-perspective.json")
        assertPixel(image, 300, 280, Self.blue)
        assertPixel(image, 222, 310, Self.blue, "near edge taller than 200")
        assertPixel(image, 355, 280, Self.blue)
        assertPixel(image, 355, 295, Self.background, "far edge shorter than 200")
        assertPixel(image, 365, 200, Self.background)
    }

    /// A single-sided layer turned by pi is not drawn; the double-sided one is mirrored (marker top right).
    func testProbeBackface() throws {
        let image = try Self.render(file: "ca-backface.json")
        assertPixel(image, 150, 200, Self.background, "back face with doubleSided = false")
        assertPixel(image, 70, 120, Self.background, "its marker is hidden with it")
        assertPixel(image, 450, 200, Self.blue)
        assertPixel(image, 530, 120, Self.red, "the mirrored marker is at the top right")
        assertPixel(image, 370, 120, Self.blue)
    }

    // MARK: - Machinery

    /// cube.json with `preset` set and the canvas cut to 600x400 (the cube's frame moved up by 87.5).
    func cubeVariant(preset: Int) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.scenePath("cube.json")))
        var root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var canvas = try XCTUnwrap(root["canvas"] as? [String: Any])
        canvas["height"] = 400
        root["canvas"] = canvas
        var components = try XCTUnwrap(root["components"] as? [[String: Any]])
        XCTAssertEqual(components.count, 1)
        components[0]["preset"] = preset
        components[0]["frame"] = [112.5, 12.5, 375, 375]
        root["components"] = components
        let out = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        return String(decoding: out, as: UTF8.self)
    }

    static func packageRoot() -> URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }

    static func scenePath(_ name: String) -> String {
        packageRoot().appendingPathComponent("Assets/scenes/\(name)").path
    }

    /// The goldens folder in the source tree (always current, and where updates go), or the
    /// copy bundled as a resource when the sources are not beside the test binary.
    static func goldensDirectory() -> URL? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
        if FileManager.default.fileExists(atPath: source.path) { return source }
        return Bundle.module.url(forResource: "Goldens", withExtension: nil)
    }

    /// Loads a scene (file or text), advances it to `time`, renders it into a fresh framebuffer
    /// with a fresh renderer (textures are keyed by per-store image ids), and reads it back.
    static func render(file: String? = nil, text: String? = nil, size: (Int, Int)? = nil,
                       time: Double = GoldenImageTests.time, events: [TimedEvent] = []) throws -> Image {
        _ = try RenderHarness.shared()   // the headless context (or the no-GL error)
        let images = ImageStore()
        let scene: Scene
        if let file {
            scene = try SceneLoader.load(path: scenePath(file), images: images)
        } else {
            scene = try SceneLoader.parse(text!, file: "golden-variant.json", directory: scenePath(""), images: images)
        }
        let driver = SceneDriver(scene: scene, events: events)
        driver.advance(to: time)
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let (w, h) = size ?? (Int(scene.canvas.width.rounded()), Int(scene.canvas.height.rounded()))
        var options = GLRenderer.Options()
        options.antialias = true   // parallax-render's default (--samples 0)
        let renderer = try GLRenderer(options: options)
        let framebuffer = try Framebuffer(width: w, height: h, samples: 0)
        defer { framebuffer.destroy() }
        renderer.render(list, into: .framebuffer(framebuffer), images: images, background: scene.background)
        let image = renderer.readPixels(framebuffer)
        XCTAssertTrue(images.loadErrors.isEmpty, "image load errors: \(images.loadErrors)")
        return image
    }

    func check(_ name: String, file: String? = nil, text: String? = nil, size: (Int, Int)? = nil,
               tolerance: Tolerance = Tolerance(), line: UInt = #line) throws {
        let actual = try Self.render(file: file, text: text, size: size)
        XCTAssertLessThanOrEqual(actual.width * actual.height, 600 * 400, "goldens stay small")
        guard let dir = Self.goldensDirectory() else {
            return XCTFail("no Goldens folder beside \(#filePath) nor in the test bundle", line: line)
        }
        let goldenURL = dir.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try actual.writePNG(path: goldenURL.path)
            print("GoldenImageTests: wrote \(goldenURL.path) (\(actual.width)x\(actual.height))")
            return
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            let path = try Self.writeActual(actual, name: name)
            return XCTFail("no golden \(goldenURL.path); actual written to \(path); "
                           + "run scripts/update-goldens.sh to create it", line: line)
        }
        let golden = try Image.read(path: goldenURL.path)
        // Compare what the PNG would hold (straight alpha), so a round trip never counts as a difference.
        let got = try Image.decodePNG(data: actual.encodePNG(), name: "actual")
        guard golden.width == got.width, golden.height == got.height else {
            let path = try Self.writeActual(actual, name: name)
            return XCTFail("\(name): size \(got.width)x\(got.height), golden \(golden.width)x\(golden.height); "
                           + "actual written to \(path)", line: line)
        }
        var over = 0, sum = 0, worst = (diff: -1, x: 0, y: 0)
        for y in 0..<got.height {
            for x in 0..<got.width {
                let a = got.pixel(x, y), b = golden.pixel(x, y)
                let d = [abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a))]
                sum += d.reduce(0, +)
                let m = d.max()!
                if m > tolerance.maxChannelDiff { over += 1 }
                if m > worst.diff { worst = (m, x, y) }
            }
        }
        let pixels = got.width * got.height
        let within = Double(pixels - over) / Double(pixels)
        let mean = Double(sum) / Double(pixels * 4)
        if within < tolerance.fraction || mean >= tolerance.meanAbsDiff {
            let path = try Self.writeActual(actual, name: name)
            let a = got.pixel(worst.x, worst.y), b = golden.pixel(worst.x, worst.y)
            XCTFail("""
                \(name): \(over) of \(pixels) pixels differ by more than \(tolerance.maxChannelDiff) \
                (\(String(format: "%.4f", within * 100))% within, need \(tolerance.fraction * 100)%), \
                mean abs diff \(String(format: "%.3f", mean)) (limit \(tolerance.meanAbsDiff)); \
                worst pixel (\(worst.x), \(worst.y)): actual \([a.r, a.g, a.b, a.a]) golden \([b.r, b.g, b.b, b.a]); \
                actual written to \(path); golden \(goldenURL.path)
                """, line: line)
        }
    }

    static func writeActual(_ image: Image, name: String) throws -> String {
        let path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("golden-\(name)-actual.png").path
        try image.writePNG(path: path)
        return path
    }
}
