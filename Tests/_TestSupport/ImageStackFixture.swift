import Foundation
import Images

/// One layer of a test `.imagestack` folder.
public struct StackLayerFixture {
    public var name: String
    public var image: Image
    /// `properties.frame-size` (width, height); omitted when nil.
    public var frameSize: (Double, Double)?
    /// `properties.frame-center` (x, y); omitted when nil.
    public var frameCenter: (Double, Double)?
    /// Write the layer's own Contents.json (always when a frame is given).
    public var writesLayerJSON: Bool

    public init(name: String, image: Image, frameSize: (Double, Double)? = nil,
                frameCenter: (Double, Double)? = nil, writesLayerJSON: Bool = true) {
        self.name = name
        self.image = image
        self.frameSize = frameSize
        self.frameCenter = frameCenter
        self.writesLayerJSON = writesLayerJSON
    }
}

/// Serialises a JSON object with sorted keys.
public func jsonText(_ object: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
           as: UTF8.self)
}

/// Writes an Xcode `.imagestack` folder at `directory/name` with the layers listed
/// FRONTMOST FIRST (as Contents.json lists them), each layer's image in
/// `Content.imageset/<name>.png` at scale 1x. Returns the stack folder's path.
@discardableResult
public func writeImageStack(in directory: TemporaryDirectory, name: String = "App Icon.imagestack",
                            frontFirst layers: [StackLayerFixture], canvas: (Int, Int)?) throws -> String {
    var top: [String: Any] = [
        "info": ["author": "xcode", "version": 1],
        "layers": layers.map { ["filename": "\($0.name).imagestacklayer"] },
    ]
    if let canvas {
        top["properties"] = ["canvasSize": ["width": canvas.0, "height": canvas.1]]
    }
    try directory.write("\(name)/Contents.json", text: try jsonText(top))
    for layer in layers {
        let folder = "\(name)/\(layer.name).imagestacklayer"
        try directory.makeDirectory(folder)
        if layer.writesLayerJSON || layer.frameSize != nil || layer.frameCenter != nil {
            var properties: [String: Any] = [:]
            if let size = layer.frameSize { properties["frame-size"] = ["width": size.0, "height": size.1] }
            if let center = layer.frameCenter { properties["frame-center"] = ["x": center.0, "y": center.1] }
            try directory.write("\(folder)/Contents.json",
                                text: try jsonText(["info": ["author": "xcode", "version": 1], "properties": properties]))
        }
        let set = "\(folder)/Content.imageset"
        try directory.write("\(set)/Contents.json", text: try jsonText([
            "images": [["idiom": "tv", "filename": "\(layer.name).png", "scale": "1x"]],
            "info": ["author": "xcode", "version": 1],
        ]))
        try layer.image.writePNG(path: directory.file("\(set)/\(layer.name).png"))
    }
    return directory.file(name)
}
