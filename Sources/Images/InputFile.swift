import Foundation
import JSON

/// Opening a file named by a user for reading, safely: the path must name a regular file.
///
/// The file is opened with `O_NONBLOCK` (so a FIFO or a device cannot block the open), then
/// `fstat` on the open descriptor decides (no race between a check and the open): a FIFO,
/// a device, a socket or a directory is refused with a message saying what it is, before a
/// single byte is read. Sizes are checked against the caller's limit before the bytes are
/// allocated, and the read stops at the limit even if the file grows meanwhile.
///
/// Does not: follow anything but the kernel's own symlink resolution (a loop is reported
/// as a loop), read special files, or cache anything.
package enum InputFile {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    /// - Parameter allowEmpty: when false (the default) an empty file is an error.
    /// - Throws: `FileError` naming `path`: no such file, not a regular file (and what it
    ///   is), empty, too large, NUL byte in the path, or the system's reason.
    package static func read(_ path: String, maxBytes: Int, allowEmpty: Bool = false) throws -> [UInt8] {
        let fd = try open(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError.system(errno, file: path, doing: "cannot read") }
        let size = Int(info.st_size)
        if size > maxBytes { throw FileError(file: path, .tooLarge(size: size, limit: maxBytes)) }
        // One byte more than expected tells a file that grew since fstat; grow up to the limit.
        var bytes = [UInt8](repeating: 0, count: min(size, maxBytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > maxBytes { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maxBytes + 1 - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.system(errno, file: path, doing: "cannot read")
            }
            if n == 0 { break }
            count += n
        }
        if count > maxBytes { throw FileError(file: path, .tooLarge(size: count, limit: maxBytes)) }
        if count == 0 && !allowEmpty { throw FileError(file: path, .empty) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Checks that `path` names a readable regular file without reading it; returns its
    /// size in bytes.
    /// - Throws: `FileError` as `read(_:maxBytes:allowEmpty:)`, except for size.
    @discardableResult
    package static func check(_ path: String) throws -> Int {
        let fd = try open(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError.system(errno, file: path, doing: "cannot read") }
        return Int(info.st_size)
    }

    /// Whether anything is at `path`, a symbolic link included even when it points nowhere
    /// or into a loop (`lstat`): a tool taking either a file or a built-in name then opens
    /// it and says what is wrong with it, instead of "no such file".
    package static func namesSomething(_ path: String) -> Bool {
        guard !path.utf8.contains(0) else { return true }   // refused by name when opened
        var info = stat()
        return FileName.withCString(path) { lstat($0, &info) } == 0
    }

    /// Opens `path` read-only and non-blocking and returns the descriptor of a regular file.
    static func open(_ path: String) throws -> Int32 {
        try refuseNUL(path)
        let fd = FileName.withCString(path) { Foundation.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else {
            let code = errno
            // A socket or an absent device cannot be opened at all: say what the path is.
            var info = stat()
            if code != ENOENT && code != ELOOP && FileName.withCString(path, { stat($0, &info) }) == 0 && info.st_mode & S_IFMT != S_IFREG {
                throw FileError(file: path, .notRegular(FileError.describe(mode: info.st_mode)))
            }
            if code == ENOENT && FileName.withCString(path, { lstat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                throw FileError(file: path, .system("cannot open: a symbolic link to a file that does not exist"))
            }
            throw FileError.system(code, file: path, doing: "cannot open")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FileError.system(code, file: path, doing: "cannot open")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileError(file: path, .notRegular(FileError.describe(mode: info.st_mode)))
        }
        // A regular file never blocks; clear the flag so reads behave as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Throws `nulByte` when `path` contains a NUL byte (C would read a shorter path).
    package static func refuseNUL(_ path: String) throws {
        if path.utf8.contains(0) { throw FileError(file: path, .nulByte) }
    }
}
