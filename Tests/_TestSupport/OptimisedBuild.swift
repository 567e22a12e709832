import Foundation
import XCTest

/// Called first by a test that counts heap allocations: those counts mean something only
/// in an optimised build (unoptimised code instantiates generic metadata on the fly).
/// In a debug build it throws an `XCTSkip`, or, when `PARALLAX_REQUIRE_RELEASE_TESTS=1`
/// (`scripts/test.sh` sets it for its release run), an error that fails the test.
public func requireOptimisedBuild(file: StaticString = #filePath, line: UInt = #line) throws {
    #if DEBUG
    let how = "allocation counts need an optimised build: swift test -c release -Xswiftc -enable-testing --filter AllocationTests"
    if ProcessInfo.processInfo.environment["PARALLAX_REQUIRE_RELEASE_TESTS"] == "1" {
        throw NotOptimised(description: how)
    }
    throw XCTSkip(how, file: file, line: line)
    #endif
}

/// An allocation test ran in a debug build where it was required to run.
public struct NotOptimised: Error, CustomStringConvertible {
    public let description: String
}
