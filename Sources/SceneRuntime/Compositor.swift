// The compositor: one object owns a frame from the scene to the target, like CARenderer.
// Does NOT: advance the scene (its clock is the caller's: input events reach the scene at
// their own times first), swap buffers, or pace presents (the platform does).

import Assets
import CGL
import Components
import GLRenderer
import Images
import LayerMath
import Layers
import Scene

extension ImageStore: ImageSource {}

/// Draws a scene frame by frame into a target.
///
///     compositor.beginFrame(atTime: t, target: .window(width: w, height: h))
///     if compositor.needsDisplay {
///         try compositor.render()
///         swapBuffers()
///         compositor.endFrame()
///     }
///     sleep until compositor.nextFrameTime (scene time; infinite: nothing scheduled) or input
public final class Compositor {
    /// The GL renderer (shaders, textures, stats).
    public let renderer: GLRenderer
    /// The scene drawn.
    public private(set) var scene: Scene
    /// The images the scene's layers show.
    public private(set) var images: ImageStore
    /// The render list of the frame begun last.
    public private(set) var list = RenderList()
    /// Redraw only what changed: the frame is kept in an offscreen framebuffer between
    /// frames, redrawn where it changed and copied to a `.window` or `.framebuffer` target
    /// (a back buffer is undefined after a swap). Off: every frame is drawn whole.
    public var redrawsOnlyDamage = false
    /// With `redrawsOnlyDamage`: the target still holds the frame last presented (a
    /// present without a swap), so only `changedPixels` is copied to it.
    public var targetHoldsLastFrame = false
    /// Draw `.window` and `.framebuffer` frames at most this size (the output's aspect
    /// kept) in the kept framebuffer and scale them up to the target bilinearly; nil: at
    /// the target's size. A scaled frame is copied whole.
    public var renderLimit: PixelSize? {
        get { kept.renderLimit }
        set { kept.renderLimit = newValue; kept.invalidate(); owesFrame = true }
    }
    /// On a CPU rasteriser, pause the image decoders from `render` to `endFrame` so a
    /// decode never takes a core the frame needs (`FrameGate`). Set it only when
    /// `endFrame` is called after each present.
    public var pausesDecoders = false
    /// A host's own layer in canvas points (such as a message panel), drawn over the scene
    /// from the next frame begun; nil: none.
    public var overlay: Layer? {
        didSet { if overlay !== oldValue { owesFrame = true } }
    }

    /// The pixels the last `render` changed, rows from the bottom (GL's window coordinates,
    /// as a viewport), nil when nothing changed.
    public private(set) var changedPixels: ViewportRect?
    /// Pixels redrawn by the last `render` (its target's width x height when drawn whole).
    public private(set) var redrawnPixels = 0

    /// The target of the frame begun last.
    public private(set) var target = RenderTarget.window(width: 0, height: 0)
    private var time = 0.0
    private var flattener = Flattener()
    /// The scene's root layers and the overlay (reused, no allocation once warm).
    private var withOverlay: [Layer] = []
    /// Puts the scene's new video frames into their textures.
    private let videos = SceneVideos()
    /// The list last drawn (what the target shows).
    private var presented = RenderList()
    /// The next frame must be drawn whatever its list (a new scene, a resize, an upload
    /// that waited for a later frame).
    private var owesFrame = true
    private let kept = KeptFrame()
    private var frameOpen = false
    /// A frame was begun (there is a target).
    private var begun = false
    /// How long to wait before looking again at a scene that moves without changing the
    /// frame (doubles up to `maximumRest`).
    private var rest = 0.0

    /// The longest wait before looking again at a scene that says it moves (or cannot say
    /// when it next changes) while its frame stays the same.
    public static let maximumRest = 0.1

    /// Draws `scene`, whose layers show `images`, with `renderer`.
    public init(renderer: GLRenderer, scene: Scene, images: ImageStore) {
        self.renderer = renderer
        self.scene = scene
        self.images = images
    }

    /// Shows another scene (a switch or a reload): its first frame is drawn whole.
    public func show(_ scene: Scene, images: ImageStore) {
        self.scene = scene
        self.images = images
        owesFrame = true
        kept.invalidate()
    }

    /// The target must be drawn again whatever changed (it was resized, exposed, or drawn over).
    public func setNeedsDisplay() {
        owesFrame = true
    }

    /// Tells `scene` the pixels per canvas point of a target `pixelWidth` x `pixelHeight`
    /// (text rasterises at that scale; nothing happens when it did not change).
    public static func setContentsScale(of scene: Scene, pixelWidth: Int, pixelHeight: Int) {
        guard pixelWidth > 0, pixelHeight > 0 else { return }
        scene.setContentsScale(GLRenderer.canvasMapping(canvas: scene.canvas, pixelWidth: pixelWidth, pixelHeight: pixelHeight).scale)
    }

