import Foundation
import JSON

/// Writing a file named by a user without ever losing what was there.
///
/// - A regular file (new, or existing, also behind a symbolic link) is written to a
///   temporary file in the same folder, flushed to disk (`fsync`) and renamed over the
///   target in one step: a reader sees the old file or the whole new one, never a part. The
///   link stays a link (the file it points to is replaced), an existing file keeps its
///   permission bits.
/// - Anything else (`/dev/null`, `/dev/stdout`, a terminal, a FIFO with a reader) is written
///   through: opened without creating or truncating, never replaced by a regular file.
///   `/dev/stdout` and `/dev/stderr` write to this process's descriptors 1 and 2.
/// - On any failure (full disk, I/O error, a FIFO without a reader, an abandoned stream)
///   the temporary file is removed and the target is left exactly as it was.
///
/// Does not: create folders, follow a path into `/proc` other than through the kernel, or
/// keep anything in memory beyond what the caller passes to `write`.
package final class OutputFile {
    /// The path as the caller named it (for errors).
    package let path: String
    private var fd: Int32
    /// The temporary file renamed onto `target` by `commit`; nil when writing through.
    private var temporary: String?
    private let target: String
    private let ownsDescriptor: Bool
    private var mode: mode_t?
    private var failure: FileError?
    /// A streamed regular file not opened yet (see `init(path:streaming:)`).
    private var pendingStream = false
    /// The temporary file is complete on disk and closed (`seal`); only the rename is left.
    private var sealed = false

    /// Writes `bytes` to `path` as described above, in one call.
    /// - Throws: `FileError` naming `path`; the target is then unchanged.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes UTF-8 `text` to `path` (see `write(_:to:)`).
    package static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Opens `path` for writing: a temporary file beside a regular target, or the target
    /// itself when it is not a regular file. Nothing at `path` changes until `commit`.
    /// - Throws: `FileError` naming `path` (a directory, a FIFO without a reader, a
    ///   missing folder, permission denied, a NUL byte).
    /// - Parameter streaming: for a live log that a reader follows line by line: a regular
    ///   file is created or truncated at the first write (or at `commit`) and written in
    ///   place (no temporary file, no rename), still never replacing a link, device or FIFO
    ///   with a regular file; a run that fails before then leaves it untouched.
    package init(path: String, streaming: Bool = false) throws {
        self.path = path
        try InputFile.refuseNUL(path)
        guard !path.isEmpty else { throw FileError(file: path, .noSuchFile) }
        if path == "/dev/stdout" || path == "/dev/stderr" {
            fd = path == "/dev/stdout" ? 1 : 2
            target = path
            ownsDescriptor = false
            return
        }
        ownsDescriptor = true
        var info = stat()
        let exists = FileName.withCString(path) { stat($0, &info) } == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR {
            throw FileError(file: path, .notRegular(FileError.describe(mode: info.st_mode)))
        }
        if exists && info.st_mode & S_IFMT != S_IFREG {
            // A device, FIFO or socket: write through, never replace the node.
            let opened = FileName.withCString(path) { open($0, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
            guard opened >= 0 else { throw FileError.system(errno, file: path, doing: "cannot write") }
            _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
            fd = opened
            target = path
            return
        }
        if streaming {
            // Created or emptied at the first write (or at commit): a run refused before
            // then leaves the old log as it was.
            if let problem = OutputFile.folderProblem(OutputFile.folder(of: path)), FileName.withCString(path, { lstat($0, &info) }) != 0 {
                throw FileError(file: path, .system("cannot write: " + problem))
            }
            fd = -1
            target = path
            pendingStream = true
            return
        }
        // A regular file or nothing yet: replace the file a symbolic link points to, not the link.
        var resolved = path
        if exists, let real = FileName.withCString(path, { realpath($0, nil) }) {
            resolved = FileName.decode(cString: real)
            free(real)
            mode = info.st_mode & 0o7777
        } else {
            var link = stat()
            if FileName.withCString(path, { lstat($0, &link) }) == 0 && link.st_mode & S_IFMT == S_IFLNK {
                // A dangling link: create its target through it (nothing there to lose).
                let opened = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o666) }
                guard opened >= 0 else {
                    let code = errno
                    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
                        throw FileError.system(code, file: path, doing: "cannot write")
                    }
                    let linked = target.hasPrefix("/") ? target : (OutputFile.folder(of: path) as NSString).appendingPathComponent(target)
                    throw OutputFile.cannotCreate(in: OutputFile.folder(of: linked), code, path: path)
                }
                fd = opened
                target = path
                return
            }
        }
        target = resolved
        let folder = OutputFile.folder(of: resolved)
        let base = (resolved as NSString).lastPathComponent
        var template = FileName.bytes(folder + "/." + base + ".tmp-XXXXXX").map { CChar(bitPattern: $0) } + [0]
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { throw OutputFile.cannotCreate(in: folder, errno, path: path) }
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
        fd = opened
        temporary = template.withUnsafeBufferPointer { FileName.decode(cString: $0.baseAddress!) }
        // mkstemp creates 0600; give the new file what the old one had, or the umask's default.
        let umaskNow = umask(0o022); umask(umaskNow)
        fchmod(fd, mode ?? (0o666 & ~umaskNow))
    }

    deinit { abandon() }

    /// The private temporary file that `commit` renames over the target, for a writer in
    /// another process (ffmpeg); nil when the target is written through.
    package var temporaryPath: String? { temporary }

    /// The open descriptor written to (the temporary file, or the device or FIFO itself);
    /// -1 once sealed or closed.
    package var descriptor: Int32 { fd }

    /// Why no file could be made in `folder` for `path`: "no such file" would name the
    /// file the user gave, when what is missing is its folder (or the folder, like /proc,
    /// takes no new files).
    private static func cannotCreate(in folder: String, _ code: Int32, path: String) -> FileError {
        guard code == ENOENT || code == ENOTDIR else { return FileError.system(code, file: path, doing: "cannot write") }
        return FileError(file: path, .system("cannot write: " + (folderProblem(folder) ?? "no new file can be made in \(folder)")))
    }

    /// Removes the file `path` (its own bytes).
    static func unlink(_ path: String) {
        _ = FileName.withCString(path) { Foundation.unlink($0) }
    }

    /// The folder a file at `path` goes in ("." for a bare name).
    package static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Why no file can be made in `folder` when it is missing or is not a folder ("no
    /// folder /x", "/x is not a folder"); nil when it is a folder.
    package static func folderProblem(_ folder: String) -> String? {
        var info = stat()
        if FileName.withCString(folder, { stat($0, &info) }) != 0 { return "no folder \(FileName.escaped(folder))" }
        if info.st_mode & S_IFMT != S_IFDIR { return "\(FileName.escaped(folder)) is not a folder" }
        return nil
    }

    /// Appends `bytes`. A failure is remembered and thrown again by `commit`.
    /// - Throws: `FileError` naming the path (no space, I/O error, closed reader).
    package func write(_ bytes: [UInt8]) throws {
        if let failure { throw failure }
        try openPendingStream()
        guard fd >= 0 else { throw FileError(file: path, .system("cannot write: already closed")) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { usleep(1000); continue }
                let error = FileError.system(errno, file: path, doing: "cannot write")
                failure = error
                throw error
            }
            done += n
        }
    }

    /// Creates or empties a streamed file at its first write.
    private func openPendingStream() throws {
        guard pendingStream else { return }
        pendingStream = false
        let opened = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o666) }
        guard opened >= 0 else {
            let error = OutputFile.cannotCreate(in: OutputFile.folder(of: path), errno, path: path)
            failure = error
            throw error
        }
        fd = opened
    }

    /// Flushes the temporary file to disk and closes it, leaving only the rename to
    /// `commit`: many outputs can be made ready without holding a descriptor each.
    /// Does nothing for a file written through.
    /// - Throws: `FileError`; the temporary file is then removed.
    package func seal() throws {
        if let failure { abandon(); throw failure }
        guard let temporary, !sealed, fd >= 0 else { return }
        if fsync(fd) != 0 { let e = FileError.system(errno, file: path, doing: "cannot write"); abandon(); throw e }
        let closed = close(fd)
        fd = -1
        if closed != 0 { let e = FileError.system(errno, file: path, doing: "cannot write"); OutputFile.unlink(temporary); self.temporary = nil; throw e }
        sealed = true
    }

    /// Flushes the data to disk and puts the file in place (a rename for regular files).
    /// - Throws: `FileError`; the target is then unchanged and the temporary file removed.
    package func commit() throws {
        try openPendingStream()
        try seal()
        if let temporary, sealed {
            if FileName.withCString(temporary, { from in FileName.withCString(target) { rename(from, $0) } }) != 0 {
                let e = FileError.system(errno, file: path, doing: "cannot replace the file")
                OutputFile.unlink(temporary)
                self.temporary = nil
                throw e
            }
            self.temporary = nil
            sealed = false
        } else if fd < 0 {
            return
        } else if ownsDescriptor {
            let closed = close(fd)
            fd = -1
            if closed != 0 { throw FileError.system(errno, file: path, doing: "cannot write") }
        } else {
            fd = -1
        }
    }

    /// Drops what was written: removes the temporary file; the target is unchanged.
    package func abandon() {
        if fd >= 0 && ownsDescriptor { close(fd) }
        fd = -1
        if let temporary { OutputFile.unlink(temporary) }
        temporary = nil
        pendingStream = false
        sealed = false
    }
}
