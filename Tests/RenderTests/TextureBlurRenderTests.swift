import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// An image its source asks to blur (`ImageSource.textureBlur`, a shadow's shape) is blurred
/// once on the GPU when its texture is made: a separable Gaussian whose taps reach 3 standard
/// deviations, weights summing to 1, outside the image clear. Values worked out by hand for a
/// standard deviation of 2: taps -6...6, weights e^(-k^2 / 8) / 5.008122.
final class TextureBlurRenderTests: XCTestCase {
    /// Image ids of this file (the harness's texture cache outlives a test).
    private static var nextID = 36300

    /// A 21 x 21 image, clear but for white column 10, drawn 1:1 over black.
    private func blurredLine(blur: Double) throws -> Image {
        let h = try RenderHarness.shared()
        Self.nextID += 1
        let ref = ImageRef(id: Self.nextID, width: 21, height: 21)
        h.images.images[ref.id] = makeImage(width: 21, height: 21) { x, _ in x == 10 ? (255, 255, 255, 255) : (0, 0, 0, 0) }
        h.images.blurs[ref.id] = blur
        let l = Layer(name: "line")
        l.frame = Rect(x: 0, y: 0, width: 21, height: 21)
        l.contents = .image(ref)
        return try h.render([l], canvas: Size(21, 21), background: .black, dump: "texture-blur")
    }

    /// Across the line on the middle row (every vertical tap inside the image, so the second
    /// pass keeps the first's values): 255 x the weights, 50.92 at the line, 44.94 one texel
    /// off, 16.53 three off, 0.56 six off, nothing seven off.
    func testLineSpreadsByTheNormalisedGaussian() throws {
        let image = try blurredLine(blur: 2)
        let sum = (-6...6).reduce(0.0) { $0 + exp(-Double($1 * $1) / 8) }
        XCTAssertEqual(sum, 5.008122, accuracy: 1e-6)
        for (offset, want) in [(0, 50.92), (1, 44.94), (3, 16.53), (6, 0.56), (7, 0.0)] {
            for x in [10 - offset, 10 + offset] {
                XCTAssertEqual(Double(image.pixel(x, 10).r), want, accuracy: 1.5, "x \(x)")
            }
        }
    }

    /// The blur also runs down the image: near the top edge, where half the vertical taps
    /// fall outside (clear), the line's centre keeps the weights of rows 0...6 only:
    /// 50.92 x (1 + 0.8825 + 0.6065 + 0.3247 + 0.1353 + 0.0439 + 0.0111) / 5.008122 = 30.5.
    func testOutsideTheImageCountsAsClear() throws {
        let image = try blurredLine(blur: 2)
        XCTAssertEqual(Double(image.pixel(10, 0).r), 30.5, accuracy: 1.5)
    }

    /// No blur asked: the line stays one texel wide.
    func testUnblurredImageStaysSharp() throws {
        let image = try blurredLine(blur: 0)
        XCTAssertEqual(image.pixel(10, 10).r, 255)
        XCTAssertEqual(image.pixel(9, 10).r, 0)
    }
}
