// RenderRecording: a `RenderBackend` without a GPU, for tests of the planner's draw lists.
//
// What this module does: `RecordingBackend` keeps every step of a frame's `DrawList` (a
// pass's target, clear, runs, composites, masks) and every call a flush makes (an upload
// with its records, a batch with its key and instance range) as a value, so a test can
// check what would reach the GPU: the passes, the batches, their order, their keys, each
// record's floats.
//
// What it does NOT do: draw, rasterise or read pixels (GLRenderer's tests do that), or
// plan anything itself.
