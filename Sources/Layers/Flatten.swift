import LayerMath

/// Turns a layer tree into a `RenderList` in Core Animation's drawing order.
///
/// Rules (Core Animation's; docs/architecture.md): a layer draws its shadow, its background,
/// its own contents, then its sublayers sorted by zPosition (stable: sublayer order breaks
/// ties), each flattened into its plane (`diag(1, 1, 0, 1)` between a sublayer's matrix and
/// its superlayer's), then its border.
/// Hidden layers, layers with opacity 0, back-facing layers with `isDoubleSided = false`
/// (and their sublayers) and quads entirely outside their clip or the canvas are left
/// out. `masksToBounds` with sublayers (or a shadow) becomes a clip push/pop around them. A
/// layer with opacity below 1, sublayers or several pieces of its own, and
/// `allowsGroupOpacity` becomes a group (`beginGroup` /
/// `endGroup`) composited once; a group that draws a single quad is folded into it.
///
/// A `Flattener` keeps scratch storage so that flattening every frame into the same
/// list does not allocate.
public struct Flattener {
    private var orderScratch: [[Int]] = []
    private var keyScratch: [[Double]] = []
    /// Honour `Layer.shouldRasterize` (true): a rasterized layer with sublayers becomes a
    /// group. false: it is flattened as if not rasterized, its layers one by one (what the
    /// bench's speed of light counts: the frame's layers, however they are cached).
    public var groupsRasterizedLayers = true

    public init() {}

    /// Flattens the top-level `layers` (whose superlayer is a canvas of `canvas` points)
    /// into `list`, replacing its contents.
    public mutating func flatten(_ layers: [Layer], canvas: Size, into list: inout RenderList) {
        flatten(layers, canvas: canvas, base: .flatten, into: &list)
    }

    /// Flattens `layers` with `base` under their own matrices (`.flatten`: their superlayer
    /// is the canvas; `Layer.hitTestBase`: the plane of the superlayer they sit in).
    public mutating func flatten(_ layers: [Layer], canvas: Size, base: Transform3D, into list: inout RenderList) {
        list.removeAll()
        list.canvas = canvas
        let canvasBox = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        visitChildren(layers, base: base, opacity: 1, GroupContext(index: -1, opacity: 1, tint: .white, instance: 0, inMask: false), clip: -1,
                      clipBox: canvasBox, depth: 0, into: &list)
    }

    /// Visits `children` back to front: by zPosition (stable: sublayer order breaks ties), or,
    /// with `depthSpace` (a transform layer's: its sublayers keep their 3D positions), by the
    /// depth of each child's centre mapped by its own matrix then `depthSpace`.
    private mutating func visitChildren(_ children: [Layer], base: Transform3D, opacity: Double, _ g: GroupContext,
                                        clip: Int, clipBox: Rect, depth: Int, depthSpace: Transform3D? = nil,
                                        into list: inout RenderList) {
        if children.isEmpty { return }
        // A mask's sublayers are two levels below the layer: grow the scratch to any depth.
        while orderScratch.count <= depth { orderScratch.append([]); keyScratch.append([]) }
        // Stable order by key, without allocating once the scratch has grown.
        var order = orderScratch[depth], keys = keyScratch[depth]
        orderScratch[depth] = []
        keyScratch[depth] = []
        order.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        var sorted = true
        for i in children.indices {
            let key: Double
            if let space = depthSpace {
                let c = children[i].presentation()
                let v = (c.matrixToSuperlayer * space).apply(Vector4(c.bounds.width / 2, c.bounds.height / 2, 0, 1))
                key = v.w != 0 ? v.z / v.w : 0
            } else {
                key = children[i].drawnZPosition
            }
            if i > 0 && key < keys[i - 1] { sorted = false }
            keys.append(key)
            order.append(i)
        }
        if !sorted {
            // Insertion sort: stable, in place, and the lists are short.
            for i in 1..<order.count {
                let item = order[i]
                var j = i - 1
                while j >= 0 && keys[order[j]] > keys[item] {
                    order[j + 1] = order[j]
                    j -= 1
                }
                order[j + 1] = item
            }
        }
        for i in order {
            visit(children[i], base: base, opacity: opacity, g, clip: clip, clipBox: clipBox, depth: depth, into: &list)
        }
        orderScratch[depth] = order
        keyScratch[depth] = keys
    }

