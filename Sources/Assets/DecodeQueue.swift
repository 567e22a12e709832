import Foundation
import Images

/// A small pool of worker threads that decode image files off the frame loop.
///
/// The owner (one thread: the frame loop) replaces the list of wanted jobs whenever what
/// is wanted changes (`submit`), and collects finished images with `drain` (never waits).
/// Workers take the pending job with the lowest `priority` first, so the items on screen
/// decode before the prefetched neighbours; jobs no longer wanted are dropped before they
/// start. A job already running finishes and is delivered.
///
/// A job decodes one file (`Image.decode`) and builds its mip chain (`MipChain`) on the
/// worker, so the frame loop only copies texels; a preview job decodes a JPEG at 1/8
/// scale (`Image.decodePreview`: fast, shown while the full image decodes).
///
/// With a `ThumbnailCache`, a full decode first looks for the file's entry at that size
/// and stores what it decodes.
///
/// Does NOT retry, or touch GL.
public final class DecodeQueue {
    /// One file to decode.
    public struct Job: Sendable {
        public var id: Int
        public var path: String
        public var size: DecodeSize
        /// Lower runs first.
        public var priority: Int
        /// A quick low-resolution version (`Image.decodePreview`), not the image itself.
        public var preview: Bool
        public init(id: Int, path: String, size: DecodeSize, priority: Int, preview: Bool = false) {
            self.id = id; self.path = path; self.size = size; self.priority = priority; self.preview = preview
        }
    }

    /// A finished job: the image with its mip chain (nil: a preview job for a file that
    /// has no quick preview), or the one-line reason it could not be decoded.
    public struct Outcome: Sendable {
        public var id: Int
        public var preview: Bool
        public var result: Result<MipChain?, ImageError>
        /// Every pixel of the image has alpha 1 (found on the worker).
        public var isOpaque: Bool
        /// CPU seconds the decode took on its worker thread (not counting time the thread
        /// waited for a core, so it is comparable across loaded and idle machines).
        public var seconds: Double
    }

