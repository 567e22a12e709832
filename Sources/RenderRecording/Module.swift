// RenderRecording: a `RenderBackend` without a GPU, for tests of the planner's draw list.
//
// What this module does: `RecordingBackend` keeps every call a flush makes as a value (an
// upload with its records, a batch with its key and instance range), so a test can check
// what would reach the GPU: the batches, their order, their keys, each record's floats.
//
// What it does NOT do: draw, rasterise or read pixels (GLRenderer's tests do that), or
// plan anything itself.
