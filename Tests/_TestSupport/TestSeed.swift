import Foundation

/// The seed of a random test, printed (so the log of a failing run names it) and
/// overridable: `PARALLAX_TEST_SEED` (decimal or `0x` hex), when set, replaces the
/// test's own fixed `seed` to replay or vary a run, e.g.
/// `PARALLAX_TEST_SEED=0x5eed swift test --filter testName`.
///
/// Does not: pick seeds at random by itself (a run without the variable always uses
/// the fixed seed, so the suite is deterministic).
public func randomTestSeed(_ seed: UInt64, _ test: String = #function) -> UInt64 {
    var value = seed
    if let text = ProcessInfo.processInfo.environment["PARALLAX_TEST_SEED"]?.lowercased(), !text.isEmpty {
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        if let parsed { value = parsed }
    }
    print("\(test): random seed 0x\(String(value, radix: 16)) (replay with PARALLAX_TEST_SEED=0x\(String(value, radix: 16)))")
    return value
}
