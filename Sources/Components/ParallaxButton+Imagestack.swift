// STUB — replaced at merge by the version that calls `LayeredImage.load(path:)` from the
// Images module (images branch). Keep the signature.

import Layers

/// Loads an Xcode `.imagestack` folder or `.lsr` file named at `node` and registers its
/// layers (bottom first, each filling the stack's canvas) in the context's image store.
func loadLayeredImage(path node: JSONNode, context: SceneContext) throws -> [ImageRef] {
    _ = try context.resolve(node)
    throw node.error("imagestack support not merged yet (use \"layers\": [png, ...] for now)")
}
