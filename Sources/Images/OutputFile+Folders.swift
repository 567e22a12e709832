import Foundation
import JSON

extension OutputFile {
    /// Makes the folder `path` and any missing folders above it (an existing folder is
    /// fine).
    /// - Throws: `FileError` naming `path` and what is in the way ("/dev/null is not a
    ///   folder", "/x: permission denied"), never Foundation's error domain and code.
    package static func makeFolders(_ path: String) throws {
        // The missing folders, from the nearest existing one down (names are bytes: mkdir).
        var missing: [String] = []
        var p = path
        while !p.isEmpty && p != "/" && p != "." && !isFolder(p) {
            missing.append(p)
            p = (p as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() {
            let made = FileName.withCString(folder) { mkdir($0, 0o777) } == 0
            if !made && !isFolder(folder) {
                throw FileError(file: path, .system("cannot create the folder (\(obstacle(path)))"))
            }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return FileName.withCString(path, { stat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// What stops a folder being made at `path`: the nearest existing entry on the way.
    static func obstacle(_ path: String) -> String {
        var p = path
        while !p.isEmpty && p != "/" && p != "." {
            var info = stat()
            if FileName.withCString(p, { lstat($0, &info) }) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR: return "\(p): permission denied"
                case S_IFLNK:
                    return FileName.withCString(p, { stat($0, &info) }) == 0 ? "\(p) is not a folder" : "\(p) is a symbolic link to nothing, or a loop"
                default: return "\(p) is not a folder"
                }
            }
            p = (p as NSString).deletingLastPathComponent
        }
        return "no folder above it can be written"
    }
}
