import Foundation
import JSON

/// A private folder for a run's own scratch files, made with `mkdtemp` (a new name,
/// mode 0700, never an existing folder or a link planted there) and removed with
/// everything in it by `remove` or deinit.
///
/// The parent is `$TMPDIR` when set, else `/tmp`; it must already be a folder (it is never
/// created) and its name is used as bytes, never read as a pattern.
///
/// Does not: follow links inside the folder when removing (entries are unlinked, not
/// descended into), or outlive a SIGKILL (nothing can).
package final class TemporaryFolder {
    /// The folder's path.
    package let path: String
    private var removed = false

    /// Makes a new folder named `prefix` plus six random characters.
    /// - Throws: `FileError` naming `$TMPDIR` (or /tmp) when it is missing, not a folder,
    ///   or takes no new folder.
    package init(prefix: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var parent = environment["TMPDIR"] ?? ""
        if parent.isEmpty { parent = "/tmp" }
        try InputFile.refuseNUL(parent)
        var info = stat()
        guard FileName.withCString(parent, { stat($0, &info) }) == 0 else {
            throw FileError(file: "TMPDIR " + parent, .system("no such folder (it is not created)"))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileError(file: "TMPDIR " + parent, .system(FileError.describe(mode: info.st_mode) + ", not a folder"))
        }
        let base = parent.hasSuffix("/") ? parent : parent + "/"
        var template = FileName.bytes(base + prefix + "XXXXXX").map { CChar(bitPattern: $0) } + [0]
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError.system(errno, file: "TMPDIR " + parent, doing: "cannot make a temporary folder")
        }
        path = template.withUnsafeBufferPointer { FileName.decode(cString: $0.baseAddress!) }
    }

    /// A folder kept between runs as a cache, `name` under `$TMPDIR` (or /tmp): made with
    /// mode 0700 when missing; when present it must be a real folder (not a link) owned by
    /// this user and writable by no one else, so nobody else can plant files or links in it.
    /// - Throws: `FileError` naming the folder when it is not such a folder.
    package static func privateCache(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        var parent = environment["TMPDIR"] ?? ""
        if parent.isEmpty { parent = "/tmp" }
        let path = (parent.hasSuffix("/") ? parent : parent + "/") + name
        try InputFile.refuseNUL(path)
        if FileName.withCString(path, { mkdir($0, 0o700) }) != 0 && errno != EEXIST {
            throw FileError.system(errno, file: path, doing: "cannot make the folder")
        }
        var info = stat()
        guard FileName.withCString(path, { lstat($0, &info) }) == 0 else { throw FileError.system(errno, file: path, doing: "cannot use the folder") }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw FileError(file: path, .system("not a private folder of this user (a link, another owner's, or writable by others); remove it or name another folder"))
        }
        return path
    }

    /// The path of `name` inside the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Removes the files in the folder, then the folder. Safe to call more than once.
    package func remove() {
        guard !removed else { return }
        removed = true
        guard let dir = FileName.withCString(path, { opendir($0) }) else { _ = FileName.withCString(path) { rmdir($0) }; return }
        let fd = dirfd(dir)
        while let entry = readdir(dir) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = raw.bindMemory(to: CChar.self).baseAddress!
                if strcmp(name, ".") != 0 && strcmp(name, "..") != 0 { unlinkat(fd, name, 0) }
            }
        }
        closedir(dir)
        _ = FileName.withCString(path) { rmdir($0) }
    }

    deinit { remove() }
}
