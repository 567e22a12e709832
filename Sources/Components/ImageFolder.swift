import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The image files a carousel's `images` string names: a folder (its files with an image
/// extension) or a glob (`posters/*.jpg`), sorted by name (Swift string order: Unicode
/// scalar order of the canonical form, which is byte order for ASCII names).
///
/// Lists names only: one `readdir` pass (or one `glob`), no `stat` per file, no header
/// reads, so a folder of 100,000 posters opens in tens of milliseconds. Whether a file is
/// really an image is found when it is decoded (by signature), as it comes into view.
///
/// Does NOT recurse into subfolders, follow `**`, or watch the folder for changes.
public enum ImageFolder {
    /// Extensions a folder listing keeps (case-insensitive). A glob keeps whatever it matches.
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp"]

    /// The files that `pattern` names, relative to `directory` unless absolute.
    /// - Throws: a one-line reason when nothing matches or the folder cannot be read.
    public static func list(_ pattern: String, relativeTo directory: String) throws -> [String] {
        let path = pattern.hasPrefix("/") ? pattern : (directory as NSString).appendingPathComponent(pattern)
        let isGlob = pattern.contains { "*?[".contains($0) }
        var names: [String]
        if isGlob {
            names = try globMatches(path)
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw FolderError("no such folder: \(path)")
            }
            guard isDirectory.boolValue else { throw FolderError("expected a folder or a glob, found a file: \(path)") }
            names = try folderEntries(path)
        }
        names.sort()
        guard !names.isEmpty else {
            throw FolderError(isGlob ? "no files match \(path)" : "no image files (png, jpg, jpeg, webp) in \(path)")
        }
        return names
    }

    struct FolderError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// Full paths of the regular-looking entries of `folder` with an image extension.
    static func folderEntries(_ folder: String) throws -> [String] {
        guard let dir = opendir(folder) else { throw FolderError("cannot read folder \(folder)") }
        defer { closedir(dir) }
        var out: [String] = []
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix("."), entry.pointee.d_type != UInt8(DT_DIR) else { continue }
            guard let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased()) else {
                continue
            }
            out.append(prefix + name)
        }
        return out
    }

    /// Paths matching a glob pattern (files only; `GLOB_MARK` flags folders, which are dropped).
    static func globMatches(_ pattern: String) throws -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        let rc = glob(pattern, GLOB_MARK | GLOB_NOSORT, nil, &g)
        if rc == GLOB_NOMATCH { return [] }
        guard rc == 0 else { throw FolderError("cannot expand \(pattern)") }
        var out: [String] = []
        out.reserveCapacity(Int(g.gl_pathc))
        for i in 0..<Int(g.gl_pathc) {
            guard let p = g.gl_pathv[i] else { continue }
            let s = String(cString: p)
            if !s.hasSuffix("/") { out.append(s) }
        }
        return out
    }
}
