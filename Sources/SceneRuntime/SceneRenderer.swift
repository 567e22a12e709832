// SceneRuntime: joins the pure scene (components, layers) to the GL renderer.
//
// What it does: flattens a scene into a reused `RenderList` and draws it with a
// `GLRenderer`, feeding textures from the scene's `ImageStore`; names the built-in
// scenes shared by the demo, the renderer and the benchmark.
// What it does NOT do: no SDL, no windows, no contexts (the executables create those).

import Assets
import Components
import GLRenderer
import Images
import LayerMath
import Layers
import Scene

extension ImageStore: ImageSource {}

/// Draws scenes: flatten (no allocation once warm) then submit to the GPU.
public final class SceneRenderer {
    /// The GL renderer (shaders, textures, stats).
    public let renderer: GLRenderer
    /// The render list of the last frame.
    public private(set) var list = RenderList()
    private var flattener = Flattener()
    /// Puts the scene's new video frames into their textures.
    private let videos = SceneVideos()

    public init(renderer: GLRenderer) {
        self.renderer = renderer
    }

    /// Flattens `scene` into the reused render list (no GL), with `overlay` (a host's own
    /// layer in canvas points, such as a message panel) drawn over it.
    public func flatten(_ scene: Scene, overlay: Layer? = nil) {
        guard let overlay else { return flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list) }
        withOverlay.removeAll(keepingCapacity: true)
        withOverlay.append(contentsOf: scene.rootLayers)
        withOverlay.append(overlay)
        flattener.flatten(withOverlay, canvas: scene.canvas, into: &list)
    }
    private var withOverlay: [Layer] = []

    /// Draws the last flattened list into `target`; `damage` (canvas points): redraw only
    /// that region of a target that still holds the previous frame (see `GLRenderer.render`).
    public func submit(_ scene: Scene, images: ImageStore, into target: RenderTarget, damage: Rect? = nil) {
        let textures = renderer.textures
        images.drainEvicted { textures.invalidate($0) }
        videos.show(scene, renderer: renderer, images: images)
        renderer.render(list, into: target, images: images, background: scene.background, damage: damage)
    }

    /// Puts `scene`'s new video frames into their textures (for hosts that call the GL
    /// renderer themselves; `submit` does it).
    public func showVideoFrames(_ scene: Scene, images: ImageStore) {
        videos.show(scene, renderer: renderer, images: images)
    }

    /// Tells `scene` the pixels per canvas point of `target` (text re-rasterises on a change).
    public func prepare(_ scene: Scene, for target: RenderTarget) {
        let px = target.pixelSize
        scene.setContentsScale(GLRenderer.canvasMapping(canvas: scene.canvas, pixelWidth: px.width, pixelHeight: px.height).scale)
    }

    /// Flattens and draws `scene` into `target`.
    public func render(_ scene: Scene, images: ImageStore, into target: RenderTarget) {
        prepare(scene, for: target)
        flatten(scene)
        submit(scene, images: images, into: target)
    }
}