    /// Begins the frame of scene time `time` (the scene is already advanced to it) for
    /// `target`: sets the contents scale, flattens the scene and forgets the textures of
    /// evicted images. No GL drawing; no allocation once warm.
    public func beginFrame(atTime time: Double, target: RenderTarget) {
        self.time = time
        self.target = target
        begun = true
        let px = target.pixelSize
        Compositor.setContentsScale(of: scene, pixelWidth: px.width, pixelHeight: px.height)
        if let overlay {
            withOverlay.removeAll(keepingCapacity: true)
            withOverlay.append(contentsOf: scene.rootLayers)
            withOverlay.append(overlay)
            flattener.flatten(withOverlay, canvas: scene.canvas, into: &list)
        } else {
            flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        }
        let textures = renderer.textures
        images.drainEvicted { textures.invalidate($0) }
        checked = false
    }

    private var checked = false, differs = true

    /// True when drawing the frame begun would change the target's pixels: the list draws
    /// something else than the one drawn last, or a frame is owed. Does not allocate.
    public var needsDisplay: Bool {
        if !checked {
            checked = true
            differs = owesFrame || !list.drawsSame(as: presented)
            rest = differs ? 0 : (rest == 0 ? 1.0 / 60 : min(rest * 2, Compositor.maximumRest))
        }
        return differs
    }

    /// The canvas region (points) where the frame begun differs from the one drawn last:
    /// the whole canvas when a frame is owed, nil when nothing changed.
    public var updateBounds: Rect? {
        owesFrame ? Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height) : list.damage(since: presented)
    }

    /// The scene time at which the frame may next differ: its own time while it changes or is
    /// owed; else the scene's next timer (`Scene.nextUpdateTime`), a little later while the
    /// scene moves unseen (`maximumRest` at most), infinite when nothing is scheduled.
    public var nextFrameTime: Double {
        guard begun else { return .infinity }
        if needsDisplay { return time }
        let next = scene.nextUpdateTime(after: time)
        return next > time ? next : time + rest
    }

    /// Produces the lazy images (artwork, text) of the frame's quads that have no texture
    /// yet, before any GL call, so the render pass only uploads them.
    private func resolveImages() {
        let textures = renderer.textures, images = self.images
        list.quads.withUnsafeBufferPointer { quads in
            for k in quads.indices {
                guard case .image(let ref) = quads[k].contents, !textures.holds(ref) else { continue }
                images.produce(ref)
            }
        }
    }

    /// Draws the frame begun into its target, its lazy images produced and the scene's new
    /// video frames put into their textures first. With
    /// `redrawsOnlyDamage`, only what changed.
    /// - Throws: `AppTargetError` for an `.app` target that cannot be drawn into.
    public func render() throws {
        resolveImages()
        videos.show(scene, renderer: renderer, images: images)
        if pausesDecoders && !frameOpen && renderer.rendersOnCPU {
            images.frameGate.beginFrame()
            frameOpen = true
        }
        let (w, h) = (target.pixelSize.width, target.pixelSize.height)
        switch target {
        case .app(let app):
            try renderer.render(list, into: app, images: images, background: scene.background)
            drewWhole(w, h)
        case .framebuffer, .window:
            if redrawsOnlyDamage || renderLimit != nil {
                let destination: GLuint
                if case .framebuffer(let f) = target { destination = f.drawFramebuffer } else { destination = 0 }
                kept.draw(renderer: renderer, list: list, images: images, background: scene.background,
                          width: w, height: h, destination: destination, copiesWhole: !targetHoldsLastFrame)
                redrawnPixels = kept.lastRedrawnPixels
                changedPixels = kept.lastChangedBox.map { ViewportRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
            } else {
                renderer.render(list, into: target, images: images, background: scene.background)
                drewWhole(w, h)
            }
        }
        presented.copy(from: list)
        // An image whose upload waits for a later frame: that frame must be drawn.
        owesFrame = renderer.stats.deferredUploads > 0
    }

    private func drewWhole(_ w: Int, _ h: Int) {
        redrawnPixels = w * h
        changedPixels = ViewportRect(x: 0, y: 0, width: w, height: h)
    }

    /// Ends the frame once it is presented (after the swap): paused decoders go on, and a
    /// spare texture for the next streamed image is made in the time before the next frame
    /// (with an `.app` target's GL state kept).
    public func endFrame() {
        if frameOpen {
            images.frameGate.endFrame()
            frameOpen = false
        }
        if case .app = target {
            let saved = GLStateSnapshot.capture()
            renderer.textures.prepareSpare()
            saved.restore()
        } else {
            renderer.textures.prepareSpare()
        }
    }

    /// Begins the frame of `time` and draws it whole into `target` (`.window` or
    /// `.framebuffer`) with every texture uploaded now (the per-frame upload budget would
    /// leave images just painted out), and reads it back: a screenshot. nil for an `.app` target.
    public func capture(atTime time: Double, target: RenderTarget) -> Image? {
        beginFrame(atTime: time, target: target)
        let textures = renderer.textures
        let budget = textures.uploadBudget.bytesPerFrame
        textures.uploadBudget.bytesPerFrame = .max
        defer { textures.uploadBudget.bytesPerFrame = budget }
        resolveImages()
        videos.show(scene, renderer: renderer, images: images)
        renderer.render(list, into: target, images: images, background: scene.background)
        // The target now holds this frame drawn whole: a kept frame copied to it is not there.
        owesFrame = true
        switch target {
        case .window(let w, let h): return renderer.readWindowPixels(width: w, height: h)
        case .framebuffer(let f): return renderer.readPixels(f)
        case .app: return nil
        }
    }
}
