import Assets
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import SceneRuntime
import ToolSupport

/// Writes what a scene draws, frame by frame, for the peer renderers of
/// `scripts/compare-peers.sh` (SDL_Renderer, Qt Quick) to draw the same work: every image as
/// a PNG and every frame's quads with their content corners in target pixels.
///
/// Format of `poses.txt` (one record per line, spaces between fields):
/// `size W H`, then `image ID FILE` per image, then per frame `frame N` followed by one
/// `q ID OPACITY R G B A X0 Y0 X1 Y1 X2 Y2 X3 Y3 U0 V0 U1 V1` per quad (ID -1: a colour
/// fill R G B A, straight alpha; corners TL, TR, BR, BL of the content rectangle; the UV
/// rectangle with v down). Clips, rounded corners and perspective-correct texturing are
/// left out: the peers draw each quad as two affine textured triangles.
///
/// Does NOT: run during timed frames (the bench writes it after measuring), or write
/// anything when the scene has no quads.
final class PoseExport {
    private let directory: String
    private var lines: [String] = []
    private var written: Set<Int> = []

    init(directory: String, width: Int, height: Int) throws {
        self.directory = directory
        do { try OutputFile.makeFolders(directory) } catch let error as FileError {
            throw BenchError(description: "--poses \(error)")
        }
        lines.append("size \(width) \(height)")
    }

    /// Appends frame `n` of `list`, drawn into `width` x `height` pixels; writes images not seen yet.
    func record(frame n: Int, list: RenderList, images: ImageStore, width: Int, height: Int) throws {
        let map = GLRenderer.canvasMapping(canvas: list.canvas, pixelWidth: width, pixelHeight: height)
        var quadLines: [String] = []
        for q in list.quads {
            guard q.isInFrontOfEye else { continue }
            var id = -1
            var color = (1.0, 1.0, 1.0, 1.0)
            switch q.contents {
            case .none: continue
            case .color(let c): color = (c.r, c.g, c.b, c.a)
            case .image(let ref):
                id = ref.id
                if !written.contains(id) {
                    guard let image = images.image(for: ref) else { continue }
                    let file = "image-\(id).png"
                    try image.writePNG(path: directory + "/" + file)
                    lines.append("image \(id) \(file)")
                    written.insert(id)
                }
            }
            let c = q.contentRect, m = q.matrix
            var fields = ["q", "\(id)", f(q.opacity), f(color.0), f(color.1), f(color.2), f(color.3)]
            for (x, y) in [(c.minX, c.minY), (c.maxX, c.minY), (c.maxX, c.maxY), (c.minX, c.maxY)] {
                let v = m.apply(Vector4(x, y, 0, 1))
                fields.append(f(v.x / v.w * map.scale + map.offsetX))
                fields.append(f(v.y / v.w * map.scale + map.offsetY))
            }
            let t = q.textureRect
            fields += [f(t.minX), f(t.minY), f(t.maxX), f(t.maxY)]
            quadLines.append(fields.joined(separator: " "))
        }
        lines.append("frame \(n)")
        lines += quadLines
    }

    func finish() throws {
        let path = directory + "/poses.txt"
        do {
            try OutputFile.write(lines.joined(separator: "\n") + "\n", to: path)
        } catch {
            throw BenchError(description: "--poses: cannot write \(path) (\(error.localizedDescription))")
        }
    }

    private func f(_ v: Double) -> String { String(format: "%.4f", v) }
}

/// A one-line error of the benchmark itself.
struct BenchError: OneLineError {
    var description: String
}
