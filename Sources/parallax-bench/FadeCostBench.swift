import Assets
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers

/// `parallax-bench --fade-cost`: what an item fading in costs the frame loop, against
/// the same item drawn once. Two 640x350-point items (960x525 pixels at 1920x1080) that
/// mask to their bounds, drawn four ways: the image alone; the image as a sublayer at
/// opacity 0.5 over the item's 1/8-size preview (a fade from the preview), over the
/// placeholder colour (a fade from the colour), and at opacity 1 over the preview (the
/// carousel's reveal, until the image is the item's own contents). Each way is rendered
/// 120 times in turn, items on whole pixels, moved by a third of a pixel (filtered
/// sampling everywhere) and turned in perspective (as cover-flow carousels); the median CPU time of the frame loop's thread per frame is
/// reported (with `LP_NUM_THREADS=0` llvmpipe rasterises on that thread: the whole cost).
///
/// Does NOT decode files or stream uploads: the images are made in memory and uploaded
/// before timing.
struct FadeCostBench {
    let bench: Bench
    static let frames = 120

    func run() throws -> String {
        let store = ImageStore()
        func image(_ w: Int, _ h: Int) -> Image {
            var px = [UInt8](repeating: 255, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    let o = (y * w + x) * 4
                    px[o] = UInt8((x * 255) / max(1, w - 1)); px[o + 1] = UInt8((y * 255) / max(1, h - 1)); px[o + 2] = 90
                }
            }
            return Image(width: w, height: h, pixels: px)
        }
        let full = store.add(image(960, 525), key: "fade-cost/full")
        let preview = store.add(image(120, 66), key: "fade-cost/preview")
        let canvas = Size(1280, 720)
        func items(offset: Double, _ make: (Layer) -> Void) -> [Layer] {
            [320.0, 960.0].map { x in
                let l = Layer(name: "item", bounds: Size(640, 350), position: Point(x + offset, 360 + offset))
                if offset < 0 { l.transform = Transform3D.rotation(0.5, 0, 1, 0) * Transform3D.perspective(1000) }
                l.masksToBounds = true
                l.contentsGravity = .resizeAspectFill
                make(l)
                return l
            }
        }
        func withSublayer(_ under: LayerContents, opacity: Double) -> (Layer) -> Void {
            { l in
                l.contents = under
                let f = Layer(name: "item/image", bounds: Size(640, 350), position: Point(320, 175))
                f.masksToBounds = true
                f.contentsGravity = .resizeAspectFill
                f.contents = .image(full)
                f.opacity = opacity
                l.addSublayer(f)
            }
        }
        let ways: [(String, (Layer) -> Void)] = [
            ("image alone", { $0.contents = .image(full) }),
            ("image at 0.5 over the preview", withSublayer(.image(preview), opacity: 0.5)),
            ("image at 0.5 over the colour", withSublayer(.color(Color(0.22, 0.22, 0.25)), opacity: 0.5)),
            ("image at 1 over the preview", withSublayer(.image(preview), opacity: 1)),
        ]
        var lines = ["fade cost: two 960x525-pixel items at 1920x1080 on \(bench.renderer.glRenderer), frame loop CPU per frame (median of \(FadeCostBench.frames)):"]
        var flattener = Flattener()
        var list = RenderList()
        let target = RenderTarget.framebuffer(bench.framebuffer)
        for offset in [0.0, 1.0 / 3, -1] {
            var medians: [String] = []
            for (name, make) in ways {
                flattener.flatten(items(offset: offset, make), canvas: canvas, into: &list)
                for _ in 0..<10 {      // uploads, mip chains and shader variants before timing
                    bench.renderer.render(list, into: target, images: store, background: Color(0.08, 0.08, 0.1))
                    bench.renderer.finish()
                }
                var cpu: [Double] = [], wall: [Double] = [], gpu: [Double] = []
                for _ in 0..<FadeCostBench.frames {
                    let c0 = DecodeQueue.threadCPUSeconds(), w0 = Date()
                    bench.renderer.render(list, into: target, images: store, background: Color(0.08, 0.08, 0.1))
                    bench.renderer.finish()
                    cpu.append((DecodeQueue.threadCPUSeconds() - c0) * 1000)
                    wall.append(Date().timeIntervalSince(w0) * 1000)
                    if let g = bench.renderer.lastGPUMilliseconds { gpu.append(g) }
                }
                let gpuText = gpu.isEmpty ? "" : String(format: ", GPU %.3f", Summary(gpu).median)
                medians.append(String(format: "%@ %.2f ms (wall %.2f%@; %d draws)", name, Summary(cpu).median,
                                      Summary(wall).median, gpuText, bench.renderer.stats.drawCalls))
            }
            lines.append((offset == 0 ? "  on whole pixels: " : offset > 0 ? "  moved 1/3 pixel: " : "  turned 0.5 rad about y, in perspective: ")
                         + medians.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
