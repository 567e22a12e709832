// Frame-to-frame comparison of render lists: what lets a host skip a frame that would
// draw exactly what is already on screen (the demo's idle loop).
//
// Does NOT: find which region changed (damage rectangles), look at image pixels (an
// `ImageRef` stands for immutable pixels), or compare names and tags (they draw nothing).

import LayerMath

extension RenderList {
    /// True when drawing this list gives the same pixels as drawing `other`: the same canvas,
    /// commands, and quads, clips and groups that agree in everything the renderer reads.
    /// Does not allocate.
    public func drawsSame(as other: RenderList) -> Bool {
        guard canvas == other.canvas, quads.count == other.quads.count, clips.count == other.clips.count,
              groups.count == other.groups.count, commands == other.commands else { return false }
        for i in quads.indices where !quads[i].drawsSame(as: other.quads[i]) { return false }
        for i in clips.indices where !clips[i].drawsSame(as: other.clips[i]) { return false }
        for i in groups.indices where !groups[i].drawsSame(as: other.groups[i]) { return false }
        return true
    }

    /// Makes this list a copy of `other`, reusing this list's storage (no allocation once its
    /// capacity has grown to `other`'s), so that keeping last frame's list costs nothing.
    public mutating func copy(from other: RenderList) {
        removeAll()
        canvas = other.canvas
        quads.append(contentsOf: other.quads)
        clips.append(contentsOf: other.clips)
        commands.append(contentsOf: other.commands)
        groups.append(contentsOf: other.groups)
    }
}

extension RenderList {
    /// The canvas region where drawing this list gives different pixels than drawing
    /// `previous` (the union of the old and new boxes of every quad, group and clip that
    /// changed: a moved clip changes pixels only inside its old and new visible boxes),
    /// nil when nothing changed, the whole canvas when the structure changed (commands,
    /// clip nesting) or a changed quad reaches behind the eye. Does not allocate.
    ///
    /// A group that appears or goes (a layer starts or stops being rasterized, its opacity
    /// reaches or leaves 1) around the same quads changes pixels only inside its box and
    /// those quads' boxes: lists whose commands agree but for group markers damage those
    /// (every group box of both lists), not the whole canvas.
    public func damage(since previous: RenderList) -> Rect? {
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        guard canvas == previous.canvas, quads.count == previous.quads.count, clips.count == previous.clips.count
        else { return whole }
        let sameGroups = groups.count == previous.groups.count && commands == previous.commands
        guard sameGroups || commandsAgreeButForGroups(previous) else { return whole }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ r: Rect) {
            x0 = min(x0, r.minX); y0 = min(y0, r.minY); x1 = max(x1, r.maxX); y1 = max(y1, r.maxY)
        }
        for i in clips.indices {
            let a = clips[i], b = previous.clips[i]
            guard a.parent == b.parent, a.depth == b.depth else { return whole }
            if a.matrix == b.matrix, a.size == b.size, a.cornerRadius == b.cornerRadius, a.cornerCurve == b.cornerCurve,
               a.visibleBox == b.visibleBox { continue }
            // What a clip lets through lies inside its visible box (its projected shape, cut
            // to its parent's): outside the old and new boxes nothing inside it was or is drawn.
            add(a.visibleBox)
            add(b.visibleBox)
        }
        for i in quads.indices {
            let a = quads[i], b = previous.quads[i]
            if a.drawsSame(as: b) { continue }
            guard let boxA = drawnBox(a), let boxB = previous.drawnBox(b) else { return whole }
            if let r = boxA { add(r) }
            if let r = boxB { add(r) }
        }
        if sameGroups {
            for i in groups.indices {
                let a = groups[i], b = previous.groups[i]
                if a.opacity == b.opacity, a.box == b.box, a.isRasterized == b.isRasterized, a.isMask == b.isMask { continue }
                add(a.box)
                add(b.box)
            }
        } else {
            for g in groups { add(g.box) }
            for g in previous.groups { add(g.box) }
        }
        guard x1 >= x0, y1 >= y0 else { return nil }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return whole }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(whole) ?? nil
    }

    /// True when this list's commands and `other`'s are the same once every group marker
    /// (`beginGroup`, `endGroup`) is left out. Does not allocate.
    private func commandsAgreeButForGroups(_ other: RenderList) -> Bool {
        var i = 0, j = 0
        while true {
            while i < commands.count, commands[i].isGroupMarker { i += 1 }
            while j < other.commands.count, other.commands[j].isGroupMarker { j += 1 }
            guard i < commands.count, j < other.commands.count else {
                return i == commands.count && j == other.commands.count
            }
            guard commands[i] == other.commands[j] else { return false }
            i += 1
            j += 1
        }
    }

    /// Where quad `q` of this list can draw: its projected box cut to its clip's visible box
    /// (.some(nil): nowhere); behind the eye, the clip's visible box; nil: anywhere (behind
    /// the eye and unclipped).
    private func drawnBox(_ q: RenderQuad) -> Rect?? {
        let clipBox: Rect? = q.clipIndex >= 0 && q.clipIndex < clips.count ? clips[q.clipIndex].visibleBox : nil
        guard q.isInFrontOfEye else { return clipBox.map { .some($0) } }
        let box = Rect.bounding(q.corners.0, q.corners.1, q.corners.2, q.corners.3)
        guard let clipBox else { return .some(box) }
        return .some(box.intersection(clipBox))
    }
}

