import GLRenderer
import Images
import LayerMath
import Layers
import Typography
import XCTest

/// Text through the GPU path: a text image rasterised at the target's pixel size lands
/// texel for pixel on the framebuffer (crisp, no resampling blur), at 1x and at 2x.
final class TextRenderTests: XCTestCase {
    func testTextImageIsDrawnTexelForPixelAt1xAnd2x() throws {
        let h = try RenderHarness.shared()
        for (i, scale) in [1.0, 2.0].enumerated() {
            let style = TextStyle(fontSize: 20, foregroundColor: .white, alignment: .left)
            let text = try TextImage.render("Hamburg AV fi سلام 你好", style: style, width: 300, height: 40, scale: scale)
            XCTAssertEqual([text.width, text.height], [Int(300 * scale), Int(40 * scale)])
            let ref = ImageRef(id: 4110 + i, width: text.width, height: text.height, isOpaque: false)
            h.images.images[ref.id] = text
            let layer = Layer(name: "text", bounds: Size(300, 40), position: Point(150, 20))
            layer.contents = .image(ref)
            let out = try h.render([layer], canvas: Size(300, 40), width: text.width, height: text.height,
                                   background: .black, dump: "text-\(Int(scale))x")
            // Over black, a premultiplied white texel shows as its own alpha.
            var worst = 0, inked = 0
            for y in 0..<text.height {
                for x in 0..<text.width {
                    let a = Int(text.pixel(x, y).a), r = Int(out.pixel(x, y).r)
                    worst = max(worst, abs(a - r))
                    if a == 255 { inked += 1 }
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "scale \(scale): a pixel differs from its texel by \(worst)")
            XCTAssertGreaterThan(inked, Int(100 * scale * scale), "scale \(scale): fully inked pixels (crisp stems)")
        }
    }
}
