// Groups drawn without their offscreen image: how Core Animation degrades group opacity
// when an offscreen image cannot be had. A flattened group's quads (and the groups nested
// in it) are drawn straight into what encloses it, each with the group's opacity
// multiplied in. The result differs from the group's image only where its own pieces
// overlap: there each piece shows through the ones above it (a*(1-a) more of what is
// under), as with `allowsGroupOpacity` off.
//
// Does NOT: decide which groups to flatten (the renderer does, from its byte budget).

extension RenderList {
    /// Makes this list `source` with every group `g` where `flattened[g]` drawn flattened,
    /// reusing this list's storage (no allocation once it has grown).
    ///
    /// A flattened group keeps its entry in `groups` (indices do not move), with `end` -1,
    /// `opacity` the factor its own quads are drawn with, and `parent` the group they are
    /// drawn into. Its quads move to that group with `opacityInGroup` multiplied by the
    /// factor; a kept group nested in it is composited into that group with its opacity
    /// multiplied the same way.
    package mutating func setFlattening(_ source: RenderList, groups flattened: [Bool]) {
        removeAll()
        canvas = source.canvas
        clips.append(contentsOf: source.clips)
        groups.append(contentsOf: source.groups)
        // A group's parent precedes it (groups are listed by their beginGroup).
        for g in groups.indices {
            if g < flattened.count, flattened[g] { groups[g].end = -1 }
            let parent = groups[g].parent
            if parent >= 0, parent < flattened.count, flattened[parent] {
                groups[g].opacity *= groups[parent].opacity
                groups[g].parent = groups[parent].parent
            }
        }
        quads.append(contentsOf: source.quads)
        for i in quads.indices {
            let g = quads[i].group
            guard g >= 0, g < flattened.count, flattened[g] else { continue }
            quads[i].opacityInGroup *= groups[g].opacity
            quads[i].group = groups[g].parent
            if quads[i].opacityInGroup < 1 { quads[i].isOpaque = false }
        }
        for command in source.commands {
            switch command {
            case .beginGroup(let g) where g < flattened.count && flattened[g]: continue
            case .endGroup(let g) where g < flattened.count && flattened[g]: continue
            case .endGroup(let g): groups[g].end = commands.count
            default: break
            }
            commands.append(command)
        }
    }
}
