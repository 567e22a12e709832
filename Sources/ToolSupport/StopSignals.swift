import Foundation

/// SIGINT and SIGTERM for the one-shot tools: the handler only notes the signal; the
/// frame loop and the wait for a child process check `StopSignals.check()` and unwind,
/// so temporary files are removed and children killed, and `ToolProcess.run` exits
/// 128 + the signal (130, 143). A second signal exits at once.
///
/// Installed before SDL_Init, which then leaves the handlers alone (SDL installs its
/// own, turning the signal into a quit event nobody reads, only over the default).
///
/// Does not: interrupt a single long system call or decode; it is seen at the next check.
public enum StopSignals {
    /// Installs the handlers (call once, first).
    public static func install() {
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if pendingStopSignal != 0 { _exit(128 + sig) }
                pendingStopSignal = sig
            }
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }

    /// The signal received, if any.
    public static var received: Int32? { pendingStopSignal == 0 ? nil : pendingStopSignal }

    /// Throws `Stopped` when a stop signal has arrived.
    public static func check() throws {
        if let signal = received { throw Stopped(signal: signal) }
    }

    /// The run was stopped by `signal`; the tool exits with 128 + signal.
    public struct Stopped: OneLineError {
        public var signal: Int32
        public var description: String { "stopped by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)")" }
    }
}

/// Set by the handler; read between frames.
private var pendingStopSignal: Int32 = 0
