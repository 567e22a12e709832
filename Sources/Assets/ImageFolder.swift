import Foundation
import Images
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The image files a carousel's `images` string names: a folder (its files with an image
/// extension) or a glob (`posters/*.jpg`), sorted by name (byte order of the UTF-8 names,
/// as `ls` sorts in the C locale).
///
/// Lists names only: one `readdir` pass (or one `glob`), no `stat` per file, no header
/// reads, no `String` per file (`FileList`), so a folder of 100,000 posters opens in tens
/// of milliseconds. Whether a file is
/// really an image is found when it is decoded (by signature), as it comes into view.
///
/// Does NOT recurse into subfolders, follow `**`, or watch the folder for changes.
public enum ImageFolder {
    /// Extensions a folder listing keeps (case-insensitive): those of `ImageFormat.all`. A
    /// glob keeps whatever it matches.
    public static let extensions = ImageFormat.all.flatMap(\.extensions)
    /// `extensions` as bytes, compared per name without making a string.
    private static let extensionBytes = extensions.map { Array($0.utf8) }

    /// The files that `pattern` names, relative to `directory` unless absolute. With
    /// `folders`, a folder (or the folder of a glob whose wildcards are all in its last
    /// component) is read once for every pattern that names it.
    /// - Throws: a one-line reason when nothing matches or the folder cannot be read.
    public static func list(_ pattern: String, relativeTo directory: String,
                            folders: FolderListings? = nil) throws -> FileList {
        let path = pattern.hasPrefix("/") ? pattern : (directory as NSString).appendingPathComponent(pattern)
        let isGlob = pattern.contains { "*?[".contains($0) }
        var files: FileList
        if isGlob {
            let folder = (path as NSString).deletingLastPathComponent
            let last = (path as NSString).lastPathComponent
            if let folders, !folder.isEmpty, !folder.contains(where: { "*?[\\".contains($0) }), !path.hasSuffix("/") {
                files = folders.entries(of: folder)?.filter { name in
                    FileName.withCString(last) { fnmatch($0, name, FNM_PERIOD) } == 0
                } ?? FileList()
            } else {
                files = try globMatches(path)
                files.sortByName()
            }
        } else {
            try checkFolder(path)
            if let folders {
                guard let all = folders.entries(of: path) else { throw FolderError("cannot read folder \(path)") }
                files = all.filter { name in
                    name.pointee != CChar(UInt8(ascii: ".")) && hasImageExtension(UnsafeRawBufferPointer(start: name, count: strlen(name))[...])
                }
            } else {
                files = try folderEntries(path)
                files.sortByName()
            }
        }
        guard !files.isEmpty else {
            throw FolderError(isGlob ? "no files match \(path)" : "no image files (png, jpg, jpeg, webp) in \(path)")
        }
        return files
    }

    /// Starts listing the folder `pattern` names on a thread (`FolderListing`); nil for a
    /// glob (one `glob` call: use `list`).
    /// - Throws: a one-line reason when the folder does not exist or is a file.
    public static func startListing(_ pattern: String, relativeTo directory: String) throws -> FolderListing? {
        guard !pattern.contains(where: { "*?[".contains($0) }) else { return nil }
        let path = pattern.hasPrefix("/") ? pattern : (directory as NSString).appendingPathComponent(pattern)
        try checkFolder(path)
        return try FolderListing(folder: path)
    }

    /// Throws unless `path` (its own bytes, `FileName`) is a folder.
    static func checkFolder(_ path: String) throws {
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else { throw FolderError("no such folder: \(path)") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FolderError("expected a folder or a glob, found a file: \(path)") }
    }

    /// The error for a folder without image files.
    public static func noImages(in path: String) -> Error {
        FolderError("no image files (png, jpg, jpeg, webp) in \(path)")
    }

    struct FolderError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// The entries of `folder` with an image extension that are not folders or hidden.
    /// Works on the bytes of each name: no `String` per entry.
    static func folderEntries(_ folder: String) throws -> FileList {
        guard let dir = FileName.withCString(folder, { opendir($0) }) else { throw FolderError("cannot read folder \(folder)") }
        defer { closedir(dir) }
        var out = FileList(prefix: folder.hasSuffix("/") ? folder : folder + "/")
        appendEntries(of: dir, to: &out)
        return out
    }

    /// Reads the rest of `dir`, appending the names with an image extension that are not
    /// folders or hidden; `progress` is told the count every `every` names.
    static func appendEntries(of dir: OpaquePointer, to out: inout FileList, every: Int = .max,
                              progress: (Int) -> Void = { _ in }) {
        while let entry = readdir(dir) {
            if entry.pointee.d_type == UInt8(DT_DIR) { continue }
            let added = withUnsafeBytes(of: entry.pointee.d_name) { raw -> Bool in
                let name = raw.prefix(while: { $0 != 0 })
                guard let first = name.first, first != UInt8(ascii: "."), hasImageExtension(name) else { return false }
                out.append(nameBytes: name)
                return true
            }
            if added, out.count % every == 0 { progress(out.count) }
        }
    }

    /// True when `name` ends in one of `extensions` after a dot, in any case (no allocation).
    static func hasImageExtension(_ name: Slice<UnsafeRawBufferPointer>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = name[(dot + 1)...]
        return extensionBytes.contains { e in
            e.count == ext.count && zip(e, ext).allSatisfy { $0 == ($1 >= 65 && $1 <= 90 ? $1 + 32 : $1) }
        }
    }

    /// Paths matching a glob pattern (files only; `GLOB_MARK` flags folders, which are dropped).
    static func globMatches(_ pattern: String) throws -> FileList {
        var g = glob_t()
        defer { globfree(&g) }
        let rc = FileName.withCString(pattern) { glob($0, GLOB_MARK | GLOB_NOSORT, nil, &g) }
        var out = FileList()
        if rc == GLOB_NOMATCH { return out }
        guard rc == 0 else { throw FolderError("cannot expand \(pattern)") }
        for i in 0..<Int(g.gl_pathc) {
            guard let p = g.gl_pathv[i] else { continue }
            let bytes = UnsafeRawBufferPointer(start: p, count: strlen(p))
            if bytes.last != UInt8(ascii: "/") { out.append(nameBytes: bytes) }
        }
        return out
    }
}
