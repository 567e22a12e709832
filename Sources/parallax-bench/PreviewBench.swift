import Assets
import Foundation
import GLRenderer
import Images
import Layers
import Scene
import SceneRuntime
import ToolSupport

/// `parallax-bench --preview-cost`: browsing a row of cards while the focused card's
/// 720p H.264 preview plays (software decode on the worker), against the same browse with
/// no previews. The frame loop is paced at 60 Hz on the wall clock (scene time = wall
/// time), a Right press every 3 s moves focus along 8 cards; each frame's work (update,
/// flatten, frame conversion, render, glFinish) is timed. Also: the decode thread's CPU
/// seconds per second of video played, and each preview's start latency (from the moment
/// `previewDelay` elapses to its first frame on screen). The previews play twice: with
/// `fastPreviews` off (full decoding, the file opened once the delay ends) and on. The three
/// browses alternate for `rounds` rounds (load on a shared machine drifts: a round's figures
/// are comparable).
/// Like the demo, decode workers wait at the frame gate while a frame renders.
///
/// Does not: play sound. Hardware decoding is tried as in the demo (`--hwdec`).
struct PreviewBench {
    let renderer: GLRenderer
    let framebuffer: Framebuffer
    /// Seconds of browsing per run.
    var seconds = 24.0
    /// Rounds of the two browses, interleaved.
    var rounds = 3
    /// `--hwdec`, when given.
    var hwdec: String?
    static let delay = 0.5

    /// Makes the clip with ffmpeg (once) and runs both browses; the report's lines.
    func run() throws -> String {
        let clip = "/tmp/parallax-preview-720p.mp4"
        if !FileManager.default.fileExists(atPath: clip) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=10",
                           "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", clip]
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw BenchError(description: "ffmpeg could not make \(clip)") }
        }
        func ms(_ s: Summary) -> String { String(format: "median %.2f ms, p95 %.2f ms", s.median, s.p95) }
        var lines = ["preview cost: \(Int(seconds)) s browse of 8 cards at 60 Hz, \(framebuffer.width)x\(framebuffer.height), previewDelay \(PreviewBench.delay) s, \(rounds) rounds"]
        for round in 1...max(1, rounds) {
            let plain = try browse(preview: nil)
            lines += ["round \(round):", "  no previews:   \(ms(plain.frames)) (\(plain.count) frames; \(plain.drawn))"]
            for fast in [false, true] {
                let video = try browse(preview: clip, fast: fast)
                lines += ["  720p previews, fastPreviews \(fast ? "on" : "off"): \(ms(video.frames)) (\(video.count) frames; \(video.drawn))",
                          String(format: "    p95 ratio: %.2f", video.frames.p95 / max(plain.frames.p95, 1e-9)),
                          "    frames showing a new video frame (\(video.newCount)): \(ms(video.newFrames)); the others: \(ms(video.otherFrames))"]
                if video.videoSeconds > 0 {
                    lines.append(String(format: "    decode thread: %.3f CPU s per second of video (%.1f s played)",
                                        video.decodeCPU / video.videoSeconds, video.videoSeconds))
                }
                if !video.latencies.isEmpty {
                    let l = Summary(video.latencies.map { $0 * 1000 })
                    lines.append(String(format: "    preview start latency (delay elapsed -> first frame drawn): median %.1f ms, max %.1f ms over %d starts",
                                        l.median, l.max, video.latencies.count))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    struct Run {
        var frames = Summary([])
        /// Frames that put a new video frame on the GPU, and the others.
        var newFrames = Summary([]), otherFrames = Summary([])
        var newCount = 0
        var count = 0
        var decodeCPU = 0.0, videoSeconds = 0.0
        var latencies: [Double] = []
        /// Per frame, averaged: what the renderer drew.
        var drawCalls = 0.0, pixelsDrawn = 0.0, groups = 0.0, clipPasses = 0.0, uploadedBytes = 0.0

        var drawn: String {
            String(format: "per frame %.1f draw calls, %.2f Mpx, %.2f offscreen groups, %.2f stencil clips, %.0f KB uploaded",
                   drawCalls, pixelsDrawn / 1e6, groups, clipPasses, uploadedBytes / 1024)
        }
    }

    private func browse(preview: String?, fast: Bool = true) throws -> Run {
        let items = (0..<8).map { i in
            #"{"title": "Card \#(i)"\#(preview.map { #", "preview": "\#($0)""# } ?? "")}"#
        }.joined(separator: ", ")
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "itemSize": [400, 225], "previewDelay": \#(PreviewBench.delay), "items": [\#(items)]}]}"#
        let images = ImageStore()
        // As the demo and ParallaxHost do: images and previews at the drawable's pixel size.
        images.pixelsPerPoint = ImageStore.pixelsPerPoint(drawableWidth: framebuffer.width)
        let scene = try SceneLoader.parse(text, file: "preview-bench.json", directory: "/", images: images)
        scene.videoPlayback = .live
        scene.videos.fastPreviews = fast
        HardwareDecodingOption.apply(hwdec, to: scene)
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        compositor.pausesDecoders = true
        var samples: [Double] = [], converting: [Bool] = []
        var run = Run()
        let start = now()
        var next = 0.0, nextPress = 3.0, focusAt = 0.0, waiting = true
        var played: [ObjectIdentifier: Double] = [:]
        // Each preview kept until the end: a freed one's address could key the next.
        var previews: [VideoContents] = []
        while next < seconds {
            let wait = start + next - now()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let t0 = now()
            let time = t0 - start
            if time >= nextPress {
                scene.handle(.key("Right", down: true), at: time)
                scene.handle(.key("Right", down: false), at: time)
                nextPress += 3
                focusAt = time
                waiting = true
            }
            scene.update(to: time)
            converting.append(scene.videos.all.contains { $0.pending != nil })
            compositor.beginFrame(atTime: time, target: .framebuffer(framebuffer))
            try compositor.render()
            renderer.finish()
            compositor.endFrame()
            samples.append((now() - t0) * 1000)
            let stats = renderer.stats
            run.drawCalls += Double(stats.drawCalls); run.pixelsDrawn += stats.pixelsDrawn
            run.groups += Double(stats.groups); run.clipPasses += Double(stats.clipPasses)
            run.uploadedBytes += Double(stats.uploadedBytes)
            for v in scene.videos.all {
                if played[ObjectIdentifier(v)] == nil { previews.append(v) }
                played[ObjectIdentifier(v)] = v.decodeCPUSeconds
            }
            if waiting, let v = scene.videos.all.first, v.hasFrame {
                run.latencies.append(max(0, now() - start - focusAt - PreviewBench.delay))
                waiting = false
            }
            if preview != nil && scene.videos.all.first?.hasFrame == true { run.videoSeconds += 1.0 / 60 }
            next += 1.0 / 60
        }
        run.frames = Summary(samples)
        run.newFrames = Summary(zip(samples, converting).filter { $0.1 }.map { $0.0 })
        run.otherFrames = Summary(zip(samples, converting).filter { !$0.1 }.map { $0.0 })
        run.newCount = converting.filter { $0 }.count
        run.count = samples.count
        let n = Double(max(1, samples.count))
        run.drawCalls /= n; run.pixelsDrawn /= n; run.groups /= n; run.clipPasses /= n; run.uploadedBytes /= n
        run.decodeCPU = played.values.reduce(0, +)
        return run
    }

    private func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}

