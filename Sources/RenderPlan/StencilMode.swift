// What the stencil stage does for a draw: how nested clips that are neither scissor boxes
// nor analytic reach the pixels (ClipLowering decides which clips these are).
//
// Does NOT: set any state (a backend does, from each batch's key).

/// What the stencil stage does for the next draws.
package enum StencilMode: Equatable {
    /// Test disabled (no clip).
    case off
    /// Draw where stencil >= depth, do not write it.
    case test(depth: Int)
    /// Colour off; where stencil == depth, increment (push) it.
    case increment(depth: Int)
    /// Colour off; where stencil == depth, decrement (pop) it.
    case decrement(depth: Int)
}
