// The seam between the planner and a GPU API: what a backend must do to execute a frame's
// `DrawList` (bind each pass's target, clear it, draw its runs, composite and mask group
// images) and the batches of each flush (`BatchQueue.flush`). Everything a batch needs
// bound is in its `DrawKey` (program, texture, sampler, stencil mode, scissor, blending),
// named by typed handles; the instance records are bytes in `InstanceRecord`'s layout.
//
// Does NOT: plan (the planner does), or say how a backend holds its objects: the GL one
// (GLRenderer) keeps a state cache and skips what is already bound; a recording one keeps
// the calls as values for tests.

import LayerMath
import Layers

/// Executes a frame's draw list and the batches of each flush (see the file comment).
package protocol RenderBackend: AnyObject {
    /// Takes `count` instance records (`InstanceRecord.floats` each, in drawing order) and
    /// returns the index of the first one in the backend's instance buffer.
    func uploadInstances(_ records: UnsafePointer<Float>, count: Int) -> Int
    /// Draws one batch: `count` instances from instance `first` (an index
    /// `uploadInstances` returned, plus the batch's offset), with everything `key` names bound.
    func drawBatch(_ key: DrawKey, first: Int, count: Int)

    /// Binds the target of a pass over `list`'s frame. False: the pass is skipped (a group
    /// image kept from an earlier frame, or one that cannot be made).
    func beginPass(_ target: DrawTarget, of list: RenderList) -> Bool
    /// Clears the bound target's buffers that `clear` names.
    func clear(_ clear: ClearOperation)
    /// Draws an opaque quad of the frame's background over `rect` (canvas points).
    func fillBackground(over rect: Rect)
    /// Draws commands `range` of `list` (quads and clips, no group) into the bound target.
    func drawRun(_ range: Range<Int>, of list: RenderList)
    /// Draws group `group`'s image into the bound target.
    func composite(group: Int, of list: RenderList)
    /// Multiplies the bound group image by the alpha of group `mask`'s image.
    func multiplyByMask(_ mask: Int, of list: RenderList)
    /// Keeps group `group`'s image from an earlier frame (a rasterized group not redrawn).
    func keepImage(group: Int, of list: RenderList)
    /// Ends the pass: every queued draw reaches the target.
    func endPass(of list: RenderList)
}
