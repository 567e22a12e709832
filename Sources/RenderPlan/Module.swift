// RenderPlan: what a frame draws, decided in pure Swift before any GPU call.
//
// What this module does: plans each quad (`QuadPlanner`: culling, trimming to visible
// texels, the antialiased ring around a coverage-free interior, the opaque part, the
// sampling), lowers clips to scissor boxes, shader tests or stencil shapes
// (`ClipLowering`, `AnalyticClip`), finds what later opaque quads hide (`OcclusionHoles`,
// `OpaqueRegion`, `ClipBandCovers`, `SharedEdges`), folds colour overlays, decides
// batches (`DrawBatcher`), writes the one instance record (`InstanceRecord`), finds the
// pixels a damage or a group image touches (`PixelBox.touched`), orders a frame as a
// `DrawList` of passes (group images, then the target: bind, clear, runs, composites,
// masks) executed through a `RenderBackend`, and hands each flush's batches to the same
// backend (`BatchQueue`: one upload, one draw call per batch).
// Textures, programs and samplers appear as typed handles (`TextureHandle`,
// `DrawProgram`, `SamplerChoice`).
//
// What it does NOT do: import or call OpenGL (GLRenderer is its GL backend and owns the
// GL resources; RenderRecording is a backend without a GPU, for tests), hold textures or
// framebuffers, decode images, or flatten layers. The walk inside a run that calls the
// planner (windows, pre-pass order, clip shapes) and the texture lookups it makes are
// still GLRenderer's (GLRenderer+Commands).