    /// The innermost group-opacity group being flattened into and the opacity accumulated
    /// since it began (what quads are drawn with into its offscreen image); and the colour
    /// multiplier and instance of the replicator instance being drawn (white, 0: none); and
    /// whether a mask is being drawn.
    private struct GroupContext {
        var index: Int
        var opacity: Double
        var tint: Color
        var instance: Int
        var inMask: Bool
    }

    private mutating func visit(_ layer: Layer, base: Transform3D, opacity parentOpacity: Double, _ parentGroup: GroupContext,
                                clip: Int, clipBox: Rect, depth: Int, into list: inout RenderList) {
        if layer.isHidden { return }
        let drawn = layer.presentation()   // the model with its animations applied
        let opacity = parentOpacity * drawn.opacity
        if !(opacity > 0) { return }
        let world = drawn.matrixToSuperlayer * base
        let size = drawn.bounds
        let h = world.planeHomography
        if !layer.isDoubleSided && !Flattener.facesViewer(h, size: size) { return }

        // Group opacity or rasterization: the layer and its sublayers become one image
        // composited with the layer's opacity (times what accumulated since the enclosing group).
        let rasterized = layer.shouldRasterize && groupsRasterizedLayers
        // A mask (CALayer.mask) makes the layer a group whose image the mask's alpha multiplies.
        let mask = layer.isTransformLayer ? nil : layer.mask
        let grouped = mask != nil || (rasterized || layer.allowsGroupOpacity && drawn.opacity < 1) && !layer.isTransformLayer
            && (!layer.sublayers.isEmpty || Flattener.ownPieces(layer, drawn) > 1)
        var g = GroupContext(index: parentGroup.index, opacity: parentGroup.opacity * drawn.opacity, tint: parentGroup.tint,
                             instance: parentGroup.instance, inMask: parentGroup.inMask)
        let groupIndex = list.groups.count, groupBegin = list.commands.count, quadsBefore = list.quads.count
        let clipsBefore = list.clips.count
        if grouped {
            let clipDepth = clip >= 0 ? list.clips[clip].depth : 0
            list.groups.append(RenderGroup(name: layer.name, opacity: g.opacity, box: .zero, end: -1, firstQuad: quadsBefore,
                                           clipDepth: clipDepth, parent: parentGroup.index,
                                           isRasterized: rasterized, layer: ObjectIdentifier(layer)))
            list.commands.append(.beginGroup(groupIndex))
            g = GroupContext(index: groupIndex, opacity: 1, tint: parentGroup.tint, instance: parentGroup.instance,
                             inMask: parentGroup.inMask)
        }
        visitContents(layer, drawn, world: world, opacity: opacity, g, clip: clip, clipBox: clipBox, depth: depth, into: &list)
        var maskBox: Rect? = nil
        let contentQuads = list.quads.count
        if let mask {
            // Nothing drawn, or a mask that draws nothing: the layer shows nothing.
            guard contentQuads > quadsBefore, let m = appendMask(mask, of: groupIndex, world: world, opacity: opacity, g,
                                                                 clip: clip, clipBox: clipBox, depth: depth, into: &list) else {
                list.quads.removeSubrange(quadsBefore...)
                list.clips.removeSubrange(clipsBefore...)
                list.commands.removeSubrange(groupBegin...)
                list.groups.removeSubrange(groupIndex...)
                return
            }
            list.groups[groupIndex].mask = m
            maskBox = list.groups[m].box
        }
        if grouped {
            endGroup(groupIndex, begin: groupBegin, quadsBefore: quadsBefore, quadsEnd: contentQuads, outer: parentGroup,
                     clipBox: maskBox ?? clipBox, keep: mask != nil, into: &list)
        }
    }

