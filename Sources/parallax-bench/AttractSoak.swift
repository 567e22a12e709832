import Assets
import CGL
import Foundation
import GLRenderer
import Images
import Scene
import SceneRuntime
import ToolSupport

/// `parallax-bench --attract-soak SECONDS`: the attract mode's slideshow left running, as a
/// TV left idle shows it for hours. A row of 8 cards dims after 1 s without input into a
/// full-screen slideshow of 8 generated 1920x1080 backdrops (ffmpeg's `testsrc2`, each
/// hue-shifted), 4 s each with the slow zoom and pan; every 60 s a key press wakes the
/// screen and it falls asleep again. Frames are paced at 60 Hz on the wall clock (scene
/// time = wall time), drawn only when they change (as the demo does). Resident memory is
/// sampled every 10 s; the slideshow's first pass (to `warmUp`) uploads each backdrop's
/// texture once, so flatness is judged from the first sample after it.
///
/// Does not: decode the backdrops during the soak (the scene loads them once, as any scene).
struct AttractSoak {
    let renderer: GLRenderer
    let framebuffer: Framebuffer
    let seconds: Double
    /// 1 s idle, 8 slides of 4 s: every backdrop has been shown by then.
    static let warmUp = 40.0

    struct Report {
        var samples: [(time: Double, mib: Double)] = []
        var frames = 0, drawn = 0, wakes = 0
        var texturesStart = 0, texturesEnd = 0
        var glErrors: [String] = []

        /// After the warm-up: the samples from the first pass through the slideshow on.
        var steady: [Double] { samples.filter { $0.time >= AttractSoak.warmUp }.map(\.mib) }

        /// Memory counts as flat when no steady sample is more than 5% + 2 MiB above the
        /// first one (allocator and driver noise).
        var flat: Bool {
            guard let first = steady.first else { return false }
            return steady.allSatisfy { $0 <= first * 1.05 + 2 }
        }

        var table: String {
            let mib = samples.map(\.mib)
            return """
            attract soak: \(String(format: "%.0f", samples.last?.time ?? 0)) s, \(frames) frames (\(drawn) drawn), \(wakes) wakes
            resident memory (MiB, every 10 s): first \(String(format: "%.1f", mib.first ?? 0)), last \(String(format: "%.1f", mib.last ?? 0)), \
            max \(String(format: "%.1f", mib.max() ?? 0)); from \(Int(AttractSoak.warmUp)) s (every backdrop shown once): \
            first \(String(format: "%.1f", steady.first ?? 0)), last \(String(format: "%.1f", steady.last ?? 0)), \
            max \(String(format: "%.1f", steady.max() ?? 0)): \(flat ? "flat" : "GROWING")
            samples: \(mib.map { String(format: "%.1f", $0) }.joined(separator: " "))
            textures: \(texturesStart) after the first sample, \(texturesEnd) at end
            GL errors: \(glErrors.isEmpty ? "none" : glErrors.joined(separator: "; "))
            result: \(flat && glErrors.isEmpty ? "PASS" : "FAIL")
            """
        }
    }

    func run() throws -> Report {
        let folder = try TemporaryFolder.privateCache("parallax-attract-soak-\(getuid())")
        var backdrops: [String] = []
        for k in 0..<8 {
            let path = folder + "/backdrop-\(k).png"
            if !FileManager.default.fileExists(atPath: path) { try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1920x1080", "-vf", "hue=h=\(k * 45)", "-frames:v", "1", path]) }
            backdrops.append(path)
        }
        let items = (0..<8).map { #"{"title": "Card \#($0)"}"# }.joined(separator: ", ")
        let slides = backdrops.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = #"{"canvas": {"width": 1280, "height": 720}, "attract": {"idleTimeout": 1, "dim": 1, "fade": 1, "slideDuration": 4, "images": [\#(slides)]}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "itemSize": [400, 225], "items": [\#(items)]}]}"#
        let images = ImageStore()
        let scene = try SceneLoader.parse(text, file: "attract-soak.json", directory: "/", images: images)
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        compositor.pausesDecoders = true
        let target = RenderTarget.framebuffer(framebuffer)
        var report = Report()
        let start = now()
        var next = 0.0, nextSample = 10.0, nextWake = 60.0
        while now() - start < seconds {
            let wait = start + next - now()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let time = now() - start
            if time >= nextWake {
                scene.handle(.key("Right", down: true), at: time)
                scene.handle(.key("Right", down: false), at: time)
                report.wakes += 1
                nextWake += 60
            }
            scene.update(to: time)
            compositor.beginFrame(atTime: time, target: target)
            if compositor.needsDisplay {
                try compositor.render()
                renderer.finish()
                compositor.endFrame()
                report.drawn += 1
            }
            report.frames += 1
            let e = glGetError()
            if e != GLenum(GL_NO_ERROR) && report.glErrors.count < 5 { report.glErrors.append(String(format: "glGetError 0x%x at %.1f s", e, time)) }
            if time >= nextSample {
                report.samples.append((time, residentMiB()))
                if report.samples.count == 1 { report.texturesStart = renderer.textures.count }
                ToolProcess.note(String(format: "\rattract soak: %.0f/%.0f s, %.1f MiB   ", time, seconds, residentMiB()))
                nextSample += 10
            }
            // The next 60 Hz tick after now: a late frame is not followed by a burst.
            next = ((now() - start) * 60).rounded(.down) / 60 + 1.0 / 60
        }
        ToolProcess.note("\r\u{1B}[K")
        report.texturesEnd = renderer.textures.count
        return report
    }

    private func ffmpeg(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-y"] + arguments
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchError(description: "ffmpeg could not make \(arguments.last ?? "")") }
    }

    private func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
