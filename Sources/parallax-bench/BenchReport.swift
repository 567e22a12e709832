import Foundation
import GLRenderer
import Images

/// Where the figures were measured.
struct MachineInfo: Encodable {
    var glRenderer: String
    var glVersion: String
    /// The API measured: "desktop" (OpenGL 3.3 core or later) or "es" (OpenGL ES 3.0 or later).
    var glAPI: String
    var cpuCores: Int
    var cpuModel: String
    var os: String

    init(renderer: GLRenderer) {
        glRenderer = renderer.glRenderer
        glVersion = renderer.glVersion
        glAPI = renderer.capabilities.apiKey
        cpuCores = ProcessInfo.processInfo.activeProcessorCount
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        cpuModel = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown"
        os = ProcessInfo.processInfo.operatingSystemVersionString
    }
}

/// Every figure of a benchmark run.
struct BenchReport: Encodable {
    var machine: MachineInfo
    var size: [Int]
    var frames: Int
    var warmup: Int
    var dt: Double
    var startupSeconds: Double
    var scenes: [SceneResult]

    /// A readable table for the terminal.
    var table: String {
        func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
        var lines = ["parallax-bench \(size[0])x\(size[1]), \(frames) frames after \(warmup) warm-up, on \(machine.glRenderer), \(machine.glVersion) (\(machine.cpuCores) cores)",
                     ""]
        let header = ["scene", "layers", "quads", "wall med", "wall p99", "fps", "light", "x light", "visible Mpx", "shaded Mpx",
                      "ours cpu", "submit cpu", "raster wait", "gpu med", "draws", "state", "uploads", "allocs(core)", "allocs",
                      "us/layer(core)", "fill Mpx/s", "damaged wall", "damaged Mpx", "readback"]
        var rows = [header]
        for r in scenes {
            rows.append([r.scene, "\(r.layers)", f(r.quadsPerFrame, 0), f(r.wallMs.median) + " ms", f(r.wallMs.p99) + " ms",
                         f(r.fps, 0), f(r.speedOfLightMs) + " ms", f(r.ratioToSpeedOfLight), f(r.visiblePixelsPerFrame / 1e6),
                         f(r.shadedPixelsPerFrame / 1e6),
                         f(r.oursCpuMs.median, 3) + " ms", f(r.submitCpuMs.median, 3) + " ms", f(r.rasterWaitMs.median) + " ms",
                         r.gpuMs.map { f($0.median) + " ms" } ?? "n/a",
                         f(r.drawCallsPerFrame, 0), f(r.stateChangesPerFrame, 0), f(r.textureUploadsPerFrame, 1),
                         f(r.allocationsPerFrameExcludingDriver, 1), f(r.allocationsPerFrame, 1), f(r.coreMicrosecondsPerLayer, 3),
                         f(r.fillMegapixelsPerSecond, 0), r.damageWallMs.map { f($0.median) + " ms" } ?? "-",
                         r.damagePixelsPerFrame.map { f($0 / 1e6) } ?? "-",
                         r.readbackMs.map { f($0) + " ms" } ?? "-"])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            lines.append(row.enumerated().map { c, v in
                c == 0 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[c] - v.count) + v
            }.joined(separator: "  "))
        }
        lines.append("")
        lines.append("start-up to the first finished frame: \(f(startupSeconds, 3)) s")
        lines.append("wall = CPU + GPU to completion (glFinish); light = speed of light: one clear + the frame's visible pixels "
                     + "(counted exactly: clipped, culled, occluded and fully transparent fragments left out) at the plain "
                     + "blended bilinear fill rate of a minimal shader (fill Mpx/s), measured after each scene; shaded = every "
                     + "fragment the frame shades and writes (hidden and fully transparent ones too): shaded / visible is the overdraw; "
                     + "ours cpu = input + update + flatten; submit cpu = the main thread's CPU in the GL calls (renderer + "
                     + "driver front end); raster wait = wall - both (rasteriser / GPU); allocs(core) = heap allocations "
                     + "in input + update + flatten, allocs adds the GL submit; damaged (--damage) = the same frames "
                     + "redrawn only where they changed, into the kept frame")
        return lines.joined(separator: "\n")
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try OutputFile.write(Array(encoder.encode(self)), to: path)
    }
}