    /// Draws `mask` into a mask group inside group `owner` (the masked layer's, whose plane is
    /// `world`): the mask's index, or nil when it draws nothing.
    private mutating func appendMask(_ mask: Layer, of owner: Int, world: Transform3D, opacity: Double, _ g: GroupContext,
                                     clip: Int, clipBox: Rect, depth: Int, into list: inout RenderList) -> Int? {
        let index = list.groups.count, begin = list.commands.count, quadsBefore = list.quads.count
        let clipDepth = clip >= 0 ? list.clips[clip].depth : 0
        list.groups.append(RenderGroup(name: mask.name, opacity: 1, box: .zero, end: -1, firstQuad: quadsBefore,
                                       clipDepth: clipDepth, parent: owner, isMask: true))
        list.commands.append(.beginGroup(index))
        // In the layer's bounds space, flattened into its plane; its opacity its own.
        let context = GroupContext(index: index, opacity: 1, tint: .white, instance: 0, inMask: true)
        visit(mask, base: Transform3D.flatten * world, opacity: opacity, context, clip: clip, clipBox: clipBox,
              depth: depth + 1, into: &list)
        if list.quads.count == quadsBefore {
            list.commands.removeSubrange(begin...)
            list.groups.removeSubrange(index...)
            return nil
        }
        endGroup(index, begin: begin, quadsBefore: quadsBefore, outer: g, clipBox: clipBox, keep: true, into: &list)
        return index
    }

    /// Closes group `index`: drops it when it drew nothing, folds its opacity into its only
    /// quad when it drew one (the same pixels without an offscreen image), otherwise
    /// records its box (of quads `quadsBefore..<quadsEnd`, cut to `clipBox`) and appends
    /// `endGroup`. `keep`: a masked group or a mask, never dropped nor folded.
    private func endGroup(_ index: Int, begin: Int, quadsBefore: Int, quadsEnd: Int? = nil, outer: GroupContext,
                          clipBox: Rect, keep: Bool = false, into list: inout RenderList) {
        let drawn = list.quads.count - quadsBefore
        if drawn <= 1 && !keep {
            // A group with at most one quad holds no kept group: it is the last one recorded.
            let opacity = list.groups[index].opacity
            list.groups.removeLast(list.groups.count - index)
            list.commands.remove(at: begin)
            if drawn == 1 {
                list.quads[quadsBefore].opacityInGroup *= opacity
                list.quads[quadsBefore].group = outer.index
                if list.quads[quadsBefore].opacityInGroup < 1 { list.quads[quadsBefore].isOpaque = false }
            }
            return
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for i in quadsBefore..<(quadsEnd ?? list.quads.count) {
            let q = list.quads[i]
            let c = q.corners
            let b = q.isInFrontOfEye ? Rect.bounding(c.0, c.1, c.2, c.3) : clipBox
            x0 = min(x0, b.minX); y0 = min(y0, b.minY); x1 = max(x1, b.maxX); y1 = max(y1, b.maxY)
        }
        list.groups[index].box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clipBox) ?? .zero
        list.groups[index].end = list.commands.count
        list.commands.append(.endGroup(index))
    }

    /// How many quads the layer draws of its own: shadow, background, contents, border.
    static func ownPieces(_ layer: Layer, _ drawn: LayerPresentation) -> Int {
        var n = drawn.contents != .none ? 1 : 0
        if let c = drawn.backgroundColor, c.a > 0 { n += 1 }
        if drawn.borderWidth > 0, drawn.borderColor.a > 0 { n += 1 }
        if castsShadow(layer, drawn) { n += 1 }
        return n
    }

    /// The shadow is drawn for a layer with a background or contents (its shape: the
    /// rounded bounds), or with a shadow image; a layer that draws nothing of its own casts none.
    static func castsShadow(_ layer: Layer, _ drawn: LayerPresentation) -> Bool {
        guard drawn.shadow.isVisible else { return false }
        if layer.shadowImage != nil || drawn.shadowPath?.roundedRectangle != nil { return true }
        if let c = drawn.backgroundColor, c.a > 0 { return true }
        return drawn.contents != .none
    }

