import Foundation

/// How a decode worker thread (`DecodeQueue`) gives the CPU to the frame loop.
///
/// `nice(10)` (the default) leaves a contended core mostly to the frame loop (and llvmpipe's
/// raster threads): about a tenth of it goes to the worker. `idle` puts the worker in
/// Linux's `SCHED_IDLE` class: it runs only on a core no normal thread wants, so it never
/// delays a frame, but on a machine kept busy by other processes it gets almost nothing:
/// measured with `parallax-bench --posters 2000 --decode-priority idle` while other
/// builds were running (load 4.5-5.8), 0-3 of 120 posters browsed were decoded, against
/// 35-43 at nice 10. So `idle` is for hosts that own their machine (a TV box).
///
/// Does NOT: raise the frame loop's own priority (that needs privileges), pin threads to
/// cores, or apply to any thread but the calling one. Elsewhere than Linux `idle` falls
/// back to the lowest nice value.
public enum DecodeThreadPriority: Equatable, Sendable, CustomStringConvertible {
    /// `SCHED_IDLE`: only the CPU time nothing else wants.
    case idle
    /// The normal scheduler at this nice value (0...19; higher yields more).
    case nice(Int32)

    /// `SCHED_IDLE` (Linux's `<bits/sched.h>`, not in Swift's Glibc module without _GNU_SOURCE).
    static let schedIdle: Int32 = 5

    public var description: String {
        switch self {
        case .idle: return "idle"
        case .nice(let n): return "nice \(n)"
        }
    }

    /// Applies this priority to the calling thread (Linux: scheduling class and nice value
    /// are per thread; pid 0 names the calling thread) and returns what the thread has
    /// afterwards, read back; `idle` that the system refuses falls back to nice 19.
    @discardableResult
    public func applyToCurrentThread() -> DecodeThreadPriority? {
        #if os(Linux)
        switch self {
        case .idle:
            var param = sched_param(sched_priority: 0)
            if sched_setscheduler(0, DecodeThreadPriority.schedIdle, &param) != 0 {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            }
        case .nice(let n):
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, max(0, min(19, n)))
        }
        #else
        let n: Int32
        if case .nice(let v) = self { n = max(0, min(19, v)) } else { n = 19 }
        _ = setpriority(PRIO_PROCESS, 0, n)
        #endif
        return DecodeThreadPriority.ofCurrentThread()
    }

    /// The calling thread's priority, read back from the system (nil: not readable).
    public static func ofCurrentThread() -> DecodeThreadPriority? {
        #if os(Linux)
        let policy = sched_getscheduler(0)
        if policy == schedIdle { return .idle }
        guard policy == 0 /* SCHED_OTHER */ else { return nil }
        errno = 0
        let n = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return errno == 0 ? .nice(n) : nil
        #else
        errno = 0
        let n = getpriority(PRIO_PROCESS, 0)
        return errno == 0 ? .nice(n) : nil
        #endif
    }
}
