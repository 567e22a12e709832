import Foundation
import Images
import JSON
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
        guard VideoContainer(signature: head) != nil else { return .image(try image(node)) }
        let video = VideoContents(path: path, layer: layer, images: images) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        guard let video else { return layer.contents }
        videos.add(video)
        return layer.contents
    }
}