    /// The layer's shadow, background and contents, then its sublayers (inside a clip when
    /// it masks to bounds), then its border.
    private mutating func visitContents(_ layer: Layer, _ drawn: LayerPresentation, world: Transform3D, opacity: Double, _ g: GroupContext, clip: Int,
                                        clipBox: Rect, depth: Int, into list: inout RenderList) {
        let size = drawn.bounds
        if layer.isTransformLayer {
            // Nothing of its own; the sublayers stay in 3D, ordered by depth.
            let space = drawn.sublayerMatrix * drawn.matrixToSuperlayer
            visitChildren(layer.sublayers, base: drawn.sublayerMatrix * world, opacity: opacity, g, clip: clip,
                          clipBox: clipBox, depth: depth + 1, depthSpace: space, into: &list)
            return
        }
        if Flattener.castsShadow(layer, drawn) {
            // Core Animation clips a layer's shadow by its own masksToBounds.
            let shadowClip = layer.masksToBounds ? pushClip(layer, drawn, world: world, clip: clip, clipBox: clipBox, into: &list) : (clip, clipBox)
            if let (c, box) = shadowClip {
                let quadsBefore = list.quads.count, commandsBefore = list.commands.count
                appendShadow(layer, drawn, world: world, opacity: opacity, g, clip: c, clipBox: box, into: &list)
                if c != clip { popClip(c, commandsBefore: commandsBefore - 1, quadsBefore: quadsBefore, into: &list) }
            }
        }
        if let background = drawn.backgroundColor, background.a > 0 {
            appendQuad(layer, drawn, world: world, size: size, contents: .color(background),
                       part: drawn.contents == .none ? .own : .background, opacity: opacity, g, clip: clip, clipBox: clipBox, into: &list)
        }
        if drawn.contents != .none {
            appendQuad(layer, drawn, world: world, size: size, contents: drawn.contents, part: .own, opacity: opacity, g,
                       clip: clip, clipBox: clipBox, into: &list)
        }
        if !layer.sublayers.isEmpty {
            if layer.masksToBounds {
                if let (index, visible) = pushClip(layer, drawn, world: world, clip: clip, clipBox: clipBox, into: &list) {
                    let commandsBefore = list.commands.count - 1, quadsBefore = list.quads.count
                    visitSublayers(layer, drawn, world: world, opacity: opacity, g, clip: index, clipBox: visible,
                                   depth: depth, into: &list)
                    popClip(index, commandsBefore: commandsBefore, quadsBefore: quadsBefore, into: &list)
                }
            } else {
                visitSublayers(layer, drawn, world: world, opacity: opacity, g, clip: clip, clipBox: clipBox,
                               depth: depth, into: &list)
            }
        }
        if drawn.borderWidth > 0, drawn.borderColor.a > 0 {
            appendQuad(layer, drawn, world: world, size: size, contents: .color(drawn.borderColor),
                       part: .border(width: drawn.borderWidth), opacity: opacity, g, clip: clip, clipBox: clipBox, into: &list)
        }
    }

    /// The sublayers, flattened into the layer's plane: once, or once per replicator instance
    /// (instance k under the instance transform taken k times about the anchor point, its
    /// colour multiplied in).
    private mutating func visitSublayers(_ layer: Layer, _ drawn: LayerPresentation, world: Transform3D, opacity: Double,
                                         _ g: GroupContext, clip: Int, clipBox: Rect, depth: Int, into list: inout RenderList) {
        let flat = drawn.sublayerMatrix * Transform3D.flatten * world
        guard let r = layer.replicator, r.instanceCount != 1 else {
            visitChildren(layer.sublayers, base: flat, opacity: opacity, g, clip: clip, clipBox: clipBox, depth: depth + 1, into: &list)
            return
        }
        let ax = drawn.anchorPoint.x * drawn.bounds.width, ay = drawn.anchorPoint.y * drawn.bounds.height
        var power = Transform3D.identity
        // Delayed instances: the animated sublayers are set to each instance's time, then back.
        let delay = drawn.instanceDelay
        let delayed = delay != 0 && delay.isFinite && layer.subtreeMayAnimate
        defer { if delayed { layer.setSublayerAnimationTime(layer.animationTime) } }
        for k in 0..<max(0, r.instanceCount) {
            if delayed { layer.setSublayerAnimationTime(layer.animationTime - Double(k) * delay) }
            let c = r.color(ofInstance: k)
            let step = Transform3D.translation(-ax, -ay, 0) * power * .translation(ax, ay, 0)
            if c.a > 0 {
                let tint = Color(g.tint.r * c.r, g.tint.g * c.g, g.tint.b * c.b, 1)
                let instance = GroupContext(index: g.index, opacity: g.opacity * c.a, tint: tint, instance: k, inMask: g.inMask)
                visitChildren(layer.sublayers, base: step * flat, opacity: opacity * c.a, instance, clip: clip, clipBox: clipBox,
                              depth: depth + 1, into: &list)
            }
            power = power * r.instanceTransform
        }
    }

