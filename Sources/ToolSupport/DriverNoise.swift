import Foundation
import JSON

/// What a GL driver's loader prints on standard error while a context is made (Mesa:
/// "libEGL warning: MESA-LOADER: failed to open swrast ..." once per try), held back so
/// that a failure stays one line: the tool's own, naming the driver's first complaint.
/// When the context is made, whatever the driver printed is passed on unchanged.
///
/// Does not: hide anything printed after the context exists, or parse the driver's text
/// beyond taking its first distinct line.
public enum DriverNoise {
    /// Runs `body` with descriptor 2 pointed at a private file without a name.
    /// - Throws: `body`'s error, its message followed by the driver's first line.
    public static func captured<T>(_ body: () throws -> T) throws -> T {
        // tmpfile: a file with no name (unlinked at once), gone when closed.
        let saved = dup(2)
        guard saved >= 0, let file = tmpfile() else {
            if saved >= 0 { close(saved) }
            return try body()
        }
        defer { fclose(file) }
        let memory = fileno(file)
        fflush(stderr)
        dup2(memory, 2)
        let result: Result<T, Error> = Result { try body() }
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
        let noise = readAll(memory)
        switch result {
        case .success(let value):
            if !noise.isEmpty { ToolProcess.note(String(decoding: noise, as: UTF8.self)) }
            return value
        case .failure(let error):
            let lines = String(decoding: noise, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let first = lines.first else { throw error }
            let more = Set(lines).count > 1 ? " (and \(Set(lines).count - 1) more)" : ""
            throw ToolOutputError("\(error); the GL driver said: \(OneLine.bounded(first))\(more)")
        }
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        lseek(fd, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > 1 << 20 { break }
        }
        return bytes
    }
}
