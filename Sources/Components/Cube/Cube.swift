import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// Seed 002's solid cube built from six single-sided layers, scene kind `cube`.
///
/// Layers: the component's root is the container (`NAME`, `frame` in the canvas) whose
/// `sublayerTransform` turns the cube; its sublayers are the faces `NAME/face1` ...
/// `NAME/face6` (generated numbered images, `isDoubleSided = false`, tag = face number),
/// each with a black shading overlay `NAME/face<k>/shade` and a selection highlight
/// `NAME/face<k>/highlight` as sublayers, so they move and are culled with their face.
///
/// Input: a pointer drag rotates the cube (about Y for horizontal motion, about X for
/// vertical); a click (press and release without dragging) selects the face really
/// under the pointer, found by hit testing the flattened layers, so culled back faces
/// never take the click (the seed's "click problem"). Keys: "1"..."3" pick the seed's
/// presets, Tab/Space the next preset, arrows nudge by 15 degrees, Escape deselects.
///
/// Scene keys: `frame [x,y,w,h]` (default a 375x375 square centred in the canvas),
/// `faceSize` (140), `preset` (1...3, default 1), `perspective` (d > 0: m34 = -1/d after
/// the rotation; default none, as in the seed), `lighting` (`diffuse`, `seed`, `none`),
/// `light [x,y,z]` (direction toward the light, for `diffuse`), `ambient` (0.5).
public final class Cube: SceneComponent {
    public let name: String
    /// The container layer.
    public let rootLayer: Layer
    /// Edge length of the cube in points.
    public let faceSize: Double
    /// Perspective distance (0: none).
    public var perspective: Double { didSet { dirty = true } }
    /// Shading formula.
    public var lighting: CubeLighting { didSet { dirty = true } }
    /// Unit direction toward the light (for `diffuse`).
    public var light: Vector3 { didSet { light = light.normalized; dirty = true } }
    /// Ambient light in 0...1.
    public var ambient: Double { didSet { dirty = true } }
    /// The container rotation (the sublayerTransform without its perspective).
    public var rotation: Transform3D { didSet { dirty = true } }
    /// The preset last chosen, or nil once the cube was dragged or nudged.
    public private(set) var preset: Int?
    /// The selected face (1...6), or nil.
    public private(set) var selectedFace: Int? { didSet { dirty = true } }
    /// Radians of rotation per point of drag.
    public var dragSensitivity = 0.01
    /// Radians per arrow-key nudge.
    public var nudgeStep = Double.pi / 12
    /// Pointer travel (points) below which a press and release is a click.
    public var clickSlop = 4.0

    private let canvas: Size
    private var faces: [Layer] = []
    private var shades: [Layer] = []
    private var highlights: [Layer] = []
    private var dirty = true
    private var hitList = RenderList()
    private var flattener = Flattener()
    private var pressPoint: Point?
    private var lastPoint = Point.zero
    private var dragging = false

    /// Builds the cube. Face images are painted lazily into `images` (first draw).
    public init(name: String, frame: Rect, canvas: Size, images: ImageStore, faceSize: Double = 140,
                preset: Int = 1, perspective: Double = 0, lighting: CubeLighting = .diffuse,
                light: Vector3 = CubeLighting.defaultLight, ambient: Double = 0.5) {
        self.name = name
        self.canvas = canvas
        self.faceSize = faceSize
        self.perspective = perspective
        self.lighting = lighting
        self.light = light.normalized
        self.ambient = ambient
        self.preset = preset
        self.rotation = CubeGeometry.preset(preset)
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        let highlight = Cube.highlightImage(size: faceSize, images: images)
        for k in 1...6 {
            let face = Layer(name: "\(name)/face\(k)", bounds: Size(faceSize, faceSize),
                             position: Point(frame.width / 2, frame.height / 2))
            face.tag = k
            face.isDoubleSided = false
            face.transform = CubeGeometry.faceTransform(k, size: faceSize)
            face.contents = .image(Cube.faceImage(k, size: faceSize, images: images))
            let shade = Layer(name: "\(name)/face\(k)/shade", bounds: face.bounds,
                              position: Point(faceSize / 2, faceSize / 2))
            shade.tag = k
            shade.contents = .color(.black)
            let mark = Layer(name: "\(name)/face\(k)/highlight", bounds: face.bounds,
                             position: Point(faceSize / 2, faceSize / 2))
            mark.tag = k
            mark.contents = .image(highlight)
            mark.isHidden = true
            face.addSublayer(shade)
            face.addSublayer(mark)
            rootLayer.addSublayer(face)
            faces.append(face); shades.append(shade); highlights.append(mark)
        }
        applyState()
    }

    /// The layer of face `k` (1...6).
    public func faceLayer(_ k: Int) -> Layer { faces[k - 1] }

    /// The shading overlay of face `k` (1...6); its opacity is the drawn alpha.
    public func shadeLayer(_ k: Int) -> Layer { shades[k - 1] }

    /// The drawn (clamped) overlay alpha of face `k` for the current state.
    public func shadeAlpha(face k: Int) -> Double {
        lighting.overlayAlpha(face: k, size: faceSize, rotation: rotation, light: light, ambient: ambient)
    }

    /// Turns the cube to seed preset `n` (1...3).
    public func selectPreset(_ n: Int) {
        precondition((1...CubeGeometry.presetCount).contains(n), "preset must be 1...\(CubeGeometry.presetCount)")
        preset = n
        rotation = CubeGeometry.preset(n)
    }

