import Foundation
import Layers
import XCTest

/// The class "time budgets for legal input", animations: 90,000 keyed animations on one
/// layer took 16.3 s, each add scanning the whole list for its key.
final class HostileAnimationCountTests: XCTestCase {
    /// 90,000 distinct keys added, then every one replaced, then every one removed: linear
    /// work, well under the 10 s budget (about 0.5 s in a debug build).
    func testNinetyThousandKeyedAnimationsAreLinear() {
        let layer = Layer()
        let start = Date()
        for i in 0..<90_000 {
            layer.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "k\(i)")
        }
        for i in 0..<90_000 {
            layer.add(.basic(.opacity, from: .scalar(1), to: .scalar(0), duration: 2), forKey: "k\(i)")
        }
        XCTAssertEqual(layer.animationKeys().count, 90_000)
        XCTAssertEqual(layer.animation(forKey: "k123")?.timing.duration, 2)
        for i in 0..<90_000 { layer.removeAnimation(forKey: "k\(i)") }
        XCTAssertFalse(layer.hasAnimations)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    /// Replacing a key moves its animation to the end (the last added wins), as
    /// CALayer's add(_:forKey:) removes the old one first: "a" set twice, "b" in between.
    func testReplacingAKeyMovesItLast() {
        let layer = Layer()
        layer.add(.basic(.opacity, from: .scalar(0.1), to: .scalar(0.1), duration: 10), forKey: "a")
        layer.add(.basic(.opacity, from: .scalar(0.2), to: .scalar(0.2), duration: 10), forKey: "b")
        layer.add(.basic(.opacity, from: .scalar(0.3), to: .scalar(0.3), duration: 10), forKey: "a")
        XCTAssertEqual(layer.animationKeys(), ["b", "a"])
        layer.advanceAnimations(to: 1)
        XCTAssertEqual(layer.presentation().opacity, 0.3, accuracy: 1e-12)
        layer.removeAnimation(forKey: "a")
        XCTAssertEqual(layer.presentation().opacity, 0.2, accuracy: 1e-12)
    }
}
