// generate-assets: writes the repository's generated example assets (run through
// scripts/generate-assets.sh, then commit the files):
//
//   icon/400x240/layer-<i>.png, icon/800x480/layer-<i>.png   DefaultIcon layers, bottom first
//   icon/DefaultIcon.imagestack/                              the same icon as an Xcode image stack
//                                                             (Apple's Asset Catalog format; layers frontmost first)
//   spotlight.png                                             BuiltinImages.spotlight (320x320)
//   posters/poster-<i>.png                                    nine CarouselPoster posters (i = 1...9)
//   cube/face-<k>.png                                         the cube's six numbered faces
//
// Usage: generate-assets [OUTPUT_DIR]   (default: Assets)
import Assets
import Components
import Foundation
import JSON
import Images
import LayerMath
import Layers

let usage = "usage: generate-assets [OUTPUT_DIR]   (default: Assets; writes the generated example assets)"
let arguments = FileName.arguments()   // names are bytes: kept as given
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
// An option-looking argument is never a folder name (`--help` once became a folder of 37 files).
if let bad = arguments.first(where: { $0.hasPrefix("-") }) ?? (arguments.count > 1 ? arguments[1] : nil) {
    _ = "generate-assets: unexpected argument \"\(bad)\"\n\(usage)\n".withCString { write(2, $0, strlen($0)) }
    exit(1)
}
let output = arguments.first ?? "Assets"
let fm = FileManager.default
var written: [(String, Int)] = []

func directory(_ relative: String) throws -> String {
    let path = (output as NSString).appendingPathComponent(relative)
    try OutputFile.makeFolders(path)
    return path
}

func writePNG(_ image: Image, _ relative: String) throws {
    let path = (output as NSString).appendingPathComponent(relative)
    try OutputFile.makeFolders((path as NSString).deletingLastPathComponent)
    try image.writePNG(path: path)
    written.append((relative, (try? fm.attributesOfItem(atPath: path)[.size] as? Int) ?? 0))
}

func writeJSON(_ object: Any, _ relative: String) throws {
    let path = (output as NSString).appendingPathComponent(relative)
    try OutputFile.makeFolders((path as NSString).deletingLastPathComponent)
    var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    data.append(0x0A)
    try OutputFile.write([UInt8](data), to: path)
    written.append((relative, data.count))
}

let author = ["author": "parallax-compositor generate-assets", "version": 1] as [String: Any]

do {
    // The default icon's layers at tvOS @1x and @2x, bottom first.
    for (w, h) in [(400, 240), (800, 480)] {
        for (i, layer) in DefaultIcon.layers(width: w, height: h).enumerated() {
            try writePNG(layer, "icon/\(w)x\(h)/layer-\(i).png")
        }
    }

    // The same icon as an Xcode .imagestack: Contents.json lists the layers FRONTMOST
    // first; each layer embeds an image set named Content.imageset (Apple's Asset Catalog format).
    let stack = "icon/DefaultIcon.imagestack"
    let layers = DefaultIcon.layers(width: 800, height: 480)
    let names = DefaultIcon.layerNames.map { $0.prefix(1).uppercased() + $0.dropFirst() }   // bottom first
    try? fm.removeItem(atPath: (output as NSString).appendingPathComponent(stack))
    try writeJSON([
        "info": author,
        "layers": names.reversed().map { ["filename": "\($0).imagestacklayer"] },
        "properties": ["canvasSize": ["width": 800, "height": 480]],
    ] as [String: Any], "\(stack)/Contents.json")
    for (name, image) in zip(names, layers) {
        let layerDir = "\(stack)/\(name).imagestacklayer"
        try writeJSON(["info": author], "\(layerDir)/Contents.json")
        let file = "\(name.lowercased()).png"
        try writeJSON([
            "images": [["filename": file, "idiom": "tv", "scale": "1x"]],
            "info": author,
        ] as [String: Any], "\(layerDir)/Content.imageset/Contents.json")
        try writePNG(image, "\(layerDir)/Content.imageset/\(file)")
    }

    // The parallax button's spotlight.
    try writePNG(BuiltinImages.spotlight(), "spotlight.png")

    // Nine posters at the pixel size the built-in carousel paints (item 640x350 points).
    let px = CarouselPoster.pixelSize(for: Size(640, 350))
    for i in 1...9 {
        try writePNG(CarouselPoster.paint(index: i - 1, width: px.width, height: px.height), "posters/poster-\(i).png")
    }
    // The same nine as JPEG photos, named like the seed's (timg1.jpg ... timg9.jpg), for the
    // carousel-posters scene: the seed's carousel shows nine JPEGs.
    for i in 1...9 {
        let poster = CarouselPoster.paint(index: i - 1, width: px.width, height: px.height)
        guard let jpeg = poster.jpegData(quality: 85) else {
            throw NSError(domain: "generate-assets", code: 3, userInfo: [NSLocalizedDescriptionKey: "cannot encode timg\(i).jpg"])
        }
        let path = (output as NSString).appendingPathComponent("posters/timg\(i).jpg")
        try OutputFile.write(jpeg, to: path)
        written.append(("posters/timg\(i).jpg", jpeg.count))
    }

    // The cube's faces, taken from a cube's own (lazily painted) face images.
    let store = ImageStore()
    let cube = Cube(name: "cube", frame: Rect(x: 0, y: 0, width: 375, height: 375), canvas: Size(375, 375),
                    images: store, faceSize: 140)
    for k in 1...6 {
        guard case .image(let ref) = cube.faceLayer(k).contents, let image = store.image(for: ref) else {
            throw NSError(domain: "generate-assets", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "cube face \(k) has no image"])
        }
        try writePNG(image, "cube/face-\(k).png")
    }

    // Check the image stack reads back as the same layers, bottom first.
    let loaded = try LayeredImage.load(path: (output as NSString).appendingPathComponent(stack))
    guard loaded.canvasWidth == 800, loaded.canvasHeight == 480, loaded.layers.map(\.image) == layers else {
        throw NSError(domain: "generate-assets", code: 2, userInfo: [NSLocalizedDescriptionKey:
            "\(stack) reads back as \(loaded.canvasWidth)x\(loaded.canvasHeight), layers "
            + loaded.layers.map(\.name).joined(separator: ", ")])
    }

    let total = written.reduce(0) { $0 + $1.1 }
    for (file, bytes) in written { print(String(repeating: " ", count: max(0, 8 - String(bytes).count)) + "\(bytes)  \(file)") }
    print("generate-assets: wrote \(written.count) files, \(total) bytes under \(FileName.escaped(output))")
} catch {
    // Our own errors say what is wrong in one line; Foundation's say it in localizedDescription.
    let text = type(of: error) != NSError.self ? "\(error)" : (error as NSError).localizedDescription
    _ = "generate-assets: \(FileName.escaped(text))\n".withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
    exit(1)
}
