import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The folders read while one scene loads, each read once, when first named: every row,
/// carousel or glob that names a folder (`posters`, `posters/a*.jpg`, `posters/b*.jpg`)
/// filters the same sorted listing instead of reading the folder again.
///
/// A listing holds every entry that is not a folder or a link to one (hidden ones too, for
/// a glob that asks for them), sorted by name, as one `FileList`. Does NOT notice a folder changing during
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
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) { continue }
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = raw.prefix(while: { $0 != 0 })
                // A link or an unknown type is a folder if it leads to one (as glob(3) finds).
                if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    let rc = raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) {
                        fstatat(dirfd(dir), $0, &info, 0)
                    }
                    if rc == 0 && info.st_mode & S_IFMT == S_IFDIR { return }
                }
                out.append(nameBytes: name)
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
