import Foundation
import JSON

extension JSONError {
    /// The UTF-8 text of the regular file `path` (scene or replay), at most `maxBytes`.
    /// A FIFO, device or folder is refused without blocking (`InputFile`).
    /// - Parameter what: the kind of file, for the size message ("scene", "replay").
    /// - Throws: `JSONError` naming `path`: what the file really is, too large, not UTF-8.
    public static func readText(_ path: String, maxBytes: Int, what: String) throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: maxBytes, allowEmpty: true)
        } catch let error as FileError {
            if case .tooLarge(let size, let limit) = error.kind {
                throw JSONError(file: path, path: "", message: "\(what) file too large (\(size) bytes, limit \(limit))")
            }
            throw JSONError(file: path, path: "", message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONError(file: path, path: "", message: "not UTF-8 text")
        }
        return text
    }
}
