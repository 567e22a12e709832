import Assets
import Foundation
import GLRenderer
import Scene

/// Hands a scene's new video frames to the GPU before a frame is drawn: each video layer's
/// pending frame is converted into the texture it now shows (`VideoConverter`). Call it
/// before every `GLRenderer.render` of a scene with videos (`Compositor.render` does).
///
/// Does not: decode (the scene's `update` does) or draw.
package final class SceneVideos {
    private var converter: VideoConverter?
    private var failed = false

    package init() {}

    /// Converts the pending frames of `scene`'s videos; a shader that does not build is
    /// said once on standard error and the videos keep their last picture.
    package func show(_ scene: Scene, renderer: GLRenderer, images: ImageStore) {
        guard !scene.videos.isEmpty, !failed else { return }
        if converter == nil {
            do { converter = try VideoConverter(renderer: renderer) } catch {
                failed = true
                FileHandle.standardError.write(Data("warning: video frames cannot be shown: \(error)\n".utf8))
                return
            }
        }
        for v in scene.videos.all {
            if let frame = v.pending, converter!.show(frame, in: v.pendingRef, images: images) { v.frameTaken() }
        }
    }
}
