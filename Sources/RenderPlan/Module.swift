// RenderPlan: what a frame draws, decided in pure Swift before any GPU call.
//
// What this module does: plans each quad (`QuadPlanner`: culling, trimming to visible
// texels, the antialiased ring around a coverage-free interior, the opaque part, the
// sampling), lowers clips to scissor boxes, shader tests or stencil shapes
// (`ClipLowering`, `AnalyticClip`), finds what later opaque quads hide (`OcclusionHoles`,
// `OpaqueRegion`, `ClipBandCovers`, `SharedEdges`), folds colour overlays, decides
// batches (`DrawBatcher`) and writes the one instance record (`InstanceRecord`).
// Textures, programs and samplers appear as typed handles (`TextureHandle`,
// `DrawProgram`, `SamplerChoice`).
//
// What it does NOT do: import or call OpenGL (GLRenderer is its GL backend and owns the
// GL resources), hold textures or framebuffers, decode images, or flatten layers.

/// How canvas points map to target pixels: pixel = point * scale + offset.
package typealias CanvasMapping = (scale: Double, offsetX: Double, offsetY: Double)
