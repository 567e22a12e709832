import Assets
import Components
import Foundation
import GLRenderer

/// The demo's image settings for browsing folders of photos: decode on worker threads,
/// at the window's pixel density, and upload at most a few images per frame.
///
/// Does NOT apply to `parallax-render` (one deterministic frame: images decode on first use).
enum StreamingImages {
    /// Bytes of texels uploaded per frame at most: a 960x540 poster with its mip chain (2.7 MB)
    /// streams in over three frames, a band of rows at a time, smallest level first
    /// (measured with `parallax-bench --posters 2000`: fewer slow frames than 4 MB).
    static let uploadBytesPerFrame = 1 << 20

    /// The posters decoded at their shown size, kept between runs (`$XDG_CACHE_HOME`).
    static let thumbnails = ThumbnailCache()

    /// A fresh image store that decodes in the background for a drawable `pixelWidth`
    /// wide showing a 1280-point-wide canvas (the examples' width).
    static func store(pixelWidth: Int) -> ImageStore {
        DecodeQueue.returnLargeBuffersToTheSystem()
        let store = ImageStore()
        store.decodesInBackground = true
        store.thumbnailCache = thumbnails
        store.pixelsPerPoint = ImageStore.pixelsPerPoint(drawableWidth: pixelWidth)
        return store
    }
}
