/// Checks on paths written inside stack JSON files and ZIP member names: they must be
/// relative and must not climb out of the stack.
enum StackPath {
    /// Throws `pathEscapes` unless `path` is a non-empty relative path without `..`
    /// components (either separator counts), NUL bytes or a drive prefix.
    /// - Parameter file: the file shown in the error (the JSON file or the archive).
    /// Longest path inside a stack, in bytes (a stack's paths are about 80).
    static let maxLength = 1024
    /// Most components in a path inside a stack (a stack is 3 folders deep).
    static let maxDepth = 16

    static func validate(_ path: String, file: String) throws {
        if path.isEmpty {
            throw ImageError(file: file, .pathEscapes("empty path"))
        }
        if path.hasPrefix("/") || path.hasPrefix("\\") || path.hasPrefix("~") {
            throw ImageError(file: file, .pathEscapes("absolute path \"\(path)\""))
        }
        let scalars = Array(path.unicodeScalars)
        if scalars.count >= 2, scalars[1] == ":" {
            throw ImageError(file: file, .pathEscapes("absolute path \"\(path)\""))
        }
        if path.contains("\0") {
            throw ImageError(file: file, .pathEscapes("NUL byte in \"\(path)\""))
        }
        if path.utf8.count > maxLength {
            throw ImageError(file: file, .pathEscapes("path longer than \(maxLength) bytes"))
        }
        let parts = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if parts.count > maxDepth {
            throw ImageError(file: file, .pathEscapes("path deeper than \(maxDepth) folders (\(parts.count) components)"))
        }
        if parts.contains("..") {
            throw ImageError(file: file, .pathEscapes("\"..\" in \"\(path)\""))
        }
    }

    /// Joins relative paths with `/`, dropping empty and `.` components.
    static func join(_ parts: String...) -> String {
        parts.flatMap { $0.split(separator: "/") }.filter { $0 != "." }.joined(separator: "/")
    }
}
