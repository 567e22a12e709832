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
        for i in quads.indices {
            let a = quads[i], b = other.quads[i]
            guard a.matrix == b.matrix, a.size == b.size, a.contentRect == b.contentRect, a.textureRect == b.textureRect,
                  a.contents == b.contents, a.opacityInGroup == b.opacityInGroup, a.group == b.group,
                  a.cornerRadius == b.cornerRadius, a.clipIndex == b.clipIndex else { return false }
        }
        for i in clips.indices {
            let a = clips[i], b = other.clips[i]
            guard a.matrix == b.matrix, a.size == b.size, a.cornerRadius == b.cornerRadius, a.parent == b.parent,
                  a.depth == b.depth else { return false }
        }
        for i in groups.indices {
            let a = groups[i], b = other.groups[i]
            guard a.opacity == b.opacity, a.box == b.box, a.end == b.end, a.firstQuad == b.firstQuad,
                  a.clipDepth == b.clipDepth else { return false }
        }
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