    /// State shared with the workers (they hold it, not the queue, so the queue can go away).
    private final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var pending: [Job] = []
        var finished: [Outcome] = []
        var stopping = false
        /// Jobs a worker has taken and not yet finished.
        var working = 0
        let limits: ImageLimits
        let priority: DecodeThreadPriority
        let gate: FrameGate?
        let cache: ThumbnailCache?
        /// What each started worker read back after applying `priority`.
        var applied: [DecodeThreadPriority?] = []
        /// Each started worker's CPU-time clock.
        var clocks: [clockid_t] = []
        init(limits: ImageLimits, priority: DecodeThreadPriority, gate: FrameGate?, cache: ThumbnailCache?) {
            self.limits = limits; self.priority = priority; self.gate = gate; self.cache = cache
        }
    }
    private let shared: Shared
    /// Number of worker threads.
    public let workers: Int
    /// The priority the workers run at.
    public let priority: DecodeThreadPriority

    /// The priority each worker started so far has, as read back from the system after
    /// applying `priority` (nil where it could not be read).
    public var workerPriorities: [DecodeThreadPriority?] {
        shared.condition.lock(); defer { shared.condition.unlock() }
        return shared.applied
    }

    /// CPU seconds the workers started so far have used, all together: a host that reads
    /// it before and after a frame learns whether decoding ran while the frame rendered.
    public var workerCPUSeconds: Double {
        shared.condition.lock(); defer { shared.condition.unlock() }
        var total = 0.0
        for clock in shared.clocks {
            var ts = timespec()
            if clock_gettime(clock, &ts) == 0 { total += Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 }
        }
        return total
    }

    /// Worker threads for this machine: one core is left to the frame loop (and the GL
    /// driver's own threads), at most 4, at least 1.
    public static var defaultWorkers: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    /// Starts `workers` threads (at least 1) at `priority` (nice 10 by default: lower than
    /// the frame loop, so a decode rarely delays a frame on a busy machine; see
    /// `DecodeThreadPriority`). With `gate`, workers pause while the host renders a frame
    /// (between jobs and between bands of rows: see `FrameGate`).
    public init(workers: Int = DecodeQueue.defaultWorkers, limits: ImageLimits = .default,
                priority: DecodeThreadPriority = .nice(10), gate: FrameGate? = nil, cache: ThumbnailCache? = nil) {
        self.workers = max(1, workers)
        self.priority = priority
        shared = Shared(limits: limits, priority: priority, gate: gate, cache: cache)
        for n in 0..<self.workers {
            let s = shared
            let thread = Thread { DecodeQueue.work(s) }
            thread.name = "decode-\(n)"
            thread.qualityOfService = .userInitiated
            thread.start()
        }
    }

    deinit {
        shared.condition.lock()
        shared.stopping = true
        shared.pending.removeAll()
        shared.condition.broadcast()
        shared.condition.unlock()
    }

    /// Replaces the pending jobs with `jobs` (those not yet started are forgotten).
    public func submit(_ jobs: [Job]) {
        shared.condition.lock()
        shared.pending.removeAll(keepingCapacity: true)
        shared.pending.append(contentsOf: jobs)
        if !jobs.isEmpty { shared.condition.broadcast() }
        shared.condition.unlock()
    }

    /// Jobs waiting for a worker.
    public var pendingCount: Int {
        shared.condition.lock(); defer { shared.condition.unlock() }
        return shared.pending.count
    }

    /// True when no job waits, runs, or waits to be collected (`drain`).
    package var isIdle: Bool {
        shared.condition.lock(); defer { shared.condition.unlock() }
        return shared.pending.isEmpty && shared.working == 0 && shared.finished.isEmpty
    }

    /// Hands each finished job to `body` (on the caller's thread) and forgets it.
    public func drain(_ body: (Outcome) -> Void) {
        shared.condition.lock()
        if shared.finished.isEmpty { shared.condition.unlock(); return }
        let done = shared.finished
        shared.finished.removeAll(keepingCapacity: true)
        shared.condition.unlock()
        for o in done { body(o) }
    }

    /// For hosts that stream images (process-wide, so never called by the library itself):
    /// decoders allocate a full-size buffer per image (13 MB for a 1500x2250 JPEG) on worker
    /// threads, which glibc keeps in per-thread heaps once its dynamic mmap threshold has
    /// grown; a fixed 1 MiB threshold (`mallopt(M_MMAP_THRESHOLD)`) returns them when freed.
    /// Measured: 289 MB instead of 379 MB resident in `parallax-bench --posters 2000`.
    /// Found with `dlsym`, since Swift's Glibc module does not include `<malloc.h>`.
    public static func returnLargeBuffersToTheSystem() {
        #if os(Linux)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3 /* M_MMAP_THRESHOLD */, 1 << 20)
        #endif
    }

    /// CPU time of the calling thread.
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    private static func work(_ s: Shared) {
        let applied = s.priority.applyToCurrentThread()
        let checkpoint = s.gate?.makeCheckpoint()
        var clock = clockid_t()
        let hasClock = pthread_getcpuclockid(pthread_self(), &clock) == 0
        s.condition.lock()
        s.applied.append(applied)
        if hasClock { s.clocks.append(clock) }
        s.condition.unlock()
        while true {
            s.condition.lock()
            while s.pending.isEmpty && !s.stopping { s.condition.wait() }
            if s.stopping { s.condition.unlock(); return }
            var best = 0
            for i in s.pending.indices where s.pending[i].priority < s.pending[best].priority { best = i }
            let job = s.pending.remove(at: best)
            s.working += 1
            s.condition.unlock()
            checkpoint?()
            let start = threadCPUSeconds()
            let result: Result<MipChain?, ImageError>
            var opaque = false
            do {
                if job.preview {
                    let image = try Image.decodePreview(path: job.path, size: job.size, limits: s.limits,
                                                        checkpoint: checkpoint)
                    opaque = image?.isOpaque ?? false
                    result = .success(image.map { MipChain(single: $0) })
                } else {
                    let image = try ThumbnailCache.decode(job.path, size: job.size, cache: s.cache) {
                        try Image.decode(path: job.path, size: job.size, limits: s.limits, checkpoint: checkpoint)
                    }
                    checkpoint?()
                    opaque = image.isOpaque
                    result = .success(MipChain(image, checkpoint: checkpoint))
                }
            } catch let e as ImageError {
                result = .failure(e)
            } catch {
                result = .failure(ImageError(file: job.path, .unreadable("\(error)")))
            }
            let seconds = threadCPUSeconds() - start
            s.condition.lock()
            s.working -= 1
            if !s.stopping {
                s.finished.append(Outcome(id: job.id, preview: job.preview, result: result, isOpaque: opaque, seconds: seconds))
            }
            s.condition.unlock()
        }
    }
}
