import Assets
import Components
import Foundation
import Images
import Scene

/// A designer's preview of a layered image: an `.lsr` file, an `.imagestack` folder or a
/// folder of layer PNGs (back to front by name), shown as one parallax button in the
/// middle of a 1280x720 canvas, as Apple's Parallax Previewer shows it.
///
/// `tilt` picks how it moves: `.finger` follows the pointer as it hovers (no click; the
/// effect is on from the start), `.auto` circles on its own (for exported previews).
///
/// Does not: edit, flatten or re-export the layered image itself.
public enum LayeredImagePreview {
    /// The canvas of the preview scene, in points.
    public static let canvas = (width: 1280.0, height: 720.0)
    /// The largest share of the canvas's width and height the card takes at rest.
    public static let fill = 0.625

    /// True when `path` is for the preview rather than a scene file: a folder, or a
    /// file named `.lsr` or `.imagestack`.
    public static func handles(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        return isFolder.boolValue || ["lsr", "imagestack"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The preview scene of the layered image at `path`.
    /// - Throws: one line naming the path: a folder without PNGs or a stack, an unreadable image.
    public static func load(path: String, tilt: RotateMethod, images: ImageStore) throws -> Scene {
        try SceneLoader.parse(try sceneJSON(path: path, tilt: tilt), file: path, directory: ".", images: images)
    }

    /// The preview scene as scene-file JSON: one `parallaxButton` with the image's aspect,
    /// as large as `fill` allows, centred.
    public static func sceneJSON(path: String, tilt: RotateMethod) throws -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var button: [String: Any] = ["kind": "parallaxButton", "name": "preview", "rotateMethod": tilt.rawValue,
                                     "active": true, "cornerRadius": 8]
        let size: (width: Int, height: Int)
        if let pngs = try layerPNGs(inFolder: absolute) {
            button["layers"] = pngs
            size = try Image.readHeader(path: pngs[0])
        } else {
            button["imagestack"] = absolute
            let stack = try LayeredImage.load(path: absolute)
            size = (stack.canvasWidth, stack.canvasHeight)
        }
        let w = Double(max(size.width, 1)), h = Double(max(size.height, 1))
        let scale = min(fill * canvas.width / w, fill * canvas.height / h)
        let (cw, ch) = ((w * scale).rounded(), (h * scale).rounded())
        button["frame"] = [((canvas.width - cw) / 2).rounded(), ((canvas.height - ch) / 2).rounded(), cw, ch]
        let scene: [String: Any] = [
            "canvas": ["width": canvas.width, "height": canvas.height, "background": [0.12, 0.12, 0.14, 1]],
            "components": [button],
        ]
        let data = try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// The PNG files of a plain folder of layers, sorted by name (bottom first); nil for a
    /// file or an image stack folder (`.imagestack`, or one with a `Contents.json`).
    static func layerPNGs(inFolder path: String) throws -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              (path as NSString).pathExtension.lowercased() != "imagestack",
              !FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Contents.json")) else {
            return nil
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw SceneError(file: path, path: "", message: "cannot list the folder (\(error.localizedDescription))")
        }
        let pngs = names.filter { ($0 as NSString).pathExtension.lowercased() == "png" }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard !pngs.isEmpty else {
            throw SceneError(file: path, path: "", message: "a folder with no .png layers and no Contents.json: "
                             + "a preview opens an .lsr file, an .imagestack folder or a folder of layer PNGs")
        }
        return pngs.map { (path as NSString).appendingPathComponent($0) }
    }
}
