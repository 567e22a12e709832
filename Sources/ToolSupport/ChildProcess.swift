import Foundation
import JSON

/// A child process that stays ours: its standard input is /dev/null (it never reads the
/// caller's terminal or a shell loop's lines), it is killed when we stop it, when it runs
/// past its time limit, and (through util-linux `setpriv --pdeathsig`, where installed)
/// when we die.
///
/// Does not: search PATH (the caller names the executable), or capture output in memory
/// (standard error goes to a file the caller reads).
public struct ChildProcess {
    /// Why the child did not finish.
    public enum Failure: Error, Equatable {
        /// posix_spawn refused; the text is the system's reason.
        case cannotStart(String)
        /// It ran past its time limit and was killed.
        case timedOut
    }

    public var executable: String
    public var arguments: [String]
    /// A descriptor for the child's standard output; /dev/null when nil.
    public var standardOutput: Int32?
    /// A file created (or emptied) for the child's standard error.
    public var standardError: String

    public init(executable: String, arguments: [String], standardOutput: Int32? = nil, standardError: String) {
        self.executable = executable
        self.arguments = arguments
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The kernel's parent-death signal wrapper, when installed.
    static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first { access($0, X_OK) == 0 }

    /// Runs the child to its end and returns its exit status (128 + the signal when a
    /// signal ended it). Polls every 10 ms: `shouldStop` throwing, or the time limit,
    /// kills the child (SIGKILL) and reaps it before returning.
    public func run(timeLimit: Double, shouldStop: () throws -> Void = {}) throws -> Int32 {
        var argv = [executable] + arguments
        var path = executable
        if let setpriv = ChildProcess.setpriv {
            argv = [setpriv, "--pdeathsig", "KILL", "--"] + argv
            path = setpriv
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        FileName.withCString(standardError) { _ = posix_spawn_file_actions_addopen(&actions, 2, $0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        // SIGPIPE back to its default: we ignore it (a closed pipe is an error we report),
        // and an ignored signal would be inherited across exec.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { FileName.withCString($0) { strdup($0) } } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let started = FileName.withCString(path) { posix_spawn(&pid, $0, &actions, &attributes, cArguments, environ) }
        guard started == 0 else { throw Failure.cannotStart(String(cString: strerror(started))) }

        let deadline = Date().addingTimeInterval(timeLimit)
        var status: Int32 = 0
        do {
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid { break }
                if reaped < 0 && errno != EINTR { return 127 }
                try shouldStop()
                if Date() > deadline { throw Failure.timedOut }
                usleep(10_000)
            }
        } catch {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            throw error
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
