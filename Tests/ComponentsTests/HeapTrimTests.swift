@testable import Assets
import Foundation
import XCTest

/// `HeapTrim`: freed heap memory goes back to the system.
final class HeapTrimTests: XCTestCase {
    /// Anonymous resident memory of this process in bytes (/proc/self/status).
    func anonymousBytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1024
        }
        return 0
    }

    /// 1,024 blocks of 64 KB (below glibc's mmap threshold: they come from the heap), each
    /// written, then every other one freed: 32 MB of holes the heap keeps (the blocks
    /// between them stop it from shrinking at its top). A trim gives back their whole
    /// pages: at least half of the 32 MB leaves the resident set.
    func testTrimReturnsFreePagesInsideTheHeap() throws {
        #if os(Linux)
        let size = 64 << 10
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<1024 {
            let p = try XCTUnwrap(malloc(size))
            memset(p, 0x5A, size)
            blocks.append(p)
        }
        for i in stride(from: 0, to: blocks.count, by: 2) { free(blocks[i]) }
        let before = anonymousBytes()
        XCTAssertTrue(HeapTrim.trim(), "nothing was returned")
        let after = anonymousBytes()
        XCTAssertGreaterThan(before - after, 16 << 20, "resident before \(before >> 20) MB, after \(after >> 20) MB")
        for i in stride(from: 1, to: blocks.count, by: 2) { free(blocks[i]) }
        #else
        throw XCTSkip("glibc only")
        #endif
    }

    func testArenaLimitIsAccepted() throws {
        #if os(Linux)
        XCTAssertTrue(HeapTrim.limitArenas())
        #else
        throw XCTSkip("glibc only")
        #endif
    }
}
