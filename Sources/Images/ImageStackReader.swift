import Foundation

/// Reads the Xcode image-stack tree (from a folder or an archive) into a
/// `LayeredImage`:
///
/// ```
/// Contents.json                       layers[].filename, frontmost FIRST; properties.canvasSize
/// <Name>.imagestacklayer/Contents.json    optional: properties.frame-size, frame-center
/// <Name>.imagestacklayer/Content.imageset/Contents.json   images[].filename, scale
/// ```
struct ImageStackReader {
    let source: StackSource
    let limits: ImageLimits

    /// A layer as listed, before the canvas size is known.
    private struct PendingLayer {
        var name: String
        var image: Image
        var scale: Double
        var frameSize: (Double, Double)?
        var frameCenter: (Double, Double)?
    }

    func json(_ path: String) throws -> ContentsJSON {
        try ContentsJSON.parse(source.read(path, maxBytes: maxStackJSONBytes), file: source.displayName(path))
    }

    func read() throws -> LayeredImage {
        let top = try json("Contents.json")
        let listed = try top.required("layers").array()
        guard (2...5).contains(listed.count) else {
            throw ImageError(file: top.file, .layerCount(listed.count))
        }
        var canvas: (Int, Int)?
        if let size = try top.member("properties")?.member("canvasSize") {
            canvas = (Int(try size.required("width").positiveNumber().rounded()),
                      Int(try size.required("height").positiveNumber().rounded()))
            // Every layer is placed on a canvas-sized image: check before anything is read.
            try checkCanvas(canvas!.0, canvas!.1, layers: listed.count, file: top.file)
        }
        // Listed frontmost first; read in that order (errors follow the file), then reverse.
        // The layers' pixels share one budget: five layers of the largest allowed image
        // would otherwise cost five times the limit.
        var pending: [PendingLayer] = []
        var budget = limits
        for entry in listed {
            let filename = try entry.required("filename").string()
            try StackPath.validate(filename, file: top.file)
            let layer = try readLayer(StackPath.join(filename), limits: budget)
            budget.maxPixels -= layer.image.width * layer.image.height
            pending.append(layer)
        }
        pending.reverse()
        let background = pending[0]
        let canvasWidth = canvas?.0 ?? max(1, Int((Double(background.image.width) / background.scale).rounded()))
        let canvasHeight = canvas?.1 ?? max(1, Int((Double(background.image.height) / background.scale).rounded()))
        if canvas == nil { try checkCanvas(canvasWidth, canvasHeight, layers: listed.count, file: top.file) }
        let layers = pending.map { layer -> LayeredImage.Layer in
            let size = layer.frameSize ?? (Double(canvasWidth), Double(canvasHeight))
            let center = layer.frameCenter ?? (Double(canvasWidth) / 2, Double(canvasHeight) / 2)
            return LayeredImage.Layer(name: layer.name, image: layer.image,
                                      frame: PixelRect(centerX: center.0, centerY: center.1,
                                                       width: size.0, height: size.1))
        }
        return LayeredImage(canvasWidth: canvasWidth, canvasHeight: canvasHeight, layers: layers)
    }

    /// Throws unless `layers` canvases of `width` x `height` fit the image limits (each side
    /// within `maxDimension`, all of them together within `maxPixels`).
    private func checkCanvas(_ width: Int, _ height: Int, layers: Int, file: String) throws {
        try limits.check(width: width, height: height, file: file)
        if width * height * layers > limits.maxPixels {
            throw ImageError(file: file, .exceedsPixels(width: width, height: height * layers, limit: limits.maxPixels))
        }
    }

    private func readLayer(_ folder: String, limits: ImageLimits) throws -> PendingLayer {
        guard try source.isDirectory(folder) else {
            if try source.isFile(folder) {
                throw ImageError(file: source.displayName(folder), .wrongFileType("is a file, expected an .imagestacklayer folder"))
            }
            throw ImageError(file: source.displayName(folder), .noSuchFile)
        }
        var base = (folder as NSString).lastPathComponent
        if base.lowercased().hasSuffix(".imagestacklayer") { base = (base as NSString).deletingPathExtension }

        var frameSize: (Double, Double)?
        var frameCenter: (Double, Double)?
        let layerJSON = StackPath.join(folder, "Contents.json")
        if try source.isFile(layerJSON) {
            let node = try json(layerJSON)
            if let properties = try node.member("properties") {
                // A frame is a size and a place on the canvas: within the texture size
                // limit, and its centre within 1e6 pixels of the canvas.
                let side = Double(self.limits.maxDimension)
                if let size = try properties.member("frame-size") {
                    frameSize = (try size.required("width").positiveNumber(limit: side),
                                 try size.required("height").positiveNumber(limit: side))
                }
                if let center = try properties.member("frame-center") {
                    frameCenter = (try center.required("x").number(in: -1e6...1e6), try center.required("y").number(in: -1e6...1e6))
                }
            }
        }

        let imageSet = try findImageSet(in: folder)
        let (file, scale) = try chooseImage(in: imageSet)
        let image = try source.readImage(StackPath.join(imageSet, file), limits: limits)
        return PendingLayer(name: base, image: image, scale: scale, frameSize: frameSize, frameCenter: frameCenter)
    }

    /// `Content.imageset`, or the only `*.imageset` folder inside the layer folder.
    private func findImageSet(in folder: String) throws -> String {
        let conventional = StackPath.join(folder, "Content.imageset")
        if try source.isDirectory(conventional) { return conventional }
        let sets = try source.subdirectories(of: folder).filter { $0.lowercased().hasSuffix(".imageset") }
        guard sets.count == 1 else {
            throw ImageError(file: source.displayName(folder), .invalidStack(sets.isEmpty
                ? "no .imageset folder in the layer (referenced layers are not supported)"
                : "expected one .imageset folder in the layer, found \(sets.count)"))
        }
        return StackPath.join(folder, sets[0])
    }

    /// The image file to use: the largest-scale entry whose extension names a format of
    /// `ImageFormat.all` (the first among equals). The file itself is decoded by signature.
    private func chooseImage(in imageSet: String) throws -> (file: String, scale: Double) {
        let node = try json(StackPath.join(imageSet, "Contents.json"))
        var candidates: [(file: String, scale: Double)] = []
        for entry in try node.required("images").array() {
            guard let filename = try entry.member("filename")?.string() else { continue }
            try StackPath.validate(filename, file: node.file)
            var scale = 1.0
            if let text = try entry.member("scale")?.string() {
                guard text.hasSuffix("x"), let value = Double(text.dropLast()), value > 0, value <= 16 else {
                    throw entry.error("expected a scale like \"2x\", found \"\(text)\"")
                }
                scale = value
            }
            candidates.append((filename, scale))
        }
        let images = candidates.filter { ImageFormat.forExtension(($0.file as NSString).pathExtension) != nil }
        guard let first = images.first else {
            if let other = candidates.first {
                let ext = (other.file as NSString).pathExtension
                throw ImageError(file: source.displayName(StackPath.join(imageSet, other.file)),
                                 .unsupportedFormat("unsupported image format \"\(ext.isEmpty ? "none" : ext)\" (expected \(ImageFormat.namesList))"))
            }
            throw ImageError(file: node.file, .invalidStack("the image set lists no image files"))
        }
        return images.dropFirst().reduce(first) { best, next in next.scale > best.scale ? next : best }
    }
}
