import Foundation

/// SIGINT and SIGTERM for the one-shot tools: the handler only notes the signal; the
/// frame loop and the wait for a child process check `StopSignals.check()` and unwind,
/// so temporary files are removed and children killed, and `ToolProcess.run` exits
/// 128 + the signal (130, 143). A second signal exits at once.
///
/// Installed before SDL_Init, which then leaves the handlers alone (SDL installs its
/// own, turning the signal into a quit event nobody reads, only over the default).
///
/// A loop asleep in an event wait (the demo at rest) registers `wake`: the handler writes
/// one byte to a pipe, and a waiting thread calls the loop's wake-up.
///
/// Does not: interrupt a single long system call or decode; it is seen at the next check.
public enum StopSignals {
    /// Installs the handlers (call once, first).
    public static func install() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 { wakePipe = (fds[0], fds[1]) }
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if pendingStopSignal != 0 { _exit(128 + sig) }
                pendingStopSignal = sig
                // write(2) is async-signal-safe; the byte only wakes `wake`'s thread.
                var byte: UInt8 = 1
                _ = write(wakePipe.write, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }

    /// Calls `wakeUp` on a thread of its own once a stop signal arrives, so that a loop
    /// sleeping until its next event (with no timeout) wakes and sees `check()`. Call after
    /// `install`, at most once.
    public static func wake(with wakeUp: @escaping @Sendable () -> Void) {
        let read = wakePipe.read
        guard read >= 0 else { return }
        let thread = Thread {
            var byte: UInt8 = 0
            while Glibc.read(read, &byte, 1) < 0 && errno == EINTR {}
            wakeUp()
        }
        thread.name = "stop-signal-wake"
        thread.start()
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
/// The pipe the handler writes to when a loop asked to be woken (`StopSignals.wake`).
private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
