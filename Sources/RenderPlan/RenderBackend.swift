// The seam between the planner and a GPU API: what a backend must do to draw the batches
// the planner decided (`BatchQueue.flush`). Everything a batch needs bound is in its
// `DrawKey` (program, texture, sampler, stencil mode, scissor, blending), named by typed
// handles; the instance records are bytes in `InstanceRecord`'s layout.
//
// Does NOT: plan (the planner does), or say how a backend holds its objects: the GL one
// (GLRenderer) keeps a state cache and skips what is already bound; a recording one keeps
// the calls as values for tests.

/// Executes the draw list of a flush (see the file comment).
package protocol RenderBackend: AnyObject {
    /// Takes `count` instance records (`InstanceRecord.floats` each, in drawing order) and
    /// returns the index of the first one in the backend's instance buffer.
    func uploadInstances(_ records: UnsafePointer<Float>, count: Int) -> Int
    /// Draws one batch: `count` instances from instance `first` (an index
    /// `uploadInstances` returned, plus the batch's offset), with everything `key` names bound.
    func drawBatch(_ key: DrawKey, first: Int, count: Int)
}
