import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The folders read while one scene loads, each read once, when first named: every row,
/// carousel or glob that names a folder (`posters`, `posters/a*.jpg`, `posters/b*.jpg`)
/// filters the same sorted listing instead of reading the folder again.
///
/// A listing holds every entry that is not a folder (hidden ones too, for a glob that asks
/// for them), sorted by name, as one `FileList`. Does NOT notice a folder changing during
/// the load, or share listings between loads (a reload reads the folder again).
public final class FolderListings {
    private var listed: [String: FileList] = [:]
    private let lock = NSLock()

    public init() {}

    /// The sorted entries of `folder` that are not folders; nil when it cannot be read.
    public func entries(of folder: String) -> FileList? {
        lock.lock(); defer { lock.unlock() }
        if let known = listed[folder] { return known }
        guard let dir = FileName.withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out = FileList(prefix: folder.hasSuffix("/") ? folder : folder + "/")
        while let entry = readdir(dir) {
            if entry.pointee.d_type == UInt8(DT_DIR) { continue }
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                out.append(nameBytes: raw.prefix(while: { $0 != 0 }))
            }
        }
        out.sortByName()
        listed[folder] = out
        return out
    }

    /// Folders read so far.
    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return listed.count
    }
}
