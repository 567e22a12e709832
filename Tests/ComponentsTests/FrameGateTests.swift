import Assets
import Foundation
import Images
import XCTest
import _TestSupport

/// Decode workers wait while the host renders a frame (`FrameGate`), and are never
/// starved by a host that renders all the time.
final class FrameGateTests: XCTestCase {
    /// A 64x512 opaque gradient.
    func gradient() -> Image {
        var image = Image(width: 64, height: 512)
        for y in 0..<512 { for x in 0..<64 {
            let i = (y * 64 + x) * 4
            image.pixels[i] = UInt8(x * 4); image.pixels[i + 1] = UInt8(y / 2); image.pixels[i + 2] = 90; image.pixels[i + 3] = 255
        } }
        return image
    }

    func testACheckpointWaitsForTheFrameToEnd() {
        let gate = FrameGate()
        gate.maximumWait = 10
        let checkpoint = gate.makeCheckpoint()
        gate.beginFrame()
        let passed = expectation(description: "checkpoint passed")
        let start = Date()
        let waited = Counter()
        Thread.detachNewThread {
            checkpoint()
            waited.set(Date().timeIntervalSince(start))
            passed.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.2)
        gate.endFrame()
        wait(for: [passed], timeout: 5)
        XCTAssertGreaterThanOrEqual(waited.value, 0.2)
        XCTAssertEqual(gate.waits, 1)
        // No frame rendering: no wait.
        checkpoint()
        XCTAssertEqual(gate.waits, 1)
    }

    func testAFrameThatNeverEndsHoldsAWorkerAtMostMaximumWaitThenLetsItRunAsLong() {
        let gate = FrameGate()
        gate.maximumWait = 0.1
        let checkpoint = gate.makeCheckpoint()
        gate.beginFrame()
        let start = Date()
        checkpoint()                                   // waits 0.1 s, then runs free for 0.1 s
        let first = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(first, 0.1)
        XCTAssertLessThan(first, 1.0)
        let t = Date()
        for _ in 0..<100 { checkpoint() }              // within the free time: no waiting
        XCTAssertLessThan(Date().timeIntervalSince(t), 0.05)
        XCTAssertEqual(gate.waits, 1)
        gate.endFrame()
    }

    func testAQueuedDecodeWaitsForTheFrameThenFinishes() throws {
        let dir = try TemporaryDirectory()
        let image = gradient()
        let path = try dir.write("p.jpg", bytes: image.jpegData(quality: 90)!)
        let gate = FrameGate()
        gate.maximumWait = 30
        let queue = DecodeQueue(workers: 1, gate: gate)
        gate.beginFrame()
        queue.submit([DecodeQueue.Job(id: 1, path: path, size: .full, priority: 0)])
        Thread.sleep(forTimeInterval: 0.3)
        var outcomes: [DecodeQueue.Outcome] = []
        queue.drain { outcomes.append($0) }
        XCTAssertTrue(outcomes.isEmpty, "no decode while the frame renders")
        let heldCPU = queue.workerCPUSeconds
        XCTAssertLessThan(heldCPU, 0.05, "a held worker uses no CPU (it was parked 0.3 s)")
        gate.endFrame()
        let deadline = Date(timeIntervalSinceNow: 10)
        while outcomes.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            queue.drain { outcomes.append($0) }
        }
        XCTAssertEqual(outcomes.count, 1)
        XCTAssertEqual(try outcomes.first?.result.get()?.base.height, 512)
        // The workers' CPU clock counts the decode the worker timed itself.
        XCTAssertGreaterThanOrEqual(queue.workerCPUSeconds - heldCPU, outcomes.first?.seconds ?? 1)
    }

    /// A JPEG decode reaches its checkpoint between bands of rows: at least once per 16
    /// rows decoded, plus the downsample's every 16 rows and the mip chain's levels.
    func testAJPEGDecodeReachesItsCheckpointBetweenBandsOfRows() throws {
        let image = gradient()
        let data = image.jpegData(quality: 90)!
        var calls = 0
        let decoded = try Image.decode(data: data, name: "p.jpg", checkpoint: { calls += 1 })
        XCTAssertEqual(decoded.height, 512)
        XCTAssertGreaterThanOrEqual(calls, 512 / 16)
        calls = 0
        // Aspect fill: rows above the crop skipped in bands, then the shown rows, then the downsample.
        _ = try Image.decode(data: data, name: "p.jpg", size: .cover(width: 32, height: 32, crop: true),
                             checkpoint: { calls += 1 })
        XCTAssertGreaterThanOrEqual(calls, 3)
        calls = 0
        _ = MipChain(decoded, checkpoint: { calls += 1 })
        // Every 16 rows made: levels 256, 128, 64, 32 and 16 rows high give 16 + 8 + 4 + 2 + 1.
        XCTAssertEqual(calls, 31, "512 high: every 16 rows of levels 1 to 5")
    }

    /// A poster's mip chain (960x525: odd heights go through the area resampler) stops
    /// every 16 rows too, not once per level: level 1 alone takes milliseconds, and a
    /// worker that went on through it ran into the next frame.
    func testAMipChainOfAnOddSizedImageReachesItsCheckpointEvery16Rows() {
        let image = Image(width: 960, height: 525, pixels: [UInt8](repeating: 200, count: 960 * 525 * 4))
        var calls = 0
        let chain = MipChain(image, checkpoint: { calls += 1 })
        XCTAssertEqual(chain.levels.map(\.height), [525, 262, 131, 65, 32, 16, 8, 4, 2, 1])
        // Levels 262, 131, 65, 32 and 16 rows high: 16 + 8 + 4 + 2 + 1.
        XCTAssertEqual(calls, 31)
    }
}

