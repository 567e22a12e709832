// CALayer's animation API: `add(_:forKey:)`, `removeAnimation(forKey:)`,
// `animation(forKey:)`, `animationKeys()`, `presentation()`, driven by scene time with
// `advanceAnimations(to:)` (Scene.update calls it on every top-level layer).
//
// Does not: keep a global clock. Time is the scene time of the last
// `advanceAnimations(to:)` on the tree's top layer, which makes replays deterministic;
// an animation added with `beginTime` 0 begins at that time, as Core Animation begins it
// at the current media time.

/// A layer's attached animations and its presentation values.
///
/// Keys are found through a dictionary of slot positions, so adding or removing by key
/// costs the same with 90,000 animations as with one (a scan per add was quadratic).
/// A removed animation leaves an empty slot; slots are compacted once half are empty.
final class LayerAnimationState {
    /// In the order added (nil: removed): later non-additive animations override earlier
    /// ones, additive ones add to the result so far.
    private(set) var slots: [(key: String?, animation: Animation)?] = []
    /// The slot of each keyed animation.
    private var positions: [String: Int] = [:]
    /// Slots holding an animation.
    private(set) var count = 0

    /// Appends `animation`, first removing the one with the same key.
    func add(_ animation: Animation, key: String?) {
        if let key {
            remove(key: key)
            positions[key] = slots.count
        }
        slots.append((key, animation))
        count += 1
    }

    /// Removes the animation with `key`, if any.
    func remove(key: String) {
        guard let i = positions.removeValue(forKey: key) else { return }
        slots[i] = nil
        count -= 1
        if slots.count > 16 && count < slots.count / 2 { compact() }
    }

    /// The animation with `key`.
    func animation(forKey key: String) -> Animation? {
        positions[key].flatMap { slots[$0]?.animation }
    }

    /// Removes every animation for which `shouldRemove` is true.
    func removeAll(where shouldRemove: (Animation) -> Bool) {
        for i in slots.indices {
            guard let entry = slots[i], shouldRemove(entry.animation) else { continue }
            slots[i] = nil
            count -= 1
            if let key = entry.key { positions[key] = nil }
        }
        if count == 0 { slots.removeAll(keepingCapacity: true) } else if count < slots.count / 2 { compact() }
    }

    /// Drops the empty slots and renumbers the keys.
    private func compact() {
        slots.removeAll { $0 == nil }
        for (i, entry) in slots.enumerated() { if let key = entry?.key { positions[key] = i } }
    }
}

extension Layer {
    /// Attaches a copy of `animation`, replacing the one with the same key. A
    /// `beginTime` of 0 becomes the current animation time (the scene time of the last
    /// `advanceAnimations(to:)` on the tree's top layer), as in Core Animation.
    public func add(_ animation: Animation, forKey key: String?) {
        let state = animationState ?? LayerAnimationState()
        animationState = state
        var copy = animation
        animationTime = currentAnimationTime
        if copy.timing.beginTime == 0 { copy.timing.beginTime = animationTime }
        markSubtreeMayAnimate()
        state.add(copy, key: key)
    }

    /// Removes the animation added with `key` (nothing when there is none).
    public func removeAnimation(forKey key: String) {
        animationState?.remove(key: key)
    }

    /// Removes every animation; the layer then shows its model values.
    public func removeAllAnimations() {
        animationState?.removeAll { _ in true }
    }

    /// The animation attached with `key`, with its resolved begin time.
    public func animation(forKey key: String) -> Animation? {
        animationState?.animation(forKey: key)
    }

    /// The keys of the attached animations, in the order added (unkeyed ones are left out).
    public func animationKeys() -> [String] {
        animationState?.slots.compactMap { $0?.key } ?? []
    }

    /// True while at least one animation is attached.
    public var hasAnimations: Bool { (animationState?.count ?? 0) > 0 }

    /// True while an attached animation animates `keyPath`.
    public func hasAnimation(of keyPath: AnimationKeyPath) -> Bool {
        animationState?.slots.contains { $0?.animation.keyPath == keyPath } ?? false
    }

    /// The values drawn (CALayer.presentation()): the current model values with the
    /// animations applied at the layer's animation time (the last
    /// `advanceAnimations(to:)`). Equal to the model values when no animation is
    /// attached. Computed on each call from the model, so model changes show at once.
    public func presentation() -> LayerPresentation {
        var p = LayerPresentation(model: self)
        guard let state = animationState else { return p }
        let t = animationTime
        for case let entry? in state.slots {
            let a = entry.animation
            if a.isRemovedOnCompletion && a.timing.isFinished(at: t) { continue }
            if let v = a.value(at: t, base: a.keyPath.read(p)) { a.keyPath.write(v, to: &p) }
        }
        return p
    }

    /// Sets the animation time of this layer and of its animated sublayers to scene time
    /// `t` (its superlayer's time, taken to each layer's local time by `timing`) and removes
    /// the animations that have finished and have `isRemovedOnCompletion`. Subtrees without
    /// animations are skipped. Does not allocate.
    public func advanceAnimations(to parentTime: Double) {
        let t = timing.local(parentTime)
        animationTime = t
        guard subtreeMayAnimate else { return }
        var animated = false
        if let state = animationState {
            if state.slots.contains(where: { $0.map { $0.animation.isRemovedOnCompletion && $0.animation.timing.isFinished(at: t) } ?? false }) {
                state.removeAll { $0.isRemovedOnCompletion && $0.timing.isFinished(at: t) }
            }
            animated = state.count > 0
        }
        for s in sublayers where s.subtreeMayAnimate {
            s.advanceAnimations(to: t)
            animated = animated || s.subtreeMayAnimate
        }
        if let m = mask, m.subtreeMayAnimate {
            m.advanceAnimations(to: t)
            animated = animated || m.subtreeMayAnimate
        }
        subtreeMayAnimate = animated
    }

    /// The earliest superlayer time from `parentTime` on at which an attached animation of
    /// this layer or a sublayer may change what is drawn: `parentTime` while one runs, its
    /// `beginTime` while it waits to begin, `.infinity` when every one has finished.
    public func nextAnimationTime(after parentTime: Double) -> Double {
        guard subtreeMayAnimate else { return .infinity }
        let t = timing.local(parentTime)
        // Under a timed layer a begin time is not taken back to the superlayer's time.
        let sameTime = timing.beginTime == 0 && timing.speed == 1 && timing.timeOffset == 0
        var next = Double.infinity
        if let state = animationState {
            for case let entry? in state.slots where !entry.animation.timing.isFinished(at: t) {
                let begin = entry.animation.timing.beginTime
                next = min(next, sameTime && begin > t ? begin : parentTime)
            }
        }
        for s in sublayers where s.subtreeMayAnimate {
            let n = s.nextAnimationTime(after: t)
            next = min(next, sameTime || n == .infinity ? n : parentTime)
        }
        return max(next, parentTime)
    }

    /// This layer's local time now: the scene time of the last advance of the tree's top
    /// layer, taken down the superlayer chain through each layer's `timing`.
    var currentAnimationTime: Double {
        func local(_ layer: Layer) -> Double {
            guard let parent = layer.superlayer else { return layer.animationTime }
            return layer.timing.local(local(parent))
        }
        return local(self)
    }

    /// Marks this layer and its superlayers as having an animated subtree.
    func markSubtreeMayAnimate() {
        var layer: Layer? = self
        while let l = layer, !l.subtreeMayAnimate || l === self {
            l.subtreeMayAnimate = true
            layer = l.superlayer
        }
    }
}
