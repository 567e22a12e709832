import Foundation
import XCTest
import Images
import _TestSupport

/// Seeded mutation fuzzing: whatever the bytes, loading either succeeds or throws an
/// `ImageError` with a one-line description; it never crashes or throws anything else.
final class StackFuzzTests: XCTestCase {
    static let interesting = Array(#"{}[]",:0123456789.-eE tnf/\x"#.utf8)

    /// One random mutation: overwrite, insert, delete a range, truncate or duplicate.
    static func mutate(_ input: [UInt8], _ rng: inout SplitMix) -> [UInt8] {
        var bytes = input
        if bytes.isEmpty { return [UInt8(truncatingIfNeeded: rng.next())] }
        let at = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 6 {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
        case 1: bytes[at] = interesting[Int(rng.next() % UInt64(interesting.count))]
        case 2: bytes.insert(interesting[Int(rng.next() % UInt64(interesting.count))], at: at)
        case 3: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(rng.next() % 8)))
        case 4: bytes.removeSubrange(at...)
        default:
            let end = min(bytes.count, at + 1 + Int(rng.next() % 16))
            bytes.insert(contentsOf: bytes[at..<end], at: Int(rng.next() % UInt64(bytes.count)))
        }
        return bytes
    }

    func testMutatedContentsJSONNeverCrashes() throws {
        let dir = try TemporaryDirectory()
        let layers = [
            StackLayerFixture(name: "Front", image: .solid(width: 4, height: 2, 9, 9, 9), frameSize: (10, 5), frameCenter: (5, 3)),
            StackLayerFixture(name: "Middle", image: .solid(width: 4, height: 2, 0, 0, 0, 0)),
            StackLayerFixture(name: "Back", image: .asymmetric(width: 6, height: 3)),
        ]
        let stack = try writeImageStack(in: dir, frontFirst: layers, canvas: (12, 6))
        XCTAssertNoThrow(try LayeredImage.load(path: stack))
        let targets = ["Contents.json", "Front.imagestacklayer/Contents.json",
                       "Back.imagestacklayer/Content.imageset/Contents.json"]
        let originals = try targets.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: stack + "/" + $0))) }
        var rng = SplitMix(seed: randomTestSeed(20_261_122))
        var outcomes = (loaded: 0, refused: 0)
        for round in 0..<300 {
            let which = round % targets.count
            var bytes = originals[which]
            for _ in 0..<(1 + Int(rng.next() % 4)) { bytes = Self.mutate(bytes, &rng) }
            for (index, original) in originals.enumerated() {
                try Data(index == which ? bytes : original).write(to: URL(fileURLWithPath: stack + "/" + targets[index]))
            }
            do {
                let layered = try LayeredImage.load(path: stack)
                XCTAssertTrue((2...5).contains(layered.layers.count))
                outcomes.loaded += 1
            } catch let error as ImageError {
                XCTAssertFalse(error.description.contains("\n"), error.description)
                XCTAssertTrue(error.description.hasPrefix(stack), "round \(round): \(error)")
                outcomes.refused += 1
            } catch {
                XCTFail("round \(round): not an ImageError: \(error)")
            }
        }
        // The mutations must exercise both outcomes to mean anything.
        XCTAssertGreaterThan(outcomes.loaded, 5)
        XCTAssertGreaterThan(outcomes.refused, 100)
    }

    func testMutatedPNGBytesNeverCrash() throws {
        let good = try Image.asymmetric(width: 9, height: 5).encodePNG()
        var rng = SplitMix(seed: randomTestSeed(42))
        for round in 0..<300 {
            var bytes = good
            for _ in 0..<(1 + Int(rng.next() % 3)) { bytes = Self.mutate(bytes, &rng) }
            do {
                let image = try Image.decodePNG(data: bytes, name: "fuzz.png", limits: ImageLimits(maxDimension: 4096, maxPixels: 1 << 20))
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
            } catch let error as ImageError {
                XCTAssertTrue(error.description.hasPrefix("fuzz.png: "), "round \(round): \(error)")
            } catch {
                XCTFail("round \(round): not an ImageError: \(error)")
            }
        }
    }
}
