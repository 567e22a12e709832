import Assets
import Components
import Foundation
import GLRenderer

/// The demo's image settings for browsing folders of photos: decode on worker threads,
/// at the window's pixel density, and upload at most a few images per frame.
///
/// Does NOT apply to `parallax-render` (one deterministic frame: images decode on first use).
enum StreamingImages {
    /// Bytes of texels uploaded per frame at most: a 960x525 poster with its mip chain
    /// (2.7 MB) streams in over six frames (about 0.1 s at 60 frames per second, 0.05 s
    /// more than at 1 MB), a band of rows at a time, smallest level first, so it shows at
    /// once at low resolution and is sharp 0.1 s later. Measured with `parallax-bench
    /// --posters 2000` (three runs each, interleaved): of the cold frames that uploaded,
    /// 6%, 0% and 2% were slow at 512 KB against 21%, 3% and 16% at 1 MB (fewer slow
    /// frames than 4 MB before that).
    static let uploadBytesPerFrame = 1 << 19

    /// A fresh image store that decodes in the background for a drawable `pixelWidth`
    /// wide showing a 1280-point-wide canvas (the examples' width).
    static func store(pixelWidth: Int) -> ImageStore {
        DecodeQueue.returnLargeBuffersToTheSystem()
        let store = ImageStore()
        store.decodesInBackground = true
        store.pixelsPerPoint = max(1, min(4, Double(pixelWidth) / 1280))
        return store
    }
}
