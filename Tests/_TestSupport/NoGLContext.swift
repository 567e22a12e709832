import Foundation
import XCTest

/// What a test that needs GL throws when no GL context can be made: the error itself, so
/// the test fails, unless `PARALLAX_ALLOW_NO_GL=1` is set, and then an `XCTSkip`.
///
/// Only a developer's machine without GL may set the variable; CI (`scripts/test.sh`)
/// never does, so a machine that cannot render fails the suite instead of passing it.
public func noGLContext(_ error: Error, suite: String) -> Error {
    let reason = "no GL context: \(error)"
    guard ProcessInfo.processInfo.environment["PARALLAX_ALLOW_NO_GL"] == "1" else {
        print("\(suite) failed: \(reason) (PARALLAX_ALLOW_NO_GL=1 turns this into a skip)")
        return NoGLContext(description: "\(reason) (a test that needs GL fails without it)")
    }
    print("\(suite) skipped: \(reason) (PARALLAX_ALLOW_NO_GL=1)")
    return XCTSkip(reason)
}

/// No GL context could be made for a test that needs one.
public struct NoGLContext: Error, CustomStringConvertible {
    public let description: String
}
