import CGL
import Images
import Layers
import RenderPlan

extension TextureCache {
    /// The texture of `ref` with its whole image at level 0, uploading it from `source`
    /// now when it is not there yet (a video's placeholder); nil while its upload is
    /// deferred or partial.
    func wholeTexture(for ref: ImageRef, source: ImageSource) -> (texture: GLuint, mipmapped: Bool)? {
        var stats = FrameStats(), bound: GLuint = 0
        var visible = TexelBox(x0: 0, y0: 0, x1: 0, y1: 0, width: 0, height: 0)
        let name = texture(for: ref, source: source, stats: &stats, bound: &bound, visible: &visible)
        guard name != 0, let entry = entries[Key(ref)], entry.pending == nil, entry.baseLevel == 0 else { return nil }
        return (name, entry.visible.mipmapped)
    }
}
