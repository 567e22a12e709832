import Foundation
import LayerMath
import XCTest

/// Asserts two doubles are equal within `tolerance`.
public func assertClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(a - b) <= tolerance, "\(a) != \(b) (tolerance \(tolerance)) \(message)", file: file, line: line)
}

/// Asserts two points are equal within `tolerance`.
public func assertClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance,
              "\(a) != \(b) (tolerance \(tolerance)) \(message)", file: file, line: line)
}

/// Asserts every entry of two transforms is equal within `tolerance`.
public func assertClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    let x = a.entries, y = b.entries
    let worst = zip(x, y).map { abs($0 - $1) }.max() ?? 0
    XCTAssert(worst <= tolerance, "matrices differ by \(worst):\n\(a)\nvs\n\(b) \(message)", file: file, line: line)
}

/// A deterministic pseudo-random generator (SplitMix64) for property and fuzz tests.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in lo...hi on a grid of a millionth of the range (the tests' usual draw).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + Double(next() % 1_000_000) / 1_000_000 * (hi - lo)
    }
}
