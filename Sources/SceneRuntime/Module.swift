// SceneRuntime: joins the pure scene (components, layers) to the GL renderer.
//
// What it does: draws a scene frame by frame through one `Compositor` (contents scale,
// flatten, damage, present bookkeeping, decoder pacing, the next frame time) with a `GLRenderer`, feeding
// textures from the scene's `ImageStore`; names the built-in scenes shared by the demo,
// the renderer and the benchmark.
// What it does NOT do: no SDL, no windows, no contexts (the executables create those).
