import Assets
import Foundation

/// Where a streamed sound goes: the mixer's stream channel (through `AudioOutput`, which
/// holds the device's lock), or a test's collector. Called from a decoding thread.
public protocol SoundStreamSink: AnyObject {
    /// Queues samples (mono, `SoundClip.sampleRate`) after those queued; how many fitted
    /// (0 while the queue is full).
    func appendStream(_ samples: UnsafeBufferPointer<Float>) -> Int
    /// Drops what is queued: the sound stops at once.
    func clearStream()
    /// Samples of the stream played (taken by the device) since it was last cleared: the
    /// audio clock a preview's video follows.
    var streamPlayed: Int { get }
}

/// Plays the sound track of a file (a card preview's video) into a `SoundStreamSink`,
/// looping: a worker opens the file (`AudioFileDecoder`), decodes ahead and waits while the
/// sink is full. `stop` ends it at once: nothing reaches the sink after it returns.
///
/// `clock` is how far the sound has played (the sink's played samples), which the video
/// follows while the sound plays.
///
/// Does not: touch the frame loop (opening and decoding are the worker's).
public final class PreviewSound {
    private let lock = NSLock()
    private var stopped = false
    /// The worker has given up (no sound, or an error): the video keeps the scene's clock.
    private var ended = false
    private let sink: SoundStreamSink

    /// Starts playing `path`'s sound into `sink`; a file whose sound cannot be played is one
    /// line through `warn` (from the worker) and silence.
    public init(path: String, sink: SoundStreamSink, warn: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        let t = Thread { [self] in self.work(path: path, warn: warn) }
        t.name = "preview-sound"
        t.start()
    }

    /// Stops the sound: the sink's queue is dropped and the worker ends.
    public func stop() {
        lock.lock()
        stopped = true
        sink.clearStream()
        lock.unlock()
    }

    /// Seconds of sound played (loops included: they run on like the video's frame times);
    /// nil before the first sample plays and once the sound has ended on an error.
    public var clock: Double? {
        lock.lock()
        let live = !stopped && !ended
        lock.unlock()
        let played = sink.streamPlayed
        return live && played > 0 ? Double(played) / Double(SoundClip.sampleRate) : nil
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func work(path: String, warn: @Sendable (String) -> Void) {
        DecodeThreadPriority.nice(10).applyToCurrentThread()
        defer { lock.lock(); ended = true; lock.unlock() }
        let decoder: AudioFileDecoder
        do { decoder = try AudioFileDecoder(path: path) } catch {
            if !isStopped { warn("warning: \(error) (the preview plays without sound)") }
            return
        }
        var pending: [Float] = []
        var sent = 0, emptyPasses = 0
        while !isStopped {
            if sent == pending.count {
                pending.removeAll(keepingCapacity: true)
                sent = 0
                do {
                    if try !decoder.decode(appendingTo: &pending) {
                        // The end: loop (a file without samples gives up instead of spinning).
                        emptyPasses += 1
                        if emptyPasses > 1 { return }
                        try decoder.rewind()
                        continue
                    }
                    emptyPasses = 0
                } catch {
                    if !isStopped { warn("warning: \(error) (the preview's sound stops)") }
                    return
                }
            }
            lock.lock()
            let n = stopped ? 0 : pending.withUnsafeBufferPointer { sink.appendStream(UnsafeBufferPointer(rebasing: $0[sent...])) }
            lock.unlock()
            sent += n
            if n == 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
    }
}
