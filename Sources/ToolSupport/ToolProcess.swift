import ArgumentParser
import Foundation
import Images
import JSON

/// What the three command-line tools share about their process: one-line errors with
/// exit status 1 (ArgumentParser's own errors included), standard output and standard
/// error that may be closed or full, and a crash that exits at once.
///
/// Does not: parse options (each tool's `ParsableCommand` does), or retry a failed write.
public enum ToolProcess {
    /// The tool's name, the prefix of every error line.
    public private(set) static var name = "parallax"

    /// Call first: remembers `name`, ignores SIGPIPE (a closed pipe becomes a write error,
    /// reported, instead of a silent kill), and makes a fatal signal (a trap, a bad access)
    /// print one line and exit at once instead of waiting for Swift's backtracer.
    public static func start(name: String) {
        self.name = name
        reserveStandardDescriptors()
        signal(SIGPIPE, SIG_IGN)
        // A developer who asks for Swift's backtracer (SWIFT_BACKTRACE=enable=yes) keeps it.
        if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"]?.contains("enable=yes") == true { return }
        crashLine = strdup("\(name): fatal error (a bug: the line above, if any, says where); exiting\n")
        for sig in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if let line = crashLine { _ = write(2, line, strlen(line)) }
                _exit(128 + sig)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(truncatingIfNeeded: SA_RESETHAND))
            sigaction(sig, &action, nil)
        }
    }

    /// Opens /dev/null read-only in place of a closed descriptor 0, 1 or 2, so that no file
    /// opened later takes its number (an output file would receive the warnings); a write
    /// to a closed standard output or error still fails, as it did.
    static func reserveStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 {
            _ = open("/dev/null", O_RDONLY)
        }
    }

    /// Writes `text` to standard output now (unbuffered, all of it).
    /// - Throws: `FileError` naming "standard output" when it is closed, full or a broken pipe.
    public static func writeOutput(_ text: String) throws {
        fflush(stdout)
        try writeAll(Array(text.utf8), fd: 1, name: "standard output")
    }

    /// Prints `name: message` as one line on standard error and exits with status 1. A
    /// closed or full standard error is ignored (the exit status still says it failed).
    public static func fail(_ message: String) -> Never {
        fflush(stdout)
        // The culprits a message echoes are bounded where it is made; this bounds the rest,
        // and shows a file name's bytes that are not UTF-8 as \xNN.
        let line = "\(name): " + FileName.escaped(OneLine.bounded(String(message.map { $0.isNewline ? " " : $0 }), limit: 2000)) + "\n"
        try? writeAll(Array(line.utf8), fd: 2, name: "standard error")
        exit(1)
    }

    /// Prints a progress or warning line on standard error; failures are ignored.
    public static func note(_ text: String) {
        try? writeAll(Array(FileName.escaped(text).utf8), fd: 2, name: "standard error")
    }

    /// Runs a command parsed by ArgumentParser: `--help` and `--version` print as usual
    /// (exit 0); every other parse or validation error and every error thrown by `run`
    /// becomes one line and exit status 1. At the end, a failed standard output (closed,
    /// full) is reported and exits 1 too. With `obeysStopSignals`, SIGINT and SIGTERM
    /// unwind the run (`StopSignals`) and exit 130 and 143.
    public static func run<Command: ParsableCommand>(_ type: Command.Type, name: String,
                                                     arguments: [String] = FileName.arguments(),
                                                     obeysStopSignals: Bool = false) -> Never {
        start(name: name)
        if obeysStopSignals { StopSignals.install() }
        do {
            var command = try type.parseAsRoot(joinNegativeValues(arguments))
            try command.run()
        } catch {
            if type.exitCode(for: error) == .success { type.exit(withError: error) }
            if let code = error as? ExitCode { finishOutput(); exit(code.rawValue) }
            if let stopped = error as? StopSignals.Stopped {
                note("\(self.name): \(stopped)\n")
                exit(128 + stopped.signal)
            }
            fail(error is OneLineError ? "\(error)" : firstLine(type.message(for: error)) + " (see --help)")
        }
        finishOutput()
        exit(0)
    }

    /// Flushes standard output; when that (or an earlier buffered write) failed, reports it
    /// and exits with status 1.
    public static func finishOutput() {
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            fail("standard output: cannot write (closed, full, or a broken pipe)")
        }
    }

    /// `--time -1` as `--time=-1`: ArgumentParser reads a value starting with `-` as an
    /// option and reports "Missing value"; a negative number after an option is its value.
    public static func joinNegativeValues(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--"), !a.contains("="), i + 1 < arguments.count,
               let next = arguments[i + 1].dropFirst().first, arguments[i + 1].hasPrefix("-"),
               next.isNumber || next == "." {
                out.append(a + "=" + arguments[i + 1])
                i += 2
                continue
            }
            out.append(a)
            i += 1
        }
        return out
    }

    static func firstLine(_ text: String) -> String {
        var s = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if s.hasPrefix("Error: ") { s.removeFirst("Error: ".count) }
        return String(s.split(separator: "\n", omittingEmptySubsequences: true).first ?? "invalid arguments")
    }

    static func writeAll(_ bytes: [UInt8], fd: Int32, name: String) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw FileError.system(errno, file: name, doing: "cannot write")
            }
            done += n
        }
    }
}

/// The line a fatal signal prints (allocated once, before any crash).
private var crashLine: UnsafeMutablePointer<CChar>?
