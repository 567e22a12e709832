import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import Platform
import XCTest
import _GLTestSupport
import _TestSupport

/// One renderer for the whole test process, on the process's one GL context (`HeadlessGL`).
final class RenderHarness {
    let host: GLContextHost
    let renderer: GLRenderer
    let images = DictionaryImageSource()
    private var flattener = Flattener()
    private var list = RenderList()
    private var framebuffers: [String: Framebuffer] = [:]

    private static var cached: Result<RenderHarness, Error>?

    /// The shared harness, or an error when no GL context can be created at all (see `noGLContext`).
    static func shared() throws -> RenderHarness {
        let host = try HeadlessGL.context(suite: "RenderTests")
        if cached == nil {
            cached = Result { try RenderHarness(host: host) }
        }
        return try cached!.get()
    }

    private init(host: GLContextHost) throws {
        self.host = host
        renderer = try GLRenderer()
        print("RenderTests: SDL driver \(host.driver), \(renderer.capabilities.apiName), \(renderer.glVersion), \(renderer.glRenderer), "
              + "window \(host.windowSize) drawable \(host.drawableSize), stencil \(host.stencilBits) bits")
    }

    /// Flattens `layers` over `canvas` and renders them into a `width` x `height` framebuffer; returns the pixels.
    /// `source`: where image pixels come from (default: the harness's dictionary of images).
    func render(_ layers: [Layer], canvas: Size, width: Int? = nil, height: Int? = nil, samples: Int = 0,
                background: Color = .black, dump: String? = nil, source: ImageSource? = nil) throws -> Image {
        let w = width ?? Int(canvas.width), h = height ?? Int(canvas.height)
        let key = "\(w)x\(h)x\(samples)"
        let fb: Framebuffer
        if let existing = framebuffers[key] {
            fb = existing
        } else {
            fb = try Framebuffer(width: w, height: h, samples: samples)
            framebuffers[key] = fb
        }
        flattener.flatten(layers, canvas: canvas, into: &list)
        renderer.render(list, into: .framebuffer(fb), images: source ?? images, background: background)
        let image = renderer.readPixels(fb)
        if let dump, let dir = ProcessInfo.processInfo.environment["RENDER_TESTS_DUMP"] {
            try? TinyPNG.encode(image).write(to: URL(fileURLWithPath: dir).appendingPathComponent(dump + ".png"))
        }
        return image
    }

    /// Skips the calling test on OpenGL ES, which counts no exact fragments (GL_SAMPLES_PASSED
    /// is desktop only); what the test checked before still counts.
    func requireExactSampleCounts() throws {
        guard renderer.capabilities.exactSampleCounts else {
            throw XCTSkip("exact fragment counts need desktop OpenGL (\(renderer.capabilities.apiName) has none)")
        }
    }

    /// The last render list (for tests that inspect quads or stats).
    var lastList: RenderList { list }

    /// The fragments the last render list shades into a `width` x `height` target
    /// (`GLRenderer.countShadedPixels`), hidden and fully transparent ones included.
    func shadedPixelsOfLastList(width: Int, height: Int, background: Color) throws -> Int {
        try requireExactSampleCounts()
        let fb = try Framebuffer(width: width, height: height)
        defer { fb.destroy() }
        return try renderer.countShadedPixels(list, into: .framebuffer(fb), images: images, background: background)
    }

    /// Draws `layers` whole into a kept `width` x `height` frame (`afterFirst` then sees that
    /// draw's stats), then for each of `steps`: `change(step)`, flatten, redraw only the
    /// damage into the kept frame (`checkDamage` sees the list and its damage before,
    /// `checkDamaged` the renderer's stats after), draw the whole frame into a second one,
    /// and assert the two frames' pixels are equal. Returns the last step's list.
    @discardableResult
    func assertDamagedRedrawsEqualFullRedraws(_ layers: [Layer], canvas: Size, width: Int, height: Int, background: Color,
                                              steps: ClosedRange<Int>, afterFirst: () -> Void = {},
                                              change: (Int) -> Void,
                                              checkDamage: (Int, RenderList, Rect) -> Void = { _, _, _ in },
                                              checkDamaged: (Int) -> Void = { _ in },
                                              file: StaticString = #filePath, line: UInt = #line) throws -> RenderList {
        let kept = try Framebuffer(width: width, height: height), full = try Framebuffer(width: width, height: height)
        defer { kept.destroy(); full.destroy() }
        var flattener = Flattener()
        var previous = RenderList(), list = RenderList()
        flattener.flatten(layers, canvas: canvas, into: &previous)
        renderer.render(previous, into: .framebuffer(kept), images: images, background: background)
        afterFirst()
        for step in steps {
            change(step)
            flattener.flatten(layers, canvas: canvas, into: &list)
            let damage = try XCTUnwrap(list.damage(since: previous), "step \(step)", file: file, line: line)
            checkDamage(step, list, damage)
            renderer.render(list, into: .framebuffer(kept), images: images, background: background, damage: damage)
            checkDamaged(step)
            let partial = renderer.readPixels(kept)
            renderer.render(list, into: .framebuffer(full), images: images, background: background)
            let whole = renderer.readPixels(full)
            // Not XCTAssertEqual: it would print both frames.
            XCTAssertTrue(partial == whole, "step \(step): damaged redraw differs from a full redraw "
                          + "(\(largestChannelDifference(partial.pixels, whole.pixels))/255 at most; damage \(damage))",
                          file: file, line: line)
            previous.copy(from: list)
        }
        return previous
    }
}

/// A layer filling the canvas rectangle `x, y, w, h` with colour `c` (its superlayer at the origin).
func fill(_ name: String, _ c: Color, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
    let l = Layer(name: name, bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
    l.contents = .color(c)
    return l
}

/// Pixel assertions with a tolerance per channel.
func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: (UInt8, UInt8, UInt8, UInt8), tolerance: Int = 3,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let p = image.pixel(x, y)
    let got = [p.r, p.g, p.b, p.a].map(Int.init), want = [expected.0, expected.1, expected.2, expected.3].map(Int.init)
    let ok = zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(ok, "pixel (\(x), \(y)) = \(got), expected \(want) ±\(tolerance) \(message)", file: file, line: line)
}

/// A premultiplied image from a closure giving straight RGBA per pixel.
func makeImage(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            let a = Int(c.3)
            pixels += [UInt8((Int(c.0) * a + 127) / 255), UInt8((Int(c.1) * a + 127) / 255),
                       UInt8((Int(c.2) * a + 127) / 255), c.3]
        }
    }
    return Image(width: width, height: height, pixels: pixels)
}

/// A minimal PNG writer (stored deflate blocks) for looking at test output; un-premultiplies.
enum TinyPNG {
    static func encode(_ image: Image) -> Data {
        var raw = [UInt8]()
        for y in 0..<image.height {
            raw.append(0)
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                let a = Int(p.a)
                func un(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
                raw += [un(p.r), un(p.g), un(p.b), p.a]
            }
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            z.append(i + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for v in raw { a = (a + UInt32(v)) % 65521; b = (b + a) % 65521 }
        z += be(b << 16 | a)
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be(UInt32(image.width)) + be(UInt32(image.height)) + [8, 6, 0, 0, 0])
        out += chunk("IDAT", z)
        out += chunk("IEND", [])
        return Data(out)
    }
    private static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var c: UInt32 = 0xFFFF_FFFF
        for byte in body {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return be(UInt32(data.count)) + body + be(~c)
    }
}
