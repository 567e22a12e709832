/// Why an image or a layered image could not be read or written.
///
/// `description` is one line: the file (as the caller named it, or its path inside a
/// stack) then the reason, e.g. `bad.png: not a PNG file (signature mismatch)`.
public struct ImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, independent of the file.
    public enum Kind: Equatable, Sendable {
        /// The file (or stack member) does not exist.
        case noSuchFile
        /// The file has zero bytes.
        case emptyFile
        /// The path names a directory where a file was expected (or the reverse).
        case wrongFileType(String)
        /// The file could not be read (permissions, I/O error).
        case unreadable(String)
        /// The first 8 bytes are not the PNG signature.
        case notPNG
        /// libpng refused the data; the associated text is libpng's message.
        case corruptPNG(String)
        /// A side exceeds `ImageLimits.maxDimension`.
        case exceedsDimension(width: Int, height: Int, limit: Int)
        /// `width * height` exceeds `ImageLimits.maxPixels`.
        case exceedsPixels(width: Int, height: Int, limit: Int)
        /// libpng could not write the file; the associated text is libpng's message.
        case writeFailed(String)
        /// The image format is not supported (only PNG is).
        case unsupportedFormat(String)
        /// A layered image has fewer than 2 or more than 5 layers.
        case layerCount(Int)
        /// A path inside a stack is absolute, has `..`, or resolves outside the stack.
        case pathEscapes(String)
        /// A JSON file is not valid JSON or does not have the expected shape.
        case malformedJSON(String)
        /// A stack or archive is structurally wrong (missing image set, bad ZIP, ...).
        case invalidStack(String)
        /// A ZIP archive's members decompress to more than the allowed total.
        case archiveTooLarge(limit: Int)
        /// The first bytes match none of the decodable formats (`ImageFormat.all`).
        case unknownFormat
        /// The JPEG or WebP decoder refused the data: the format's name and the library's message.
        case corruptImage(format: String, message: String)
    }

    /// The file the error is about, as shown in `description`.
    public var file: String
    /// What went wrong.
    public var kind: Kind

    /// Creates an error about `file`.
    public init(file: String, _ kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// The error for a file that could not be opened or read (`InputFile`), about `file`.
    public init(file: String, _ error: FileError) {
        self.file = file
        switch error.kind {
        case .noSuchFile: kind = .noSuchFile
        case .empty: kind = .emptyFile
        case .notRegular: kind = .wrongFileType(error.reason)
        default: kind = .unreadable(error.reason)
        }
    }

    /// The reason alone, without the file name.
    public var reason: String {
        switch kind {
        case .noSuchFile: return "no such file"
        case .emptyFile: return "empty file"
        case .wrongFileType(let s): return s
        case .unreadable(let s): return s.hasPrefix("cannot") ? s : "cannot read: \(s)"
        case .notPNG: return "not a PNG file (signature mismatch)"
        case .corruptPNG(let s): return "truncated or corrupt PNG: \(s)"
        case .exceedsDimension(let w, let h, let limit):
            return "\(w)x\(h) exceeds the \(limit)-pixel texture limit"
        case .exceedsPixels(let w, let h, let limit):
            return "\(w)x\(h) exceeds the limit of \(limit) pixels"
        case .writeFailed(let s): return "cannot write PNG: \(s)"
        case .unsupportedFormat(let s): return s
        case .layerCount(let n): return "a layered image needs 2 to 5 layers, found \(n)"
        case .pathEscapes(let s): return "path escapes the stack: \(s)"
        case .malformedJSON(let s): return s
        case .invalidStack(let s): return s
        case .archiveTooLarge(let limit): return "archive members exceed \(limit) bytes uncompressed"
        case .unknownFormat: return "not a \(ImageFormat.namesList) file (signature mismatch)"
        case .corruptImage(let format, let message): return "truncated or corrupt \(format): \(message)"
        }
    }

    /// One line: `file: reason` (line breaks in either part become spaces).
    public var description: String {
        Self.oneLine("\(file): \(reason)")
    }

    static func oneLine(_ s: String) -> String {
        String(s.map { $0.isNewline ? " " : $0 })
    }
}
