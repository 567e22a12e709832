import Foundation

/// Giving freed heap memory back to the system (glibc), for hosts that stream images.
///
/// Decoded posters come and go by the hundred; what glibc keeps of them once freed would
/// otherwise stay resident: each thread that allocates gets its own heap (an "arena"), a
/// block freed by another thread (the frame loop dropping a worker's mip level) goes back
/// to its arena, and free pages inside a heap are only returned by `malloc_trim`.
///
/// Does NOT: free anything the program still holds, or run by itself: `DecodeQueue` trims
/// on its worker (off the frame loop) when a `PosterShelf` has evicted images. Found with
/// `dlsym`, since Swift's Glibc module does not include `<malloc.h>`; elsewhere a no-op.
public enum HeapTrim {
    /// Heaps (arenas) glibc may use at most once `limitArenas()` ran: the main one and one
    /// more, shared by the decode workers.
    public static let maxArenas: Int32 = 2

    /// Caps glibc's arenas at `maxArenas` (`mallopt(M_ARENA_MAX)`), so decode workers do not
    /// each keep a heap of their own; true when the setting was accepted.
    @discardableResult
    public static func limitArenas() -> Bool {
        #if os(Linux)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        return unsafeBitCast(symbol, to: Mallopt.self)(-8 /* M_ARENA_MAX */, maxArenas) == 1
        #else
        return false
        #endif
    }

    /// Returns free memory of every heap to the system (`malloc_trim(0)`: the top of each
    /// heap and whole free pages inside it); true when some was returned. Walks the heaps'
    /// free lists: call it off the frame loop.
    @discardableResult
    public static func trim() -> Bool {
        #if os(Linux)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return false }
        return unsafeBitCast(symbol, to: MallocTrim.self)(0) == 1
        #else
        return false
        #endif
    }
}
