import Assets
import Input
import LayerMath
import Layers
import Scene
import Typography

/// The controller test screen (`parallax-demo --controller-test`): every button of SDL's
/// game-controller model drawn where it sits on a pad, labelled as the connected family
/// prints it (`ControllerGlyphs`) with SDL's name under it, lit while held; the sticks'
/// knobs follow their axes and the triggers fill their bars.
///
/// Does not: move focus or post events; it shows what arrives.
public final class ControllerTest: SceneComponent {
    public let name: String
    public let rootLayer: Layer
    public private(set) var family: ControllerFamily
    /// SDL's button names in drawing order, with their centre in the frame's unit square.
    public static let buttons: [(name: String, at: Point)] = [
        ("LeftShoulder", Point(0.2, 0.2)), ("RightShoulder", Point(0.8, 0.2)),
        ("Back", Point(0.38, 0.36)), ("Guide", Point(0.5, 0.36)), ("Start", Point(0.62, 0.36)),
        ("Y", Point(0.8, 0.36)), ("X", Point(0.7, 0.5)), ("B", Point(0.9, 0.5)), ("A", Point(0.8, 0.64)),
        ("DpadUp", Point(0.2, 0.36)), ("DpadLeft", Point(0.1, 0.5)), ("DpadRight", Point(0.3, 0.5)),
        ("DpadDown", Point(0.2, 0.64)), ("LeftStick", Point(0.38, 0.8)), ("RightStick", Point(0.62, 0.8)),
    ]
    /// The triggers' axis names and their bars' centres.
    public static let triggers: [(name: String, at: Point)] = [("lefttrigger", Point(0.2, 0.07)), ("righttrigger", Point(0.8, 0.07))]
    /// Box size in points, the colours of a button at rest and held.
    static let box = Size(150, 56)
    static let rest = Color(0.2, 0.21, 0.26, 1), held = Color(0.25, 0.55, 0.95, 1)
    /// How far a stick's knob moves at full deflection (points).
    static let stickTravel = 40.0

    private var boxes: [Layer] = []
    private var labels: [TextLayer] = []
    private var names: [TextLayer] = []
    private var bars: [Layer] = []
    private let frame: Rect
    private var stick = (left: Point.zero, right: Point.zero)

    public init(name: String, frame: Rect, family: ControllerFamily, images: ImageStore) {
        self.name = name
        self.frame = frame
        self.family = family
        rootLayer = Layer(name: name, bounds: frame.size, position: Point(frame.midX, frame.midY))
        rootLayer.contents = .color(Color(0.08, 0.08, 0.1, 1))
        var style = TextStyle(font: "DejaVu Sans Bold", fontSize: 18, foregroundColor: Color(1, 1, 1, 1), alignment: .center, truncation: .end)
        style.isWrapped = false
        var small = style
        small.font = "DejaVu Sans"
        small.fontSize = 12
        small.foregroundColor = Color(0.75, 0.78, 0.85, 1)
        let w = ControllerTest.box.width
        for (button, at) in ControllerTest.buttons {
            let box = Layer(name: "\(name)/\(button)", bounds: ControllerTest.box, position: point(at))
            box.contents = .color(ControllerTest.rest)
            box.cornerRadius = 12
            let text = TextLayer(name: "\(name)/\(button)/label", style: style, bounds: Size(w, 26), images: images)
            text.layer.position = Point(w / 2, 21)
            let sdl = TextLayer(name: "\(name)/\(button)/sdl", string: button, style: small, bounds: Size(w, 18), images: images)
            sdl.layer.position = Point(w / 2, 43)
            box.addSublayer(text.layer)
            box.addSublayer(sdl.layer)
            rootLayer.addSublayer(box)
            boxes.append(box)
            labels.append(text)
            names.append(sdl)
        }
        for (axis, at) in ControllerTest.triggers {
            let track = Layer(name: "\(name)/\(axis)", bounds: Size(ControllerTest.box.width, 12), position: point(at))
            track.contents = .color(ControllerTest.rest)
            let fill = Layer(name: "\(name)/\(axis)/fill", bounds: Size(ControllerTest.box.width, 12), position: .zero)
            fill.anchorPoint = .zero
            fill.contents = .color(ControllerTest.held)
            fill.transform = .scale(0, 1, 1)
            track.addSublayer(fill)
            rootLayer.addSublayer(track)
            bars.append(fill)
        }
        relabel()
    }

    private func point(_ unit: Point) -> Point { Point(unit.x * frame.width, unit.y * frame.height) }

    /// Labels the buttons as `family` prints them (a controller was connected).
    public func setFamily(_ family: ControllerFamily) {
        self.family = family
        relabel()
    }

    private func relabel() {
        for (k, (button, _)) in ControllerTest.buttons.enumerated() {
            labels[k].string = ControllerGlyphs.label(button, family: family)
            labels[k].display()
            names[k].display()
        }
    }

    /// The label shown on `button` now.
    public func label(of button: String) -> String? {
        ControllerTest.buttons.firstIndex { $0.name == button }.map { labels[$0].string }
    }

    /// Whether `button` is drawn held.
    public func isHeld(_ button: String) -> Bool {
        guard let k = ControllerTest.buttons.firstIndex(where: { $0.name == button }) else { return false }
        return boxes[k].contents == .color(ControllerTest.held)
    }

    public func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .controllerButton(let button, let down):
            guard let k = ControllerTest.buttons.firstIndex(where: { $0.name == button }) else { return }
            boxes[k].contents = .color(down ? ControllerTest.held : ControllerTest.rest)
        case .controllerAxis(let axis, let value):
            let v = value.isFinite ? min(max(value, -1), 1) : 0
            switch axis {
            case "leftx": stick.left.x = v
            case "lefty": stick.left.y = v
            case "rightx": stick.right.x = v
            case "righty": stick.right.y = v
            case "lefttrigger": bars[0].transform = .scale(max(v, 0), 1, 1)
            case "righttrigger": bars[1].transform = .scale(max(v, 0), 1, 1)
            default: return
            }
            placeSticks()
        default: break
        }
    }

    private func placeSticks() {
        let n = ControllerTest.buttons.count
        for (k, offset) in [(n - 2, stick.left), (n - 1, stick.right)] {
            let home = point(ControllerTest.buttons[k].at)
            boxes[k].position = Point(home.x + offset.x * ControllerTest.stickTravel, home.y + offset.y * ControllerTest.stickTravel)
        }
    }

    public func update(to time: Double) {}

    /// `.infinity`: time plays no part (its layers change only on input).
    public func nextUpdateTime(after time: Double) -> Double { .infinity }

    public func setContentsScale(_ scale: Double) {
        for l in labels + names { l.contentsScale = scale; l.display() }
    }

    public var status: String { "controller test (\(family.rawValue))" }
}
