import XCTest
@testable import Images
import _TestSupport

/// The area filter against its definition, computed here in floating point: each output
/// pixel is the mean of the source rectangle it covers, partial pixels weighted by the part
/// covered. The resampler's fixed point (weights in 1/4096ths, rows kept at 1/256) may round
/// to the neighbouring level, never further.
final class AreaResamplerTests: XCTestCase {
    func reference(_ image: Image, x0: Int, y0: Int, width sw: Int, height sh: Int, toWidth dw: Int, toHeight dh: Int) -> [Double] {
        let sx = Double(sw) / Double(dw), sy = Double(sh) / Double(dh)
        func overlap(_ a: Double, _ b: Double, _ j: Int) -> Double { max(0, min(b, Double(j + 1)) - max(a, Double(j))) }
        var out: [Double] = []
        for oy in 0..<dh { for ox in 0..<dw {
            let ax = Double(ox) * sx, bx = Double(ox + 1) * sx, ay = Double(oy) * sy, by = Double(oy + 1) * sy
            var sum = [Double](repeating: 0, count: 4)
            for j in Int(ay)..<min(sh, Int(by.rounded(.up))) {
                let wy = overlap(ay, by, j)
                for i in Int(ax)..<min(sw, Int(bx.rounded(.up))) {
                    let w = wy * overlap(ax, bx, i)
                    let p = ((y0 + j) * image.width + x0 + i) * 4
                    for c in 0..<4 { sum[c] += w * Double(image.pixels[p + c]) }
                }
            }
            out += sum.map { $0 / (sx * sy) }
        } }
        return out
    }

    func testRandomSizesAndRegionsMatchTheAreaMeanWithinOneLevel() {
        var rng = SeededRandom(seed: randomTestSeed(0xA4EA))
        for _ in 0..<60 {
            let w = 1 + Int(rng.next() % 48), h = 1 + Int(rng.next() % 48)
            var image = Image(width: w, height: h)
            for i in image.pixels.indices { image.pixels[i] = UInt8(truncatingIfNeeded: rng.next()) }
            // A region (the aspect-fill case), then a target no larger than it.
            let rw = 1 + Int(rng.next() % UInt64(w)), rh = 1 + Int(rng.next() % UInt64(h))
            let x0 = Int(rng.next() % UInt64(w - rw + 1)), y0 = Int(rng.next() % UInt64(h - rh + 1))
            let dw = 1 + Int(rng.next() % UInt64(rw)), dh = 1 + Int(rng.next() % UInt64(rh))
            let got = AreaResampler.resample(image, x0: x0, y0: y0, width: rw, height: rh, toWidth: dw, toHeight: dh)
            let want = reference(image, x0: x0, y0: y0, width: rw, height: rh, toWidth: dw, toHeight: dh)
            XCTAssertEqual([got.width, got.height], [dw, dh])
            let worst = zip(got.pixels, want).map { abs(Double($0) - $1) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1.0, "\(rw)x\(rh) at (\(x0), \(y0)) of \(w)x\(h) to \(dw)x\(dh)")
        }
    }

    /// The last outputs' windows are moved left to keep a fixed tap count; a ramp shows
    /// any tap landing on the wrong source pixel.
    func testTheLastOutputsOfARampStayOnTheirOwnSourcePixels() {
        var ramp = Image(width: 10, height: 1)
        for i in 0..<10 { ramp.pixels[i * 4] = UInt8(i * 20); ramp.pixels[i * 4 + 3] = 255 }
        // 10 to 4: 2.5 source pixels each; the last covers [7.5, 10): (0.5 * 140 + 160 + 180) / 2.5 = 164.
        let out = AreaResampler.resample(ramp, width: 4, height: 1)
        XCTAssertEqual(stride(from: 0, to: 16, by: 4).map { out.pixels[$0] }, [16, 64, 116, 164])
    }

    func testAFlatImageStaysExactlyFlat() {
        let flat = Image(width: 37, height: 23, pixels: [UInt8](repeating: 201, count: 37 * 23 * 4))
        let out = AreaResampler.resample(flat, width: 11, height: 7)
        XCTAssertTrue(out.pixels.allSatisfy { $0 == 201 })
    }
}
