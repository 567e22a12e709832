import Foundation
import JSON

/// Why a file given by a user could not be opened, read or written, as one line naming the
/// file and what it really is: `in.png: is a FIFO (named pipe), not a regular file`.
///
/// Thrown by `InputFile` and `OutputFile`; readers that have their own error type (images,
/// scenes) wrap its `reason`.
public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, independent of the file.
    public enum Kind: Equatable, Sendable {
        /// Nothing exists at the path (or a folder on the way is missing).
        case noSuchFile
        /// The path names something that is not a regular file; the text says what it is.
        case notRegular(String)
        /// The file has zero bytes.
        case empty
        /// The file is larger than the caller's limit.
        case tooLarge(size: Int, limit: Int)
        /// The path contains a NUL byte (the C library would cut it short there).
        case nulByte
        /// The system refused the operation; the text is what `strerror` says, explained.
        case system(String)
    }

    /// The file, as the caller named it.
    public var file: String
    /// What went wrong.
    public var kind: Kind

    /// Creates an error about `file`.
    public init(file: String, _ kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// The reason alone, without the file name.
    public var reason: String {
        switch kind {
        case .noSuchFile: return "no such file"
        case .notRegular(let what): return "\(what), not a regular file"
        case .empty: return "empty file"
        case .tooLarge(let size, let limit): return "file too large (\(size) bytes, limit \(limit))"
        case .nulByte: return "the path contains a NUL byte"
        case .system(let text): return text
        }
    }

    /// One line: `file: reason`, with control characters in the path escaped.
    public var description: String {
        // A byte that is not UTF-8 shows as \xNN (FileName), a control character as \u{N}.
        let shown = FileName.escaped(file).unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return "\(shown): \(reason)"
    }

    /// The error for `errno` value `code` after an operation on `file`.
    public static func system(_ code: Int32, file: String, doing action: String) -> FileError {
        switch code {
        case ENOENT: return FileError(file: file, .noSuchFile)
        case ELOOP: return FileError(file: file, .system("\(action): too many levels of symbolic links (a symbolic link loop)"))
        case ENOTDIR: return FileError(file: file, .system("\(action): a folder on the path is not a folder"))
        case EACCES, EPERM: return FileError(file: file, .system("\(action): permission denied"))
        case ENXIO: return FileError(file: file, .system("\(action): no process is reading the FIFO or device"))
        case ENOSPC: return FileError(file: file, .system("\(action): no space left on the device"))
        default: return FileError(file: file, .system("\(action): \(String(cString: strerror(code)))"))
        }
    }

    /// What an `st_mode` says a file is, for messages: "is a directory", "is a FIFO ...".
    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "is a FIFO (named pipe)"
        case S_IFCHR: return "is a character device"
        case S_IFBLK: return "is a block device"
        case S_IFSOCK: return "is a socket"
        case S_IFLNK: return "is a symbolic link"
        default: return "is not a regular file"
        }
    }
}
