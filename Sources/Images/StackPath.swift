/// Checks on paths written inside stack JSON files and ZIP member names: they must be
/// relative and must not climb out of the stack.
enum StackPath {
    /// Throws `pathEscapes` unless `path` is a non-empty relative path without `..`
    /// components (either separator counts), NUL bytes or a drive prefix.
    /// - Parameter file: the file shown in the error (the JSON file or the archive).
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
        let parts = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if parts.contains("..") {
            throw ImageError(file: file, .pathEscapes("\"..\" in \"\(path)\""))
        }
    }

    /// Joins relative paths with `/`, dropping empty and `.` components.
    static func join(_ parts: String...) -> String {
        parts.flatMap { $0.split(separator: "/") }.filter { $0 != "." }.joined(separator: "/")
    }
}
