// GLRenderer: draws a `RenderList` with OpenGL 3.3 core or OpenGL ES 3.0+ (`GLCapabilities`).
//
// What this module does: compiles the shaders in `Shaders/`, keeps a texture cache fed
// lazily by an `ImageSource`, draws each quad with its homogeneous matrix (the GPU
// divides by w: perspective-correct texturing and near-plane clipping), antialiases
// edges and rounded corners analytically in the fragment shader, implements
// `masksToBounds` as scissor boxes, clips tested in the quad shader (their edges
// antialiased too: `softClips`, `ClipBandCovers`) or nested stencil clips, renders into the window or an offscreen
// `Framebuffer` (optionally MSAA), reads pixels back top-down, and counts `FrameStats`.
//
// Fill-rate work (llvmpipe shades every fragment on the CPU): a quad's fully covered
// interior is drawn with a coverage-free shader variant and only a thin ring around it
// with the antialiasing shader; image quads are cut down to their texels with alpha > 0;
// opaque interiors are drawn first, front to back, writing a depth that is the quad's
// drawing-order index (painter's order, not 3D depth), so the early depth test rejects
// the pixels they hide; everything else follows back to front with the depth test on.
// The output equals the painter's algorithm (within float rounding: at most 1/255).
//
// What this module does NOT do: it never imports SDL and never creates a context (the
// caller makes one current first, e.g. Platform's `GLContextHost`); it does not flatten
// layers, sort by 3D depth, or cull back faces (the flattener already did); it does not
// decode or encode image files; it is not thread-safe (one thread, the context's).
//
// Its three parts: the frame at the top (`GLRenderer.render`: it has RenderPlan plan the
// frame's `DrawList` of passes and executes it; GLRenderer+Commands, +Groups, +Batches walk
// each run's quads through the planner and hand each flush's batches to the backend);
// Backend/, the GL side of RenderPlan's `RenderBackend` (passes' targets and clears,
// per-batch state through `GLStateCache`, the instance buffer, capabilities; Backend/GLES
// holds what only OpenGL ES needs); Resources/, the GL objects kept between frames
// (textures, framebuffers, shader programs, video conversion).
// It does not decide the passes or what a quad, clip or batch draws (RenderPlan does, in
// pure Swift); the walk inside a run (windows, the pre-pass order) that asks the planner is still here.
