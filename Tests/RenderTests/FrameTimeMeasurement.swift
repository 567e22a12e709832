import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Prints llvmpipe frame times when RENDER_BENCH=1 (skipped otherwise; never a pass/fail
/// criterion: timings belong in parallax-bench).
final class FrameTimeMeasurement: XCTestCase {
    func testPrintFullScreenQuadFrameTimes() throws {
        guard ProcessInfo.processInfo.environment["RENDER_BENCH"] != nil else { throw XCTSkip("set RENDER_BENCH=1") }
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 5001, width: 512, height: 512, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 512, height: 512) { x, y in (UInt8(x & 255), UInt8(y & 255), 128, 255) }
        let canvas = Size(1920, 1080)
        func layer(_ alpha: Double = 1) -> Layer {
            let l = Layer(name: "full", bounds: canvas, position: Point(960, 540))
            l.contents = .image(ref)
            l.opacity = alpha
            return l
        }
        let tilted = layer()
        tilted.transform = .rotation(0.01, 0, 0, 1)
        let cases: [(String, [Layer], Int, Bool)] = [
            ("1 pixel-aligned textured quad (AA skipped)", [layer()], 0, true),
            ("1 slightly rotated textured quad, shader AA", [tilted], 0, true),
            ("1 textured quad, no AA", [layer()], 0, false),
            ("10 blended quads, shader AA", (0..<10).map { _ in layer(0.5) }, 0, true),
            ("1 textured quad, 4x MSAA + resolve", [layer()], 4, false),
        ]
        var flattener = Flattener()
        var list = RenderList()
        for (name, layers, samples, aa) in cases {
            let fb = try Framebuffer(width: 1920, height: 1080, samples: samples)
            h.renderer.antialias = aa
            flattener.flatten(layers, canvas: canvas, into: &list)
            var best = Double.infinity
            for _ in 0..<8 {
                let t0 = Date()
                h.renderer.render(list, into: .framebuffer(fb), images: h.images, background: .black)
                fb.resolve()
                h.renderer.finish()
                best = min(best, Date().timeIntervalSince(t0) * 1000)
            }
            print(String(format: "BENCH 1920x1080 %@: best of 8 %.2f ms (%.0f Mpixel drawn)", name, best,
                         h.renderer.stats.pixelsDrawn / 1e6))
        }
        h.renderer.antialias = true
    }
}
