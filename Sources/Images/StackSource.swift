import Foundation
import JSON

/// Where the files of an image stack come from: a folder or a ZIP archive. Paths are
/// relative to the stack root, `/`-separated, already checked by `StackPath.validate`.
protocol StackSource {
    /// The name shown in errors for the member `path` (`""` names the stack itself).
    func displayName(_ path: String) -> String
    /// True when `path` exists and is a folder. Throws when it resolves outside the stack.
    func isDirectory(_ path: String) throws -> Bool
    /// True when `path` exists and is a file. Throws when it resolves outside the stack.
    func isFile(_ path: String) throws -> Bool
    /// Names of the folders directly inside `path`, sorted.
    func subdirectories(of path: String) throws -> [String]
    /// The bytes of the file `path`, at most `maxBytes` of them.
    func read(_ path: String, maxBytes: Int) throws -> [UInt8]
    /// Decodes the image file `path` (PNG or JPEG, chosen by signature).
    func readImage(_ path: String, limits: ImageLimits) throws -> Image
}

/// Largest JSON file a stack may contain.
let maxStackJSONBytes = 1 << 20

/// A stack stored as a folder (`.imagestack`). Every access resolves symbolic links
/// and refuses targets outside the folder.
struct FolderStackSource: StackSource {
    let root: String
    let shownRoot: String
    private let resolvedRoot: String

    init(path: String) throws {
        var shown = path
        while shown.count > 1 && shown.hasSuffix("/") { shown.removeLast() }
        shownRoot = shown
        root = path
        guard let real = FolderStackSource.realPath(path) else {
            throw ImageError(file: shown, FileError.system(errno, file: shown, doing: "cannot open"))
        }
        resolvedRoot = real
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.decode(cString: resolved)
    }

    func displayName(_ path: String) -> String {
        path.isEmpty ? shownRoot : "\(shownRoot)/\(path)"
    }

    /// The resolved absolute path of `path`, nil when it does not exist.
    private func resolve(_ path: String) throws -> String? {
        guard let real = FolderStackSource.realPath(root + "/" + path) else {
            if errno == ELOOP || errno == EACCES {
                throw ImageError(file: displayName(path), FileError.system(errno, file: path, doing: "cannot open"))
            }
            return nil
        }
        let base = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
        guard real == resolvedRoot || real.hasPrefix(base) else {
            throw ImageError(file: displayName(path), .pathEscapes("resolves outside the stack folder (to \(real))"))
        }
        return real
    }

    private func kind(_ path: String) throws -> Bool? {
        guard let real = try resolve(path) else { return nil }
        var info = stat()
        guard FileName.withCString(real, { stat($0, &info) }) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    func isDirectory(_ path: String) throws -> Bool { try kind(path) == true }
    func isFile(_ path: String) throws -> Bool { try kind(path) == false }

    func subdirectories(of path: String) throws -> [String] {
        guard let real = try resolve(path) else { throw ImageError(file: displayName(path), .noSuchFile) }
        return try FolderNames.list(real).sorted().filter { try isDirectory(StackPath.join(path, $0)) }
    }

    func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let name = displayName(path)
        guard let real = try resolve(path) else { throw ImageError(file: name, .noSuchFile) }
        do {
            return try InputFile.read(real, maxBytes: maxBytes)
        } catch let error as FileError {
            if case .tooLarge(let size, let limit) = error.kind {
                throw ImageError(file: name, .invalidStack("file too large (\(size) bytes, limit \(limit))"))
            }
            if case .notRegular = error.kind, error.reason.hasPrefix("is a directory") {
                throw ImageError(file: name, .wrongFileType("is a directory, expected a file"))
            }
            throw ImageError(file: name, error)
        }
    }

    func readImage(_ path: String, limits: ImageLimits) throws -> Image {
        let name = displayName(path)
        guard let real = try resolve(path) else { throw ImageError(file: name, .noSuchFile) }
        return try Image.decode(path: real, name: name, limits: limits)
    }
}

/// The entry names of a folder (without "." and ".."), each with its own bytes
/// (`FileName`); empty when the folder cannot be read.
enum FolderNames {
    static func list(_ folder: String) -> [String] {
        guard let dir = FileName.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { FileName.decode($0.prefix(while: { $0 != 0 })) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

