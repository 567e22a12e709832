extension Layer {
    /// Sets the animation time of the animated sublayers (and their animated subtrees) as
    /// if this layer's local time were `t`: a replicator instance's delayed time
    /// (`Replicator.instanceDelay`). Unlike `advanceAnimations(to:)` it removes nothing,
    /// so setting the time back restores the frame's state. Does not allocate.
    func setSublayerAnimationTime(_ t: Double) {
        for s in sublayers where s.subtreeMayAnimate {
            s.animationTime = s.timing.local(t)
            s.setSublayerAnimationTime(s.animationTime)
        }
    }
}
