import Foundation
import Images

/// Keeps decode workers off the CPU while the host renders a frame.
///
/// A software rasteriser (Mesa's llvmpipe) renders on every core; a decode running at
/// the same time takes one of them and the frame comes out late, however low the
/// worker's priority (measured on 2 cores: 1 in 7 frames of a cold poster browse over
/// 1.5x the warm median at nice 10, 1 in 8 to 1 in 14 at `SCHED_IDLE`). The host brackets
/// each frame with `beginFrame` / `endFrame` (from the update to the end of rasterising:
/// the swap, or `glFinish`); workers call their checkpoint (`makeCheckpoint`) between
/// bands of rows and so decode in the time between frames.
///
/// A frame loop that renders all the time must not starve decoding: when frames take
/// more than `maximumDuty` of the time for `sustainSeconds` (no pacing: an uncapped loop),
/// workers are let go for `releaseSeconds`, then held again while the gate measures afresh
/// (the frames of a release are slowed by the workers and say nothing of the host). A
/// moment of slowness shorter than that (late frames of a busy host) lets no worker go:
/// letting them go then made the frames later still, and kept them late until the decodes
/// ran out (15 late frames in a row, measured). A worker never waits more than
/// `maximumWait` before running as long without waiting. Hosts that never call
/// `beginFrame` see no change; hosts whose GL renders on a GPU need not call it
/// (`GLRenderer.rendersOnCPU`).
///
/// Does NOT schedule anything itself or know about GL.
public final class FrameGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var rendering = false
    private var frameStart = 0.0, lastEnd = 0.0
    /// The share of time spent rendering, averaged over recent frames (0...1).
    private var duty = 0.0
    /// Above this share of time spent rendering (a frame loop that is not paced, e.g. no
    /// vsync), holding workers would starve them: they are let go (see `sustainSeconds`).
    public var maximumDuty = 0.9
    /// How long rendering must stay above `maximumDuty` before workers are let go.
    public var sustainSeconds = 0.5
    /// How long workers, once let go, run as if there were no gate.
    public var releaseSeconds = 2.0
    /// When the share first went above `maximumDuty` (nil: it is not above).
    private var overSince: Double? = nil
    /// Workers run as if there were no gate until then.
    private var releasedUntil = -Double.infinity
    /// The longest one checkpoint waits for a frame to end, in seconds.
    public var maximumWait = 0.05
    private var waitCount = 0
    /// Checkpoints that found a frame rendering and waited (for tests and the bench).
    public var waits: Int {
        condition.lock(); defer { condition.unlock() }
        return waitCount
    }

    public init() {}

    /// A frame starts rendering: workers pause at their next checkpoint.
    public func beginFrame() {
        condition.lock()
        frameStart = Date().timeIntervalSinceReferenceDate
        rendering = true
        condition.unlock()
    }

    /// The frame is rendered (rasterised, not just submitted): workers go on.
    public func endFrame() {
        condition.lock()
        let now = Date().timeIntervalSinceReferenceDate
        if rendering && lastEnd > 0 && now >= releasedUntil {
            let busy = now - frameStart, idle = max(0, frameStart - lastEnd)
            duty = 0.8 * duty + 0.2 * (busy / max(busy + idle, 1e-9))
            if duty <= maximumDuty {
                overSince = nil
            } else if let since = overSince {
                if now - since >= sustainSeconds {
                    releasedUntil = now + releaseSeconds
                    overSince = nil
                    duty = 0      // measured afresh after the release
                }
            } else {
                overSince = now
            }
        }
        lastEnd = now
        rendering = false
        condition.broadcast()
        condition.unlock()
    }

    /// A frame is rendering (between `beginFrame` and `endFrame`).
    public var isRendering: Bool {
        condition.lock(); defer { condition.unlock() }
        return rendering
    }

    /// Whether workers are held while frames render: not while they are let go (the host
    /// rendered more than `maximumDuty` of the time: no time between frames to decode in).
    public var isHolding: Bool {
        condition.lock(); defer { condition.unlock() }
        return Date().timeIntervalSinceReferenceDate >= releasedUntil
    }

    /// Returns when no frame is rendering, or after `maximumWait`; a worker that has waited
    /// that long then runs `maximumWait` without waiting (`freeUntil`, its own), so a
    /// frame loop that never stops rendering still leaves decoding half the time.
    func waitWhileRendering(freeUntil: inout Double) {
        condition.lock()
        defer { condition.unlock() }
        guard rendering else { return }
        let now = Date().timeIntervalSinceReferenceDate
        if now < releasedUntil || now < freeUntil { return }
        waitCount += 1
        let deadline = Date(timeIntervalSinceReferenceDate: now + maximumWait)
        while rendering {
            if !condition.wait(until: deadline) {
                freeUntil = Date().timeIntervalSinceReferenceDate + maximumWait
                return
            }
        }
    }

    /// A checkpoint for one worker thread (it keeps that worker's `freeUntil`).
    public func makeCheckpoint() -> DecodeCheckpoint {
        var freeUntil = 0.0
        return { self.waitWhileRendering(freeUntil: &freeUntil) }
    }
}
