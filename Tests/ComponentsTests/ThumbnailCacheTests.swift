@testable import Assets
import Foundation
import Images
import XCTest
import _TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The on-disk thumbnail cache: keys follow the file, entries survive a new cache object
/// (a second start), bad entries are never shown, writes are atomic and failures quiet,
/// and the folder stays within its byte budget by dropping the least recently used.
final class ThumbnailCacheTests: XCTestCase {
    func image(_ grey: UInt8, _ w: Int = 20, _ h: Int = 30) -> Image { Image.solid(width: w, height: h, grey, grey, grey) }

    func testASecondCacheOnTheSameFolderHitsWithTheSamePixels() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.png", bytes: try image(90).encodePNG())
        let size = DecodeSize.cover(width: 20, height: 30, crop: true)
        let first = ThumbnailCache(folder: dir.file("cache"))
        let key = try XCTUnwrap(first.key(path: file, size: size))
        XCTAssertNil(first.read(key))
        first.write(image(90), key: key)
        let second = ThumbnailCache(folder: dir.file("cache"))
        XCTAssertEqual(second.read(key)?.pixels, image(90).pixels)
        XCTAssertEqual(second.counters.hits, 1)
        // An entry is its 32-byte header and the pixels: 20 x 30 x 4 + 32 = 2432 bytes.
        XCTAssertEqual(first.counters.bytesWritten, 2432)
    }

    func testTheKeyChangesWithTheFileItsTimeAndTheShownSize() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.png", bytes: [1, 2, 3])
        let cache = ThumbnailCache(folder: dir.file("cache"))
        let a = cache.key(path: file, size: .cover(width: 20, height: 30, crop: true))
        XCTAssertNotEqual(a, cache.key(path: file, size: .cover(width: 40, height: 60, crop: true)))
        XCTAssertNotEqual(a, cache.key(path: file, size: .cover(width: 20, height: 30, crop: false)))
        var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        utimes(file, &times)
        XCTAssertNotEqual(a, cache.key(path: file, size: .cover(width: 20, height: 30, crop: true)), "modified: a miss")
        XCTAssertNil(cache.key(path: dir.file("absent.png"), size: .full))
    }

    func testACorruptEntryIsIgnoredDeletedAndRebuilt() throws {
        let dir = try TemporaryDirectory()
        let cache = ThumbnailCache(folder: dir.file("cache"))
        cache.write(image(200), key: "k")
        let path = dir.file("cache/k")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[100] ^= 0xFF                                  // one pixel byte flipped: the checksum fails
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.read("k"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        try Data(bytes.prefix(40)).write(to: URL(fileURLWithPath: path))   // truncated
        XCTAssertNil(cache.read("k"))
        XCTAssertEqual(cache.counters.corrupt, 2)
        cache.write(image(200), key: "k")
        XCTAssertEqual(cache.read("k")?.pixels, image(200).pixels)
    }

    func testAFolderThatTakesNoFilesFailsQuietly() throws {
        let dir = try TemporaryDirectory()
        try dir.write("file", bytes: [0])
        let cache = ThumbnailCache(folder: dir.file("file/cache"))     // under a file: cannot exist
        cache.write(image(1), key: "k")
        XCTAssertEqual(cache.counters.failedWrites, 1)
        XCTAssertNil(cache.read("k"))
    }

    func testLeastRecentlyUsedEntriesGoOnceOverTheBudget() throws {
        let dir = try TemporaryDirectory()
        // Entries of 2432 bytes, a budget of 3 entries: the fourth write evicts down to 90 %
        // (6566 bytes): the two least recently used go.
        let cache = ThumbnailCache(folder: dir.file("cache"), budgetBytes: 3 * 2432)
        for (k, age) in [("a", 300), ("b", 200), ("c", 100)] {
            cache.write(image(1), key: k)
            var times = [timeval(tv_sec: 1_000_000 - age, tv_usec: 0), timeval(tv_sec: 1_000_000 - age, tv_usec: 0)]
            utimes(dir.file("cache/" + k), &times)
        }
        XCTAssertNotNil(cache.read("a"))            // a hit makes "a" the most recently used
        cache.write(image(1), key: "d")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")).sorted()
        XCTAssertEqual(left, ["a", "d"])
        XCTAssertEqual(cache.counters.evicted, 2)
    }

    func testConcurrentWritersNeverLeaveAPartialEntry() throws {
        let dir = try TemporaryDirectory()
        let cache = ThumbnailCache(folder: dir.file("cache"))
        let big = image(7, 300, 300)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            if i % 2 == 0 { cache.write(big, key: "same") } else { _ = cache.read("same") }
        }
        XCTAssertEqual(cache.counters.corrupt, 0, "a reader saw a half-written entry")
        XCTAssertEqual(cache.read("same")?.pixels, big.pixels)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")).filter { $0.hasPrefix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    func testTheDefaultFolderFollowsXDGCacheHome() {
        XCTAssertEqual(ThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]),
                       "/x/cache/parallax/thumbnails")
        XCTAssertEqual(ThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.cache/parallax/thumbnails", "a relative XDG_CACHE_HOME is ignored, as the spec says")
    }
}
