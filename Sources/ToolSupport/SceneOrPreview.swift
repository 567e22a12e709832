import Assets
import Components
import Images
import Scene
import SceneRuntime

extension BuiltInScenes {
    /// How the tools find a scene from their SCENE argument: a layered image to preview
    /// (`.lsr`, `.imagestack`, a folder of layer PNGs: `LayeredImagePreview`, tilting as
    /// `tilt` says), else the library's one loader (`load(fileOrName:images:builtIn:)`:
    /// an existing scene file, else a built-in scene name, else `SceneNotFound`, which
    /// lists the built-in names).
    ///
    /// Does not: search folders or guess close names.
    public static func load(fileOrName name: String, images: ImageStore, tilt: RotateMethod,
                            builtIn: (String) -> String? = BuiltInScenes.json) throws -> Scene {
        if LayeredImagePreview.handles(name) { return try LayeredImagePreview.load(path: name, tilt: tilt, images: images) }
        return try load(fileOrName: name, images: images, builtIn: builtIn)
    }
}
