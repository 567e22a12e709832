import Foundation
import Images
import JSON
import LayerMath
import Layers
import Video

extension SceneContext {
    /// A layer's `contents`: an image, or a video file (MP4, WebM, MKV by signature) that
    /// `layer` then plays (`VideoContents`); a video that cannot play leaves the layer's
    /// contents as they were and writes one warning line on standard error.
    public func contents(_ node: JSONNode, for layer: Layer) throws -> LayerContents {
        let path = try resolve(node)
        // Only a regular file is opened to look (a FIFO would block); the image reader
        // says what is wrong with anything else.
        let regular = (try? InputFile.check(path)) != nil
        let head = (regular ? FileHandle(forReadingAtPath: path) : nil).map { h -> [UInt8] in
            defer { try? h.close() }
            return [UInt8](h.readData(ofLength: 16))
        } ?? []
        guard VideoContainer(signature: head) != nil else { return .image(try image(node, shownBy: layer)) }
        let video = VideoContents(path: path, layer: layer, images: images) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        guard let video else { return layer.contents }
        videos.add(video)
        return layer.contents
    }

    /// An image file shown by `layer`: decoded when first drawn, at the size the layer's
    /// bounds show it, when its gravity scales it to them (see `ImageStore.load(path:shownAt:)`).
    /// The part `contentsRect` shows is magnified: the whole image is decoded that much larger.
    private func image(_ node: JSONNode, shownBy layer: Layer) throws -> ImageRef {
        let scales: Set<ContentsGravity> = [.resize, .resizeAspect, .resizeAspectFill]
        let part = layer.contentsRect
        guard scales.contains(layer.contentsGravity), part.width > 0, part.height > 0 else { return try image(node) }
        let path = try resolve(node)
        let shown = Size(layer.bounds.width / part.width, layer.bounds.height / part.height)
        do { return try images.load(path: path, shownAt: shown) } catch { throw node.error("\(error)") }
    }
}
