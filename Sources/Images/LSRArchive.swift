import Foundation
import ZIPFoundation

/// A stack stored in an `.lsr` file: a ZIP archive holding the `.imagestack` tree at
/// its root or under one top folder.
///
/// Opening it checks every member: no absolute paths, no `..`, no symbolic links, and
/// the declared uncompressed sizes must add up to at most `ImageLimits.maxArchiveBytes`.
/// Members are inflated into memory on demand, and inflation stops as soon as a member
/// produces more than it declared or the running total passes the limit.
final class LSRArchiveSource: StackSource {
    private let archive: Archive
    private let shownRoot: String
    /// Member path (relative to the stack root) to entry.
    private var files: [String: Entry] = [:]
    private var directories: Set<String> = [""]
    private let maxBytes: Int
    private var inflated = 0

    /// Most members an archive may have (a stack has about 20).
    static let maxMembers = 10_000

    init(path: String, limits: ImageLimits) throws {
        shownRoot = path
        maxBytes = limits.maxArchiveBytes
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImageError(file: path, .invalidStack("not a readable ZIP archive (\(error))"))
        }
        var all: [(String, Entry)] = []
        var total: UInt64 = 0
        var seen = Set<String>()
        for entry in archive {
            let name = entry.path
            guard all.count < LSRArchiveSource.maxMembers else {
                throw ImageError(file: path, .invalidStack("more than \(LSRArchiveSource.maxMembers) archive members"))
            }
            try StackPath.validate(name, file: path)
            if entry.type == .symlink {
                throw ImageError(file: path, .pathEscapes("member \"\(name)\" is a symbolic link"))
            }
            if name.hasPrefix("__MACOSX/") { continue }
            // Two members with one name: which one is the stack? Refuse rather than guess.
            guard seen.insert(StackPath.join(name)).inserted else {
                throw ImageError(file: path, .invalidStack("duplicate archive member \"\(name)\""))
            }
            if entry.type == .file {
                // A ZIP64 size can be up to 2^64 - 1: compare before adding.
                let size = entry.uncompressedSize
                guard size <= UInt64(maxBytes), total + size <= UInt64(maxBytes) else {
                    throw ImageError(file: path, .archiveTooLarge(limit: maxBytes))
                }
                total += size
            }
            all.append((name, entry))
        }
        // Find the stack root: the archive root or its single top folder.
        let fileNames = Set(all.filter { $0.1.type == .file }.map { StackPath.join($0.0) })
        var prefix = ""
        if !fileNames.contains("Contents.json") {
            let tops = Set(fileNames.compactMap { $0.split(separator: "/").count > 1 ? $0.split(separator: "/")[0] : nil })
            if tops.count == 1, let top = tops.first, fileNames.contains("\(top)/Contents.json") {
                prefix = "\(top)/"
            } else {
                throw ImageError(file: path, .invalidStack("no Contents.json at the archive root or under one top folder"))
            }
        }
        for (name, entry) in all {
            let normalized = StackPath.join(name)
            guard normalized.hasPrefix(prefix) else { continue }
            let relative = String(normalized.dropFirst(prefix.count))
            if entry.type == .file { files[relative] = entry } else { directories.insert(relative) }
            var parts = relative.split(separator: "/").map(String.init)
            if entry.type == .file { parts.removeLast() }
            while !parts.isEmpty {
                directories.insert(parts.joined(separator: "/"))
                parts.removeLast()
            }
        }
    }

    func displayName(_ path: String) -> String {
        path.isEmpty ? shownRoot : "\(shownRoot)/\(path)"
    }

    func isDirectory(_ path: String) throws -> Bool { directories.contains(StackPath.join(path)) }
    func isFile(_ path: String) throws -> Bool { files[StackPath.join(path)] != nil }

    func subdirectories(of path: String) throws -> [String] {
        let base = StackPath.join(path)
        let prefix = base.isEmpty ? "" : base + "/"
        return directories.compactMap { dir -> String? in
            guard dir.hasPrefix(prefix), dir.count > prefix.count else { return nil }
            let rest = dir.dropFirst(prefix.count)
            return rest.contains("/") ? nil : String(rest)
        }.sorted()
    }

    func read(_ path: String, maxBytes limit: Int) throws -> [UInt8] {
        let name = displayName(path)
        guard let entry = files[StackPath.join(path)] else {
            if try isDirectory(path) { throw ImageError(file: name, .wrongFileType("is a directory, expected a file")) }
            throw ImageError(file: name, .noSuchFile)
        }
        let declared = Int(clamping: entry.uncompressedSize)
        if declared > limit { throw ImageError(file: name, .invalidStack("member too large (\(declared) bytes, limit \(limit))")) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(declared)
        let budget = maxBytes
        var total = inflated
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                total += chunk.count
                if bytes.count + chunk.count > declared || total > budget {
                    throw ImageError(file: name, .archiveTooLarge(limit: budget))
                }
                bytes.append(contentsOf: chunk)
            }
        } catch let error as ImageError {
            throw error
        } catch {
            throw ImageError(file: name, .invalidStack("cannot extract archive member (\(error))"))
        }
        inflated = total
        if bytes.isEmpty { throw ImageError(file: name, .emptyFile) }
        return bytes
    }

    func readImage(_ path: String, limits: ImageLimits) throws -> Image {
        let bytes = try read(path, maxBytes: maxBytes)
        return try Image.decode(data: bytes, name: displayName(path), limits: limits)
    }
}