    /// Turns the cube further: `angle` radians about a view-space axis, after the
    /// current rotation.
    public func rotate(by angle: Double, axis: Vector3) {
        preset = nil
        rotation = rotation * .rotation(angle, axis.x, axis.y, axis.z)
    }

    /// Selects the face drawn front-most under `p` (nil: nothing there) and returns it;
    /// `p` is in the root layer's superlayer plane (the canvas at top level), and the hit
    /// goes through the transforms the faces are drawn with. Goes through the render
    /// list, so culled faces cannot be hit and a shading overlay counts as its face (same tag).
    @discardableResult
    public func select(at p: Point) -> Int? {
        applyState()
        let hit = flattener.hitTest(rootLayer, at: p, into: &hitList)
        let face = hit.flatMap { (1...6).contains($0.tag) ? $0.tag : nil }
        selectedFace = face
        applyState()
        return face
    }

    public func handle(_ event: InputEvent, at time: Double) {
        if let key = event.asKey {
            guard key.down else { return }
            switch key.name {
            case "1", "2", "3": selectPreset(Int(key.name)!)
            case "Tab", "Space": selectPreset((preset ?? 0) % CubeGeometry.presetCount + 1)
            case "Left": rotate(by: -nudgeStep, axis: Vector3(0, 1, 0))
            case "Right": rotate(by: nudgeStep, axis: Vector3(0, 1, 0))
            case "Up": rotate(by: nudgeStep, axis: Vector3(1, 0, 0))
            case "Down": rotate(by: -nudgeStep, axis: Vector3(1, 0, 0))
            case "Escape": selectedFace = nil
            default: break
            }
            return
        }
        switch event {
        case .pointer(let p, button: .left, down: true):
            guard rootLayer.frame.contains(p) else { return }
            pressPoint = p
            lastPoint = p
            dragging = false
        case .move(let p):
            guard let start = pressPoint else { return }
            if !dragging && p.distance(to: start) > clickSlop { dragging = true }
            if dragging { drag(to: p) }
        case .pointer(let p, button: .left, down: false):
            guard pressPoint != nil else { return }
            if dragging { drag(to: p) } else { select(at: p) }
            pressPoint = nil
            dragging = false
        default:
            break
        }
    }

    /// Rotates by the pointer motion since the last drag point: right turns the front
    /// face to the right (about Y), down turns it downwards (about X).
    private func drag(to p: Point) {
        guard p.isFinite else { return }   // a NaN or infinite pointer is ignored
        let dx = p.x - lastPoint.x, dy = p.y - lastPoint.y
        lastPoint = p
        if dx == 0 && dy == 0 { return }
        preset = nil
        rotation = rotation * .rotation(dx * dragSensitivity, 0, 1, 0) * .rotation(-dy * dragSensitivity, 1, 0, 0)
    }

    /// Time plays no part: the cube only changes on input.
    public func update(to time: Double) { applyState() }

    /// `.infinity`: time plays no part (its layers change only on input).
    public func nextUpdateTime(after time: Double) -> Double { .infinity }

    /// Writes the state into the layers when it changed (no allocation).
    private func applyState() {
        guard dirty else { return }
        dirty = false
        rootLayer.sublayerTransform = CubeGeometry.sublayerTransform(rotation: rotation, perspective: perspective)
        for k in 1...6 {
            shades[k - 1].opacity = shadeAlpha(face: k)
            highlights[k - 1].isHidden = selectedFace != k
        }
    }

    public var status: String {
        let p = preset.map { "preset \($0)" } ?? "dragged"
        return "\(name): \(p)" + (selectedFace.map { ", face \($0) selected" } ?? "")
    }

    // MARK: - Generated images

    /// Face colours, front to back (distinct hues).
    static let faceColors = [Color(0.86, 0.24, 0.22), Color(0.95, 0.6, 0.15), Color(0.35, 0.7, 0.3),
                             Color(0.2, 0.65, 0.75), Color(0.25, 0.4, 0.85), Color(0.6, 0.3, 0.75)]

    /// Face `k`'s image: its colour, a white border and a big digit, registered lazily.
    static func faceImage(_ k: Int, size: Double, images: ImageStore) -> ImageRef {
        let px = max(Int(size.rounded()), 8)
        return images.addLazy(key: "cube/face\(k)/\(px)", width: px, height: px, isOpaque: true) {
            var p = Painter(width: px, height: px)
            let s = Double(px)
            p.clear(.white)
            p.roundedRect(Rect(x: s * 0.05, y: s * 0.05, width: s * 0.9, height: s * 0.9), radius: s * 0.06,
                          faceColors[k - 1])
            p.text("\(k)", at: Point(s / 2, s / 2), font: "DejaVu Sans Bold", size: s * 0.86, .white)
            return p.image()
        }
    }

    /// The selection highlight: a yellow border over a faint yellow tint.
    static func highlightImage(size: Double, images: ImageStore) -> ImageRef {
        let px = max(Int(size.rounded()), 8)
        return images.addLazy(key: "cube/highlight/\(px)", width: px, height: px, isOpaque: false) {
            var p = Painter(width: px, height: px)
            let s = Double(px), w = max(3, s * 0.05)
            p.clear(Color(1, 0.9, 0.2, 0.2))
            p.fill { x, y in
                let edge = min(x, s - x, y, s - y)
                return (Color(1, 0.85, 0.1, 1), edge < w ? 1 : 0)
            }
            return p.image()
        }
    }
}
