// Compiling, before the first frame, the shader variants a software rasteriser would
// otherwise compile in the middle of an animation.
//
// Mesa's llvmpipe compiles a fragment-shader variant for every combination of program,
// blend, stencil and sampler/texture state it meets (4-10 ms each on the frame loop's
// thread, measured on 2 cores). A poster carousel first meets some of them seconds into
// browsing: its first preview (a small image sampled bilinearly, unblended) and its first
// item fading in (drawn inside a stencil clip). Those frames came out 1.5x late. The
// warm-up draws a few small examples of those kinds into the target, just before the first
// frame's clear, so the variants exist before they are needed (30-60 ms, once; a first
// frame compiles what it draws itself). Drawing every combination instead took 0.3 s.
//
// Does NOT: change any pixel of the frame that follows (it draws before that frame's
// clear, and only into the renderer's own targets, never an app's), keep its textures, or
// count in the frame's statistics.

import Images
import LayerMath
import Layers

/// The warm-up's layers and their images.
struct ShaderWarmUp {
    /// Every image the layers show (`ImageRef.id` -> pixels).
    final class Images: ImageSource {
        var images: [Int: Image] = [:]
        func image(for ref: ImageRef) -> Image? { images[ref.id] }
    }

    let layers: [Layer]
    let images = Images()

    /// The canvas is the target's pixels (scale 1), so a layer's size in points is its size
    /// in pixels: magnified, minified and one-texel-per-pixel images are all exact.
    /// `store`: the store the images are registered under (their textures are removed by it).
    init(store: UInt32) {
        var next = 0
        let images = self.images
        /// An image of `w` x `h` (opaque or with an alpha ramp), registered under a new id.
        func image(_ w: Int, _ h: Int, opaque: Bool) -> LayerContents {
            var pixels = [UInt8](repeating: 255, count: w * h * 4)
            for i in 0..<(w * h) {
                let a = opaque ? 255 : UInt8(64 + (i * 191) / max(1, w * h - 1))
                pixels[i * 4] = UInt8((i * 37) & 255) & a
                pixels[i * 4 + 1] = UInt8((i * 11) & 255) & a
                pixels[i * 4 + 2] = a / 2
                pixels[i * 4 + 3] = a
            }
            next += 1
            images.images[next] = Image(width: w, height: h, pixels: pixels)
            return .image(ImageRef(id: next, width: w, height: h, isOpaque: opaque, store: store))
        }
        func layer(_ contents: LayerContents, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                   radius: Double = 0, clips: Bool = false, opacity: Double = 1) -> Layer {
            let l = Layer(name: "warm-up", bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
            l.contents = contents
            l.cornerRadius = radius
            l.masksToBounds = clips
            l.opacity = opacity
            return l
        }
        // The kinds measured to first appear seconds into an animation (a first frame
        // compiles its own): a small image magnified (a carousel's first preview), opaque
        // (unblended) and translucent; a translucent colour; and an item fading in, a rounded
        // clip inside a rounded clip (stencil), in its opaque and translucent parts.
        var all: [Layer] = []
        all.append(layer(image(30, 20, opaque: true), 0, 0, 90, 60))
        all.append(layer(image(30, 20, opaque: false), 100, 0, 90, 60))
        all.append(layer(.color(Color(0.2, 0.4, 0.6, 0.5)), 200, 0, 40, 30))
        for (x, tilt) in [(250.0, 0.0), (350.0, 0.4)] {
            let shelf = layer(.none, x, 0, 100, 60, clips: true)
            let item = layer(tilt == 0 ? .color(Color(0.2, 0.2, 0.25)) : image(30, 20, opaque: true), 10, 5, 80, 50,
                             radius: 8, clips: true)
            if tilt != 0 { item.transform = .rotation(tilt, 0, 1, 0) * .perspective(500) }
            // A poster filling a landscape item (`resizeAspectFill`): its quad overhangs the clip.
            let poster = layer(image(20, 30, opaque: true), 0, 0, 80, 50, radius: 8, clips: true, opacity: 0.5)
            poster.contentsGravity = .resizeAspectFill
            item.addSublayer(poster)
            // Turned against the clip, it keeps the clip out of the shader: a stencil clip.
            let turned = layer(.color(Color(0.9, 0.1, 0.1, 0.7)), 10, 10, 90, 20)
            turned.transform = .rotation(0.2, 0, 0, 1)
            item.addSublayer(turned)
            shelf.addSublayer(item)
            all.append(shelf)
        }
        layers = all
    }
}

extension GLRenderer {
    /// Draws the warm-up into `target` (a full frame of its own, cleared to transparent),
    /// then forgets its textures and statistics; the caller's frame clears it away.
    func warmUpShaderVariants(into target: RenderTarget) {
        let store = ImageStoreID.make()
        defer { ImageStoreID.retire(store) }
        let warmUp = ShaderWarmUp(store: store)
        let (pw, ph) = (target.pixelSize.width, target.pixelSize.height)
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(warmUp.layers, canvas: Size(Double(pw), Double(ph)), into: &list)
        render(list, into: target, images: warmUp.images, background: Color(0, 0, 0, 0))
        textures.removeAll(store: store)
    }
}
