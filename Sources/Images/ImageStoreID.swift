import Foundation

/// Process-unique numbers for image stores, and the list of stores that have gone away.
///
/// A store takes a number when it is made (`make()`) and gives it back when it goes away
/// (`retire(_:)`, from its `deinit`, on any thread). A texture cache calls
/// `retired(since:_:)` once per frame and deletes the textures of those stores, so a host
/// that swaps scenes (and image stores) never purges the cache by hand.
///
/// Does NOT own images or textures; numbers are never reused (2^32 - 1 stores per process).
public enum ImageStoreID {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var last: UInt32 = 0
        var retired: [UInt32] = []
    }
    private static let registry = Registry()

    /// A new store number (never 0, never given before in this process).
    public static func make() -> UInt32 {
        let r = registry
        r.lock.lock(); defer { r.lock.unlock() }
        r.last &+= 1
        if r.last == 0 { r.last = 1 }
        return r.last
    }

    /// Records that store `id` has gone away (its handles will never be drawn again).
    public static func retire(_ id: UInt32) {
        let r = registry
        r.lock.lock(); defer { r.lock.unlock() }
        r.retired.append(id)
    }

    /// Calls `body` with each store retired since `cursor` (a reader's position in the
    /// process's list of retirements, 0 at first) and moves the cursor past them. Each
    /// texture cache keeps its own cursor, so every cache sees every retirement. The list
    /// keeps 4 bytes per store ever retired.
    public static func retired(since cursor: inout Int, _ body: (UInt32) -> Void) {
        let r = registry
        r.lock.lock()
        let end = r.retired.count
        if cursor >= end { r.lock.unlock(); return }
        let ids = r.retired[cursor..<end]
        r.lock.unlock()
        cursor = end
        for id in ids { body(id) }
    }
}
