import Assets
import CGL
import Components
import Foundation
import GLRenderer
import Images
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import ToolSupport

/// Soak mode: cycles every named scene with seeded random input for a while and checks
/// that resident memory and GL objects stay flat, that no GL error occurs and that no
/// matrix ever holds NaN or infinity.
struct Soak {
    let bench: Bench
    let seconds: Double
    let seed: UInt64
    /// Scenes to cycle (named or files).
    let scenes: [String]

    struct Report: Encodable {
        var seconds: Double
        var frames: Int
        var events: Int
        var residentStartMiB: Double
        var residentEndMiB: Double
        /// Resident memory after each cycle through every scene.
        var residentPerCycleMiB: [Double]
        var texturesStart: Int
        var texturesEnd: Int
        var glErrors: [String]
        var invariantFailures: [String]
        /// Median resident memory over the second quarter of the cycles and over the last
        /// quarter: allocator pools and driver caches fill during the first quarter.
        var residentPlateauMiB: (early: Double, late: Double) {
            let n = residentPerCycleMiB.count
            guard n >= 4 else { return (residentStartMiB, residentEndMiB) }
            func median(_ a: ArraySlice<Double>) -> Double { let s = a.sorted(); return s[s.count / 2] }
            return (median(residentPerCycleMiB[(n / 4)..<(n / 2)]), median(residentPerCycleMiB[(3 * n / 4)...]))
        }
        /// Memory counts as flat when the late plateau is within 10% of the early one.
        var memoryFlat: Bool { residentPlateauMiB.late <= residentPlateauMiB.early * 1.1 }
        var passed: Bool { glErrors.isEmpty && invariantFailures.isEmpty && memoryFlat }

        var table: String {
            """
            soak: \(frames) frames, \(events) random events over \(String(format: "%.1f", seconds)) s
            resident memory: \(String(format: "%.1f", residentStartMiB)) MiB at start (after the first cycle), \
            \(String(format: "%.1f", residentEndMiB)) MiB at end
            resident memory plateau: \(String(format: "%.0f", residentPlateauMiB.early)) MiB (second quarter of the cycles), \
            \(String(format: "%.0f", residentPlateauMiB.late)) MiB (last quarter): \(memoryFlat ? "flat" : "GROWING")
            resident memory per cycle (MiB): \(residentPerCycleMiB.map { String(format: "%.0f", $0) }.joined(separator: " "))
            textures: \(texturesStart) at start, \(texturesEnd) at end
            GL errors: \(glErrors.isEmpty ? "none" : glErrors.joined(separator: "; "))
            invariants: \(invariantFailures.isEmpty ? "all held" : invariantFailures.prefix(5).joined(separator: "; "))
            result: \(passed ? "PASS" : "FAIL")
            """
        }

        func writeJSON(to path: String) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try OutputFile.write(Array(encoder.encode(self)), to: path)
        }
    }

    func run() throws -> Report {
        var rng = SplitMix(seed: seed)
        let renderer = bench.renderer
        let target = RenderTarget.framebuffer(bench.framebuffer)
        let start = now()
        var frames = 0, eventCount = 0
        var glErrors: [String] = [], failures: [String] = []
        var residentStart = 0.0, texturesStart = 0
        var cycle = 0
        var perCycle: [Double] = []
        while now() - start < seconds || cycle < 3 {
            for name in scenes {
                let images = ImageStore()
                let scene = try BuiltInScenes.load(fileOrName: name, images: images, builtIn: BenchScenes.json)
                let driver = SceneDriver(scene: scene, events: [])
                let compositor = Compositor(renderer: renderer, scene: scene, images: images)
                var t = 0.0
                for _ in 0..<30 {
                    try StopSignals.check()
                    t += 1.0 / 60
                    for _ in 0..<Int.random(in: 0...3, using: &rng) {
                        driver.deliver(randomEvent(canvas: scene.canvas, rng: &rng), at: t)
                        eventCount += 1
                    }
                    driver.advance(to: t)
                    compositor.beginFrame(atTime: t, target: target)
                    try compositor.render()
                    frames += 1
                    for q in compositor.list.quads where !q.matrix.isFinite || !q.opacity.isFinite {
                        failures.append("\(name): non-finite matrix or opacity in \(q.name) at t=\(t)")
                    }
                    let e = glGetError()
                    if e != GLenum(GL_NO_ERROR) { glErrors.append("\(name): glGetError 0x\(String(e, radix: 16))") }
                }
                renderer.finish()
            }
            cycle += 1
            perCycle.append(residentMiB())
            if cycle == 1 {
                residentStart = residentMiB()
                texturesStart = renderer.textures.count
            }
            ToolProcess.note(String(format: "\rsoak: %.0f/%.0f s, %d frames   ", now() - start, seconds, frames))
        }
        ToolProcess.note("\r\u{1B}[K")
        return Report(seconds: now() - start, frames: frames, events: eventCount, residentStartMiB: residentStart,
                      residentEndMiB: residentMiB(), residentPerCycleMiB: perCycle, texturesStart: texturesStart, texturesEnd: renderer.textures.count,
                      glErrors: glErrors, invariantFailures: failures)
    }

    func randomEvent(canvas: Size, rng: inout SplitMix) -> InputEvent {
        let p = Point(Double.random(in: -50...(canvas.width + 50), using: &rng),
                      Double.random(in: -50...(canvas.height + 50), using: &rng))
        let keys = ["Left", "Right", "Up", "Down", "Return", "Space", "Home", "End", "PageUp", "PageDown", "Escape"]
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return .key(keys.randomElement(using: &rng)!, down: Bool.random(using: &rng))
        case 1: return .pointer(p, button: .left, down: Bool.random(using: &rng))
        case 2, 3: return .move(p)
        case 4: return .wheel(dx: Double.random(in: -200...200, using: &rng), dy: Double.random(in: -200...200, using: &rng))
        case 5: return .controllerAxis(["leftx", "lefty", "rightx", "righty"].randomElement(using: &rng)!,
                                       value: Double.random(in: -1...1, using: &rng))
        default: return .controllerButton(["A", "B", "DpadLeft", "DpadRight", "DpadUp", "DpadDown"].randomElement(using: &rng)!,
                                          down: Bool.random(using: &rng))
        }
    }
}

/// Resident set size in MiB (from /proc/self/statm).
func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// SplitMix64: a small seeded generator so soak runs repeat.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