    /// Starts clipping to the layer's rounded bounds: the clip's index and visible box, or
    /// nil when nothing of it is visible.
    private func pushClip(_ layer: Layer, _ drawn: LayerPresentation, world: Transform3D, clip: Int, clipBox: Rect,
                          into list: inout RenderList) -> (Int, Rect)? {
        let size = drawn.bounds
        let box = Flattener.projectedBox(world, size: size) ?? clipBox
        guard let visible = box.intersection(clipBox) else { return nil }
        let index = list.clips.count
        let parentDepth = clip >= 0 ? list.clips[clip].depth : 0
        list.clips.append(RenderClip(name: layer.name, matrix: world, size: size, cornerRadius: cornerExtent(layer, drawn, size),
                                     maskedCorners: layer.maskedCorners, cornerCurve: layer.cornerCurve, parent: clip,
                                     depth: parentDepth + 1, visibleBox: visible))
        list.commands.append(.pushClip(index))
        return (index, visible)
    }

    /// Ends clip `index`, pushed at command `commandsBefore`; a clip with nothing drawn
    /// inside is dropped entirely.
    private func popClip(_ index: Int, commandsBefore: Int, quadsBefore: Int, into list: inout RenderList) {
        if list.quads.count == quadsBefore {
            list.commands.removeSubrange(commandsBefore...)
            list.clips.removeLast(list.clips.count - index)
        } else {
            list.commands.append(.popClip(index))
        }
    }

    /// The shadow's quad: the bounds moved by the offset and grown by three standard
    /// deviations of the blur (where the Gaussian's tail is below 1/700), in the shadow's colour.
    private func appendShadow(_ layer: Layer, _ drawn: LayerPresentation, world: Transform3D, opacity: Double,
                              _ g: GroupContext, clip: Int, clipBox: Rect, into list: inout RenderList) {
        let s = drawn.shadow
        let sigma = s.radius, extent = 3 * s.radius
        guard s.offset.x.isFinite, s.offset.y.isFinite, extent.isFinite else { return }
        if let shape = layer.shadowImage {
            // The blurred shape, tinted by the shadow's colour, its alpha times the opacity.
            let m = shape.margin, a = s.color.a * s.opacity
            let size = Size(drawn.bounds.width + 2 * m, drawn.bounds.height + 2 * m)
            let placed = Transform3D.translation(s.offset.x - m, s.offset.y - m, 0) * world
            let tint = Color(g.tint.r * s.color.r, g.tint.g * s.color.g, g.tint.b * s.color.b, 1)
            let shadowContext = GroupContext(index: g.index, opacity: g.opacity * a, tint: tint, instance: g.instance, inMask: g.inMask)
            appendQuad(layer, drawn, world: placed, size: size, contents: .image(shape.image), part: .shadow(sigma: 0, inset: 0),
                       opacity: opacity * a, shadowContext, clip: clip, clipBox: clipBox, into: &list)
            return
        }
        // The rounded bounds, or a shadowPath that is a rounded rectangle (circular corners).
        let path = drawn.shadowPath?.roundedRectangle
        let shape = path?.rect ?? Rect(x: 0, y: 0, width: drawn.bounds.width, height: drawn.bounds.height)
        let size = Size(shape.width + 2 * extent, shape.height + 2 * extent)
        let placed = Transform3D.translation(shape.minX + s.offset.x - extent, shape.minY + s.offset.y - extent, 0) * world
        let color = Color(s.color.r, s.color.g, s.color.b, s.color.a * s.opacity)
        let quadsBefore = list.quads.count
        appendQuad(layer, drawn, world: placed, size: size, contents: .color(color), part: .shadow(sigma: sigma, inset: extent),
                   opacity: opacity, g, clip: clip, clipBox: clipBox, into: &list)
        if let path, list.quads.count > quadsBefore {
            list.quads[quadsBefore].cornerRadius = path.cornerRadius
            list.quads[quadsBefore].maskedCorners = .all
            list.quads[quadsBefore].cornerCurve = .circular
        }
    }