extension FrameGateTests {
    /// Renders `frames` frames of `busy` seconds each, `idle` seconds apart.
    private func frames(_ gate: FrameGate, _ frames: Int, busy: Double, idle: Double) {
        for _ in 0..<frames {
            if idle > 0 { Thread.sleep(forTimeInterval: idle) }
            gate.beginFrame()
            Thread.sleep(forTimeInterval: busy)
            gate.endFrame()
        }
    }

    /// A loop that renders all the time (no vsync, no pacing) leaves no time between frames:
    /// once rendering has passed `maximumDuty` of the time for `sustainSeconds`, the gate
    /// lets workers go for `releaseSeconds`, then holds them again while the loop is paced.
    func testAnUnpacedFrameLoopLetsWorkersGoForTheReleaseThenAPacedOneHoldsThem() {
        let gate = FrameGate()
        gate.maximumWait = 10
        gate.sustainSeconds = 0.1
        gate.releaseSeconds = 0.3
        frames(gate, 60, busy: 0.004, idle: 0)          // 0.24 s unpaced: over the duty for > 0.1 s
        XCTAssertFalse(gate.isHolding)
        gate.beginFrame()
        let start = Date()
        gate.makeCheckpoint()()
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, "not held")
        gate.endFrame()
        // Paced: 4 ms of rendering in 16 ms, past the release.
        frames(gate, 30, busy: 0.004, idle: 0.012)
        XCTAssertTrue(gate.isHolding)
    }

    /// A moment of late frames (a busy host), shorter than `sustainSeconds`, lets no worker
    /// go: workers running then would make the frames later still.
    func testAFewLateFramesLetNoWorkerGo() {
        let gate = FrameGate()
        gate.maximumWait = 10
        gate.sustainSeconds = 0.5
        frames(gate, 10, busy: 0.004, idle: 0.012)      // paced
        frames(gate, 12, busy: 0.02, idle: 0)           // 0.24 s of frames back to back
        XCTAssertTrue(gate.isHolding)
        frames(gate, 10, busy: 0.004, idle: 0.012)
        XCTAssertTrue(gate.isHolding)
    }
}

/// A value set on one thread and read on another.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0.0
    func set(_ v: Double) { lock.lock(); stored = v; lock.unlock() }
    var value: Double { lock.lock(); defer { lock.unlock() }; return stored }
}