extension RenderQuad {
    /// True when the renderer draws this quad exactly as `other`: everything it reads but
    /// the name and tags (the projected corners follow from the matrix and size).
    public func drawsSame(as other: RenderQuad) -> Bool {
        drawsSameWherever(as: other) && group == other.group && clipIndex == other.clipIndex
    }

    /// `drawsSame` without the list indices (its group and its clip), which move when
    /// the list around the quad changes: the caller compares what they point to.
    public func drawsSameWherever(as other: RenderQuad) -> Bool {
        matrix == other.matrix && size == other.size && contentRect == other.contentRect
            && textureRect == other.textureRect && contents == other.contents
            && opacityInGroup == other.opacityInGroup && cornerRadius == other.cornerRadius && part == other.part
            && maskedCorners == other.maskedCorners && tint == other.tint && minificationFilter == other.minificationFilter
            && magnificationFilter == other.magnificationFilter && nineSlice == other.nineSlice
            && cornerCurve == other.cornerCurve && isInMask == other.isInMask
    }
}

extension RenderClip {
    /// True when the renderer clips exactly as with `other` (its shape and nesting).
    public func drawsSame(as other: RenderClip) -> Bool {
        drawsSameWherever(as: other) && parent == other.parent
    }

    /// `drawsSame` without the parent's index (the caller compares the parent itself).
    public func drawsSameWherever(as other: RenderClip) -> Bool {
        matrix == other.matrix && size == other.size && cornerRadius == other.cornerRadius && cornerCurve == other.cornerCurve
            && depth == other.depth
            && maskedCorners == other.maskedCorners
    }
}

extension RenderGroup {
    /// True when the renderer draws and composites this group exactly as `other`.
    public func drawsSame(as other: RenderGroup) -> Bool {
        drawsSameWherever(as: other) && end == other.end && firstQuad == other.firstQuad
    }

    /// `drawsSame` without the list indices (its end and first quad; the caller compares
    /// the commands and quads themselves).
    public func drawsSameWherever(as other: RenderGroup) -> Bool {
        opacity == other.opacity && box == other.box && clipDepth == other.clipDepth && isRasterized == other.isRasterized
            && isMask == other.isMask && (mask < 0) == (other.mask < 0)
    }
}

private extension RenderCommand {
    var isGroupMarker: Bool {
        switch self {
        case .beginGroup, .endGroup: return true
        case .quad, .pushClip, .popClip: return false
        }
    }
}