    private func appendQuad(_ layer: Layer, _ drawn: LayerPresentation, world: Transform3D, size: Size, contents: LayerContents,
                            part: LayerPart, opacity: Double, _ g: GroupContext, clip: Int, clipBox: Rect,
                            into list: inout RenderList) {
        guard size.width > 0, size.height > 0 else { return }
        let v0 = world.apply(Vector4(0, 0, 0, 1)), v1 = world.apply(Vector4(size.width, 0, 0, 1))
        let v2 = world.apply(Vector4(size.width, size.height, 0, 1)), v3 = world.apply(Vector4(0, size.height, 0, 1))
        let inFront = v0.w > 0 && v1.w > 0 && v2.w > 0 && v3.w > 0
        if !(v0.w > 0 || v1.w > 0 || v2.w > 0 || v3.w > 0) { return }   // entirely behind the eye
        let corners = (Point(v0.x / v0.w, v0.y / v0.w), Point(v1.x / v1.w, v1.y / v1.w),
                       Point(v2.x / v2.w, v2.y / v2.w), Point(v3.x / v3.w, v3.y / v3.w))
        if inFront {
            let box = Rect.bounding(corners.0, corners.1, corners.2, corners.3)
            if !box.intersects(clipBox) { return }
        }
        var contentRect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var textureRect = Rect(x: 0, y: 0, width: 1, height: 1)
        var cornerRadius = 0.0
        var opaque = false
        var slice: NineSlice? = nil
        var contents = contents
        if case .color(let c) = contents, g.tint != .white {
            contents = .color(Color(c.r * g.tint.r, c.g * g.tint.g, c.b * g.tint.b, c.a))
        }
        switch contents {
        case .none:
            return
        case .color(let c):
            cornerRadius = cornerExtent(layer, drawn, drawn.bounds)
            opaque = c.a >= 1 && !part.isShaped
        case .image where part != .own:
            break   // a shadow image covers its whole quad
        case .image(let image):
            (contentRect, textureRect, slice) = Flattener.placeSlicedContents(
                image, in: size, gravity: layer.contentsGravity, crop: layer.masksToBounds, contentsRect: layer.contentsRect,
                contentsScale: layer.contentsScale, contentsCenter: drawn.contentsCenter)
            if layer.masksToBounds { cornerRadius = cornerExtent(layer, drawn, size) }
            opaque = image.isOpaque && contentRect.width >= size.width && contentRect.height >= size.height
                && layer.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1)
        }
        if contentRect.isEmpty { return }
        list.commands.append(.quad(list.quads.count))
        list.quads.append(RenderQuad(
            name: layer.name, matrix: world, size: size, tag: layer.tag, contentRect: contentRect,
            textureRect: textureRect, contents: contents, opacity: opacity, opacityInGroup: g.opacity,
            group: g.index, cornerRadius: cornerRadius, clipIndex: clip, corners: corners, isInFrontOfEye: inFront,
            isOpaque: opaque && g.opacity >= 1 && cornerRadius <= 0 && inFront, part: part,
            maskedCorners: layer.maskedCorners, cornerCurve: layer.cornerCurve, tint: g.tint, instance: g.instance,
            minificationFilter: layer.minificationFilter, magnificationFilter: layer.magnificationFilter, nineSlice: slice,
            isInMask: g.inMask))
    }

    /// True when the layer's front side faces the viewer: the plane's orientation
    /// (determinant of its homography, times the sign of w at the centre) is positive.
    public static func facesViewer(_ h: Homography2D, size: Size) -> Bool {
        let centre = h.map(Point(size.width / 2, size.height / 2))
        let det = h.determinant
        return centre.w > 0 ? det > 0 : det < 0
    }

    /// Canvas bounding box of a bounds rectangle, or nil when part of it is behind the eye.
    static func projectedBox(_ m: Transform3D, size: Size) -> Rect? {
        let v0 = m.apply(Vector4(0, 0, 0, 1)), v1 = m.apply(Vector4(size.width, 0, 0, 1))
        let v2 = m.apply(Vector4(size.width, size.height, 0, 1)), v3 = m.apply(Vector4(0, size.height, 0, 1))
        guard v0.w > 0, v1.w > 0, v2.w > 0, v3.w > 0 else { return nil }
        return Rect.bounding(Point(v0.x / v0.w, v0.y / v0.w), Point(v1.x / v1.w, v1.y / v1.w),
                             Point(v2.x / v2.w, v2.y / v2.w), Point(v3.x / v3.w, v3.y / v3.w))
    }

    /// Places an image in a bounds rectangle by gravity; when `crop` is true the part
    /// outside the bounds is cut away (texture coordinates shrink to match). `contentsRect`
    /// is the part of the image drawn (unit coordinates), `contentsScale` its pixels per point.
    public static func placeContents(_ image: ImageRef, in size: Size, gravity: ContentsGravity, crop: Bool,
                                     contentsRect cr: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                                     contentsScale: Double = 1) -> (geometry: Rect, texture: Rect) {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let iw = Double(max(image.width, 1)) * abs(cr.width) / scale, ih = Double(max(image.height, 1)) * abs(cr.height) / scale
        guard iw > 0, ih > 0 else { return (.zero, .zero) }
        var g: Rect
        switch gravity {
        case .resize:
            g = Rect(x: 0, y: 0, width: size.width, height: size.height)
        case .resizeAspect, .resizeAspectFill:
            let sx = size.width / iw, sy = size.height / ih
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            g = Rect(x: (size.width - iw * s) / 2, y: (size.height - ih * s) / 2, width: iw * s, height: ih * s)
        default:
            // Natural size, against the named side (0), centred (0.5) or the far side (1).
            let (fx, fy) = gravity.alignment
            g = Rect(x: (size.width - iw) * fx, y: (size.height - ih) * fy, width: iw, height: ih)
        }
        var t = cr
        if crop {
            let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            guard let c = g.intersection(bounds) else { return (.zero, .zero) }
            t = Rect(x: cr.minX + (c.minX - g.minX) / g.width * cr.width, y: cr.minY + (c.minY - g.minY) / g.height * cr.height,
                     width: c.width / g.width * cr.width, height: c.height / g.height * cr.height)
            g = c
        }
        return (g, t)
    }
}

extension ContentsGravity {
    /// Where a natural-size image sits along x and y: 0 the left (top), 0.5 centred, 1 the
    /// right (bottom). Scaling gravities give (0.5, 0.5).
    var alignment: (Double, Double) {
        switch self {
        case .top: return (0.5, 0)
        case .bottom: return (0.5, 1)
        case .left: return (0, 0.5)
        case .right: return (1, 0.5)
        case .topLeft: return (0, 0)
        case .topRight: return (1, 0)
        case .bottomLeft: return (0, 1)
        case .bottomRight: return (1, 1)
        case .center, .resize, .resizeAspect, .resizeAspectFill: return (0.5, 0.5)
        }
    }
}

extension Array where Element == Layer {
    /// Flattens these top-level layers over a canvas into a new render list.
    public func flatten(canvas: Size) -> RenderList {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(self, canvas: canvas, into: &list)
        return list
    }
}

extension Layer {
    /// Flattens this layer (as a top-level layer of the canvas) into a new render list.
    public func flatten(canvas: Size) -> RenderList { [self].flatten(canvas: canvas) }
}
