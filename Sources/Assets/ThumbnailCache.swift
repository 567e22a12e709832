import Foundation
import Images
#if canImport(Glibc)
import Glibc
#endif

/// An on-disk cache of posters decoded at the size they are shown, so that a second start
/// shows real posters at once instead of placeholders (as Kodi's and Steam's art caches do).
///
/// - Key: the file's path, its size in bytes, its modification time (nanoseconds) and the
///   decode size, hashed (FNV-1a, 64 bits): an edited or replaced file misses.
/// - Entry: a 32-byte header (magic, width, height, opacity, FNV-1a checksum of the pixels)
///   and the premultiplied RGBA8 pixels. An entry whose header, length or checksum does not
///   match is ignored, deleted and rebuilt, never shown.
/// - Writes go to a temporary file in the same folder, then `rename` over the entry, so a
///   reader (of this or another process) sees a whole entry or none; a failed write (a full
///   disk, a read-only folder) is dropped and counted, never an error.
/// - Bounded in bytes: once a write takes the folder past `budgetBytes`, the least recently
///   used entries (oldest modification time; a hit touches its entry) go until 90 % remain.
///
/// Thread-safe (decode workers read and write it). Does NOT: compress, or share entries
/// between decode sizes.
public final class ThumbnailCache: @unchecked Sendable {
    /// The folder holding the entries.
    public let folder: String
    /// Most bytes kept on disk.
    public let budgetBytes: Int

    /// Counts since this cache was made.
    public struct Counters: Equatable, Sendable {
        public var hits = 0, misses = 0, writes = 0, bytesWritten = 0, failedWrites = 0, corrupt = 0, evicted = 0
    }
    public var counters: Counters { lock.lock(); defer { lock.unlock() }; return stats }

    private let lock = NSLock()
    private var stats = Counters()
    /// Bytes on disk as last counted (nil: not counted yet).
    private var diskBytes: Int?
    private static let magic: [UInt8] = Array("PXTHUMB1".utf8)
    static let headerBytes = 32

    /// The default folder: `$XDG_CACHE_HOME/parallax/thumbnails`, else `~/.cache/parallax/thumbnails`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".cache")
        return ((base as NSString).appendingPathComponent("parallax") as NSString).appendingPathComponent("thumbnails")
    }

    /// A cache in `folder` (made when missing; if it cannot be made, every write fails quietly).
    public init(folder: String = ThumbnailCache.defaultFolder(), budgetBytes: Int = 512 << 20) {
        self.folder = folder
        self.budgetBytes = max(0, budgetBytes)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The entry name of `path` decoded at `size`; nil when the file cannot be examined.
    public func key(path: String, size: DecodeSize) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) { for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 } }
        mix(path.utf8)
        let size: String = {
            switch size {
            case .full: return "full"
            case .cover(let w, let h, let crop): return "\(w)x\(h)\(crop ? "c" : "")"
            }
        }()
        mix("|\(st.st_size)|\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)|\(size)".utf8)
        return String(h, radix: 16)
    }

    /// The image cached under `key`; nil on a miss or a bad entry (deleted).
    public func read(_ key: String) -> Image? {
        let path = entryPath(key)
        guard let data = FileManager.default.contents(atPath: path) else { count { $0.misses += 1 }; return nil }
        let bytes = [UInt8](data)
        guard let image = ThumbnailCache.decodeEntry(bytes) else {
            unlink(path)
            count { $0.corrupt += 1; $0.misses += 1 }
            return nil
        }
        utimes(path, nil)                       // most recently used
        count { $0.hits += 1 }
        return image
    }

    /// Stores `image` under `key` (atomically; failures counted and dropped), then keeps
    /// the folder within the budget.
    public func write(_ image: Image, key: String) {
        let bytes = ThumbnailCache.encodeEntry(image)
        let temporary = folder + "/.tmp-" + key + "-" + String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { count { $0.failedWrites += 1 }; return }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        let closed = close(fd) == 0
        guard ok, closed, rename(temporary, entryPath(key)) == 0 else {
            unlink(temporary)
            count { $0.failedWrites += 1 }
            return
        }
        lock.lock()
        stats.writes += 1
        stats.bytesWritten += bytes.count
        // Counted once (the new entry included), then kept up to date; `evict` recounts.
        let total = diskBytes.map { $0 + bytes.count } ?? countDiskBytes()
        diskBytes = total
        lock.unlock()
        if total > budgetBytes { evict() }
    }

    /// Deletes least recently used entries until 90 % of the budget remains.
    public func evict() {
        lock.lock(); defer { lock.unlock() }
        var entries: [(path: String, bytes: Int, used: Double)] = []
        var total = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            var st = stat()
            let path = folder + "/" + name
            guard stat(path, &st) == 0 else { continue }
            entries.append((path, Int(st.st_size), Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) * 1e-9))
            total += Int(st.st_size)
        }
        entries.sort { $0.used < $1.used }
        let goal = budgetBytes / 10 * 9
        for e in entries where total > goal {
            if unlink(e.path) == 0 || errno == ENOENT { total -= e.bytes }   // another process may have taken it
            stats.evicted += 1
        }
        diskBytes = total
    }

    /// `path` at `size` from `cache` when it has it, else `decode()`, stored in `cache`.
    public static func decode(_ path: String, size: DecodeSize, cache: ThumbnailCache?,
                              _ decode: () throws -> Image) rethrows -> Image {
        guard let cache, let key = cache.key(path: path, size: size) else { return try decode() }
        if let image = cache.read(key) { return image }
        let image = try decode()
        cache.write(image, key: key)
        return image
    }

    private func entryPath(_ key: String) -> String { folder + "/" + key }

    private func count(_ body: (inout Counters) -> Void) {
        lock.lock(); body(&stats); lock.unlock()
    }

    /// Bytes of the entries on disk now (caller holds the lock).
    private func countDiskBytes() -> Int {
        var total = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            var st = stat()
            if stat(folder + "/" + name, &st) == 0 { total += Int(st.st_size) }
        }
        return total
    }

    static func checksum(_ pixels: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in pixels { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// The entry's bytes: magic, width, height (UInt32 LE), opaque flag, 3 spare bytes,
    /// checksum (UInt64 LE), 4 spare bytes, pixels.
    static func encodeEntry(_ image: Image) -> [UInt8] {
        var out = magic
        out.reserveCapacity(headerBytes + image.pixels.count)
        func le<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        le(UInt32(image.width)); le(UInt32(image.height))
        out.append(image.isOpaque ? 1 : 0); out.append(contentsOf: [0, 0, 0])
        le(checksum(image.pixels)); out.append(contentsOf: [0, 0, 0, 0])
        out.append(contentsOf: image.pixels)
        return out
    }

    /// The image of an entry, nil when anything does not match.
    static func decodeEntry(_ bytes: [UInt8]) -> Image? {
        guard bytes.count >= headerBytes, Array(bytes[0..<8]) == magic else { return nil }
        func le32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let w = le32(8), h = le32(12)
        guard w > 0, h > 0, w <= 16384, h <= 16384, bytes.count == headerBytes + w * h * 4 else { return nil }
        var sum: UInt64 = 0
        for k in 0..<8 { sum |= UInt64(bytes[20 + k]) << (8 * UInt64(k)) }
        let pixels = Array(bytes[headerBytes...])
        guard checksum(pixels) == sum else { return nil }
        return Image(width: w, height: h, pixels: pixels)
    }
}
