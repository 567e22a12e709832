// The previewer's export: frame-file names from a printf-style pattern, and the ffmpeg
// command that turns a numbered PNG sequence into an animated GIF, an animated PNG or a
// video (`parallax-render --frames N --fps F --out FILE`).
//
// Does not: render (parallax-render does), encode by itself (ffmpeg does; a clear
// one-line error says so when it is not installed), nor add sound.

import Foundation
import Images
import JSON

/// An export problem, printed as one line by the tools.
public struct ExportError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A numbered file name pattern with exactly one `%d` or `%0Nd` (N in 1...9), the form
/// ffmpeg's image sequence reader understands; `%%` is a literal percent sign.
public struct FramePattern: Equatable {
    public let pattern: String
    private let prefix: String, suffix: String, width: Int

    /// Checks `pattern`; `option` names the command-line option in errors.
    public init(_ pattern: String, option: String) throws {
        var prefix = "", suffix = "", width = 0, found = false
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { if found { suffix.append(c) } else { prefix.append(c) }; continue }
            if chars.first == "%" {
                chars.removeFirst()
                if found { suffix.append("%") } else { prefix.append("%") }
                continue
            }
            var digits = ""
            while let d = chars.first, d.isNumber, digits.count < 2 { digits.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d", !found, digits.isEmpty || (digits.first == "0" && digits.count == 2 && digits != "00") else {
                throw ExportError("\(option) \(pattern): expected exactly one %d or %0Nd (N in 1...9) for the frame number")
            }
            width = digits.isEmpty ? 0 : Int(String(digits.last!))!
            found = true
        }
        guard found else {
            throw ExportError("\(option) \(pattern): with --frames the file name needs a frame number such as frame-%04d.png")
        }
        self.pattern = pattern
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    /// The file name of frame `index` (0-based).
    public func path(_ index: Int) -> String {
        var digits = String(index)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return prefix + digits + suffix
    }
}

/// What `--out` writes, chosen by the file extension.
public enum AnimationFormat: String, CaseIterable {
    /// `.gif`: 256 colours from a palette made for the whole clip, looping.
    case gif
    /// `.apng` or `.png`: an animated PNG, lossless, looping.
    case apng
    /// `.mp4`: H.264, yuv420p (plays everywhere).
    case mp4
    /// `.webm`: VP9.
    case webm

    /// The format for `path`'s extension, or an error listing the choices.
    public init(path: String) throws {
        switch (path as NSString).pathExtension.lowercased() {
        case "gif": self = .gif
        case "apng", "png": self = .apng
        case "mp4": self = .mp4
        case "webm": self = .webm
        default:
            throw ExportError("--out \(path): expected a .gif, .apng (or .png), .mp4 or .webm file")
        }
    }

    /// ffmpeg's arguments to encode the numbered PNGs `input` (a `FramePattern`) played
    /// at `fps` into `output`.
    public func ffmpegArguments(input: String, fps: Double, output: String) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y", "-framerate", FrameExport.format(fps),
                    "-start_number", "0", "-i", input]
        switch self {
        case .gif:
            args += ["-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle",
                     "-loop", "0", "-f", "gif"]
        case .apng:
            args += ["-plays", "0", "-f", "apng"]
        case .mp4:
            args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p",
                     "-b:v", "0", "-crf", "32", "-f", "webm"]
        }
        return args + [output]
    }
}

/// Runs ffmpeg for `--out`.
public enum FrameExport {
    /// The ffmpeg executable on `searchPath` (a PATH-style list), or nil.
    public static func findFFmpeg(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for dir in (searchPath ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The one-line message when ffmpeg is missing.
    public static let missingFFmpeg =
        "--out needs ffmpeg to encode the frames, and it is not on PATH (Debian: apt-get install ffmpeg); --png with a %04d pattern writes the frames without it"

    /// Checks, before a frame is rendered, that `output` can be written, and opens it: a
    /// regular file gets a private temporary file beside it, a device or a FIFO with a
    /// reader is held open for ffmpeg to write into (a FIFO nobody reads is refused here).
    package static func openOutput(_ output: String) throws -> OutputFile {
        var info = stat()
        if stat(output, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw ExportError("--out \(output): is a directory, not a regular file")
        }
        if let problem = OutputFile.folderProblem(OutputFile.folder(of: output)) {
            throw ExportError("--out \(output): \(problem)")
        }
        do { return try OutputFile(path: output) } catch let error as FileError {
            throw ExportError("--out \(error)")
        }
    }

    /// Checks, before a frame is rendered, that `output` can be written (see `openOutput`).
    public static func checkOutput(_ output: String) throws {
        try openOutput(output).abandon()
    }

    /// `encode` into the file `output`, with a scratch folder of its own, put in place
    /// once ffmpeg succeeded.
    public static func encode(ffmpeg: String, format: AnimationFormat, input: String, fps: Double, output: String) throws {
        let file = try openOutput(output)
        let scratch = try TemporaryFolder(prefix: "parallax-export-")
        try encode(ffmpeg: ffmpeg, format: format, input: input, fps: fps, output: file, scratch: scratch,
                   timeLimit: timeLimit(frames: 100_000))
        try file.commit()
    }

    /// The most seconds ffmpeg may take for `frames` frames before it is stopped.
    public static func timeLimit(frames: Int) -> Double { 60 + 0.5 * Double(frames) }

    /// Encodes the frames `input` into `output` (from `openOutput`) with the ffmpeg at
    /// `ffmpeg`. ffmpeg writes the temporary file (put in place by `output.commit()`, so a
    /// failed encode leaves the old file whole) or straight into the device or FIFO.
    /// - Parameters:
    ///   - scratch: a private folder for ffmpeg's error messages.
    ///   - shouldStop: polled while ffmpeg runs; throwing kills ffmpeg and rethrows.
    package static func encode(ffmpeg: String, format: AnimationFormat, input: String, fps: Double,
                              output: OutputFile, scratch: TemporaryFolder, timeLimit: Double,
                              shouldStop: () throws -> Void = {}) throws {
        let destination = output.temporaryPath ?? "pipe:1"
        var arguments = format.ffmpegArguments(input: input, fps: fps, output: destination)
        // An ffmpeg reading a pipe would ask before overwriting; -y is already there.
        arguments.insert("-nostdin", at: 0)
        let child = ChildProcess(executable: ffmpeg, arguments: arguments,
                                 standardOutput: output.temporaryPath == nil ? output.descriptor : nil,
                                 standardError: scratch.file("ffmpeg-errors.txt"))
        let status: Int32
        do { status = try child.run(timeLimit: timeLimit, shouldStop: shouldStop) } catch let error as ChildProcess.Failure {
            switch error {
            case .cannotStart(let reason): throw ExportError("cannot run \(ffmpeg): \(reason)")
            case .timedOut: throw ExportError("--out \(output.path): ffmpeg took more than \(FrameExport.format(timeLimit)) s and was stopped")
            }
        }
        guard status == 0 else {
            let text = String(decoding: (try? InputFile.read(scratch.file("ffmpeg-errors.txt"), maxBytes: 1 << 20, allowEmpty: true)) ?? [], as: UTF8.self)
            var last = text.split(whereSeparator: \.isNewline).last.map(String.init)
                ?? (status > 128 ? "stopped by signal \(status - 128)" : "exit status \(status)")
            last = last.replacingOccurrences(of: destination, with: output.path)
            throw ExportError("--out \(output.path): ffmpeg failed: \(OneLine.bounded(last))")
        }
    }

    /// A number without a trailing ".0".
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}
