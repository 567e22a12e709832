import Assets
import Foundation

/// Plays a `VideoFile` from a worker thread: the worker decodes ahead, looping, into a
/// queue of at most `capacity` frames (it waits when the queue is full); the frame loop
/// takes the newest frame that is due without ever waiting for the worker (a frame not
/// decoded in time is skipped, the last one stays on screen).
///
/// Frames circulate: one skipped, or handed back with `recycle` once shown, is decoded into
/// again, so neither thread allocates or frees planes while it plays. The worker runs at
/// a lower priority (`DecodeThreadPriority`) and, given the host's `FrameGate`, decodes
/// between frames rather than during one (a CPU rasteriser needs every core).
///
/// Does not: keep time itself (the caller says how long it has played), or recover from a
/// decoding error (`failure` says what happened; the caller shows the poster).
public final class VideoPlayer {
    /// Frames decoded ahead at most (a 720p frame is 1.4 MB).
    public static let capacity = 4

    private let file: VideoFile
    private let lock = NSCondition()
    private var queue: [VideoFrame] = []
    /// Frames done with, to decode into again.
    private var spare: [VideoFrame] = []
    private let priority: DecodeThreadPriority
    private let gate: FrameGate?
    private var stopped = false
    private var failed: VideoError?
    private var worker: Thread?
    /// CPU seconds the worker has spent decoding (thread CPU time).
    private var cpu = 0.0

    /// Starts decoding `file` from where it is (its first frame, unless `first`, that frame
    /// already decoded, is given: it is queued first), on a thread of `priority` that waits
    /// at `gate` (when given) before each frame.
    public init(file: VideoFile, priority: DecodeThreadPriority = .nice(10), gate: FrameGate? = nil, first: VideoFrame? = nil) {
        self.file = file
        self.priority = priority
        self.gate = gate
        queue.reserveCapacity(VideoPlayer.capacity)
        spare.reserveCapacity(VideoPlayer.capacity + 2)
        if let first { queue.append(first) }
        let t = Thread { [weak self] in self?.work() }
        t.name = "video"
        worker = t
        t.start()
    }

    deinit { stop() }

    /// The newest frame due by `time` (seconds of playing), dropping older ones; nil when
    /// no new frame is due. Never waits for the worker.
    public func frame(at time: Double) -> VideoFrame? {
        lock.lock()
        defer { lock.unlock() }
        var due: VideoFrame?
        while let first = queue.first, first.time <= time {
            if let skipped = due { keep(skipped) }
            due = queue.removeFirst()
        }
        if due != nil { lock.signal() }
        return due
    }

    /// Hands back a frame returned by `frame(at:)` once it is shown: the worker decodes
    /// into its planes again. Never waits for the worker.
    public func recycle(_ frame: VideoFrame) {
        lock.lock()
        keep(frame)
        lock.unlock()
    }

    /// Keeps `frame` as a spare (the lock held); beyond the pool's size it is dropped.
    private func keep(_ frame: VideoFrame) {
        if spare.count < spare.capacity { spare.append(frame) }
    }

    /// Why decoding stopped, if it failed.
    public var failure: VideoError? {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    /// CPU seconds the decoding thread has used so far.
    public var decodeCPUSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return cpu
    }

    /// Stops the worker (at its next frame) and drops the queue.
    public func stop() {
        lock.lock()
        stopped = true
        queue.removeAll()
        lock.signal()
        lock.unlock()
    }

    private func work() {
        priority.applyToCurrentThread()
        let checkpoint = gate?.makeCheckpoint()
        var loops = 0.0
        while true {
            lock.lock()
            while queue.count >= VideoPlayer.capacity && !stopped { lock.wait() }
            let done = stopped
            var frame = spare.popLast() ?? VideoFrame(time: 0, width: 0, height: 0, y: [], u: [], v: [])
            lock.unlock()
            if done { return }
            checkpoint?()
            do {
                let decoded = try file.next(into: &frame)
                lock.lock()
                cpu = VideoPlayer.threadCPU()
                lock.unlock()
                guard decoded else {
                    // The end: loop (a video without frames fails instead of spinning).
                    guard file.duration > 0 else { throw VideoError("\(file.path): no frames") }
                    try file.rewind()
                    loops += file.duration
                    recycle(frame)
                    continue
                }
                frame.time += loops
                lock.lock()
                if !stopped { queue.append(frame) }
                lock.unlock()
            } catch {
                lock.lock()
                failed = error as? VideoError ?? VideoError("\(file.path): \(error)")
                lock.unlock()
                return
            }
        }
    }

    private static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
