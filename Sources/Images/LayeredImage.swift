import Foundation
import JSON

/// A rectangle in canvas pixels: origin at the canvas's top-left corner, +y down.
public struct PixelRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle of the given size centred on (`centerX`, `centerY`).
    public init(centerX: Double, centerY: Double, width: Double, height: Double) {
        self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }
}

/// A layered image (tvOS parallax artwork): a canvas and 2 to 5 image layers.
///
/// `layers` are ordered **bottom first** (index 0 is the background), whatever order the
/// source file lists them in. Each layer's image is drawn scaled into its `frame`.
public struct LayeredImage: Equatable, Sendable {
    /// One layer: its name, its pixels and where they go on the canvas.
    public struct Layer: Equatable, Sendable {
        /// The layer's name (`Front` for `Front.imagestacklayer`, the file's base name
        /// for a plain PNG).
        public var name: String
        /// The decoded pixels (premultiplied RGBA8).
        public var image: Image
        /// Where the image is drawn, in canvas pixels; the full canvas by default.
        public var frame: PixelRect

        /// Creates a layer.
        public init(name: String, image: Image, frame: PixelRect) {
            self.name = name
            self.image = image
            self.frame = frame
        }
    }

    /// Canvas width, in pixels.
    public var canvasWidth: Int
    /// Canvas height, in pixels.
    public var canvasHeight: Int
    /// The layers, bottom (background) first.
    public var layers: [Layer]

    /// Creates a layered image from layers ordered bottom first.
    public init(canvasWidth: Int, canvasHeight: Int, layers: [Layer]) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.layers = layers
    }

    /// Loads plain PNG files, bottom first. The canvas is the first (bottom) image's size
    /// and every layer fills it. At least one path is required; there is no upper limit
    /// (the 2-to-5 rule applies to stacks, not to ad-hoc lists).
    /// - Throws: `ImageError` naming the failing file.
    public init(pngPaths: [String], limits: ImageLimits = .default) throws {
        guard !pngPaths.isEmpty else {
            throw ImageError(file: "<layer list>", .invalidStack("a layered image needs at least one PNG"))
        }
        let images = try pngPaths.map { try Image.decode(path: $0, limits: limits) }
        let width = images[0].width, height = images[0].height
        let full = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
        self.init(canvasWidth: width, canvasHeight: height, layers: zip(pngPaths, images).map { path, image in
            let base = (path as NSString).lastPathComponent
            return Layer(name: (base as NSString).deletingPathExtension, image: image, frame: full)
        })
    }

    /// Loads an Xcode `.imagestack` folder or an `.lsr` file (a ZIP of the same tree),
    /// chosen by what `path` is: a folder, or a file (which must be a ZIP archive).
    ///
    /// Every path inside the stack must stay inside it; each image is checked against
    /// `limits`, and an archive's total uncompressed size against
    /// `limits.maxArchiveBytes`.
    /// - Throws: `ImageError` naming the file inside the stack that is wrong.
    public static func load(path: String, limits: ImageLimits = .default) throws -> LayeredImage {
        try InputFile.refuseNUL(path)
        var info = stat()
        if FileName.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return try ImageStackReader(source: try FolderStackSource(path: path), limits: limits).read()
        }
        // Not a folder: it must be a regular file (a FIFO or device is refused without blocking).
        let head: [UInt8]
        do {
            let fd = try InputFile.open(path)
            var buffer = [UInt8](repeating: 0, count: 4)
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, 4) }
            close(fd)
            head = Array(buffer.prefix(max(0, n)))
        } catch let error as FileError {
            throw ImageError(file: path, error)
        }
        if head.isEmpty { throw ImageError(file: path, .emptyFile) }
        guard head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06] else {
            let isLSR = (path as NSString).pathExtension.lowercased() == "lsr"
            throw ImageError(file: path, .wrongFileType(isLSR
                ? "not a ZIP archive (an .lsr file is a ZIP of an image stack)"
                : "not an .imagestack folder or an .lsr (ZIP) file"))
        }
        return try ImageStackReader(source: try LSRArchiveSource(path: path, limits: limits), limits: limits).read()
    }
}
