import Input
import LayerMath
import Layers
import Scene

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tvOS focus experience beyond the seed: a grid of parallax cards where one has
/// focus. Arrow keys / D-pad move the focus through the focus engine (`moveFocus`,
/// clamped at the edges); the focused card lifts (scale, deeper shadow, spotlight) and
/// sways with the pointer over it or the right stick; Return / A presses it in; after
/// `idleDelay` seconds without input it grows a little more and keeps a slow Lissajous
/// sway (HIG "Focus and Parallax", tvOS's focus behaviour). Pointer moves and clicks over a card focus it.
///
/// Figures (from the Swift tvOS look-alikes below; Apple publishes none):
/// - tilt: PGSSoft/ParallaxView's tvOS motion effect — m34 = -1/700, at most π/32
///   (5.6°) of tilt and 8 pt of pan at full deflection;
/// - lift: ×1.1 (JZParallaxButton's ScaleBase; TVButton's 1.22 would overlap the
///   neighbours at grid spacing), ×1.15 when idle ("grows even larger");
/// - press: ×0.95 over 0.12 s (ParallaxView), back over 0.12 s;
/// - shadow: TVButton's — opacity 0.5, offset (0, 3.33) at rest; 0.6, (0, h/10) focused;
/// - focus changes: 0.3 s easeOut (TVButton's 0.4 s felt slow for key repeat);
/// - pointer/stick tilt: follows with a 0.1 s exponential lag, so entering a card
///   does not jump; per-layer parallax, spotlight and scale spread as in JZ.
///
/// Everything is a pure function of the event history and time: events retarget
/// time-based tweens; `update(to:)` only evaluates them and mutates layers.
public final class FocusGrid: SceneComponent {
    /// Layout and behaviour a scene file can set.
    public struct Configuration: Equatable, Sendable {
        /// The area the grid is centred in, canvas points.
        public var frame: Rect
        public var columns: Int = 4
        /// Gap between cards, points.
        public var spacing: Double = 40
        /// Card size; nil fills the frame's width at 5:3 (400x240).
        public var buttonSize: Size?
        public var cornerRadius: Double = 8
        /// The card focused at t = 0.
        public var initialFocus: Int = 0
        /// Tilt, glare, shadow, idle and return-to-rest figures (scene keys).
        public var effect = FocusEffect()
        public init(frame: Rect) { self.frame = frame }
    }

    /// Focused card scale (JZ ScaleBase).
    public static let focusScale = 1.1
    /// Focused card scale after `idleDelay` without input.
    public static let idleScale = 1.15
    /// Press-in scale and its duration (ParallaxView).
    public static let pressScale = 0.95, pressDuration = 0.12
    /// Focus and idle transitions (easeOut).
    public static let transitionDuration = 0.3
    /// Seconds without input before the idle motion starts, and its fade-in.
    public static let idleDelay = 3.0, idleFadeIn = 1.0
    /// Idle sway amplitude (in pose units; 0.25 = full tilt) and Lissajous periods.
    public static let idleAmplitude = 0.12, idlePeriods = (x: 6.0, y: 4.0)
    /// Time constant of the pointer/stick tilt follow.
    public static let tiltLag = 0.1
    /// Stick values below this magnitude are ignored.
    public static let stickDeadZone = 0.15
    /// ParallaxView's tvOS tilt: π/32 and 8 pt at full deflection (pose 0.25), m34 = -1/700.
    public static let geometry: ParallaxGeometry = {
        var g = ParallaxGeometry()
        g.rotateParameter = (Double.pi / 32) / 0.25
        g.cardTranslation = 8 / 0.25
        g.perspective = 700
        return g
    }()

    public let name: String
    public let configuration: Configuration
    public let rootLayer: Layer
    /// One card per button, in index order (row by row). Only the cards near the canvas
    /// have layers (`FocusGrid+Pool.swift`); asking for another one builds its layers.
    public var cards: Cards { Cards(grid: self) }
    /// Each card's frame in the grid's root layer.
    public let cardFrames: [Rect]

    /// The focused card.
    public private(set) var focusedIndex: Int
    /// Whether the focused card is pressed in.
    public private(set) var isPressed = false
    /// Whether the screen's focus is in this grid (its focused card lifts only then).
    public internal(set) var containsFocus = true
    /// Whether focus returns to `focusedIndex` when it comes back (scene key
    /// `remembersLastFocusedItem`).
    public var remembersLastFocusedItem = true
    /// Where select and long-press events go (set by the scene).
    public weak var eventSink: SceneEventSink?
    /// The tilt geometry from `configuration.effect`.
    public let tiltGeometry: ParallaxGeometry
    /// When the current press began, and whether it has fired a long press.
    var pressStart = 0.0, longPressFired = false
    /// The pointer, the right stick and the remote's touch surface and gyroscope.
    var cardInput = CardInput()

    private struct CardState {
        var focus: Tween
        var press: Tween
        var tiltX: Follow, tiltY: Follow

        /// Every value has reached its end and stays there.
        func isAtRest(at t: Double) -> Bool {
            focus.isFinished(at: t) && press.isFinished(at: t) && tiltX.isAtRest(at: t) && tiltY.isAtRest(at: t)
        }
    }

    /// The cards' states, and the cards whose look may still change: any write to a
    /// card's state puts it on the `moving` list, and `update(to:)` looks at those only
    /// (a replay updates once per input event: 4,000 pointer moves over 10 grids of 1,000
    /// cards looked at 40 million cards).
    private struct CardStates {
        private var all: [CardState]
        private var listed: [Bool]
        /// The cards to look at, in no particular order.
        private(set) var moving: [Int]

        init(_ states: [CardState]) {
            all = states
            listed = Array(repeating: true, count: states.count)
            moving = Array(states.indices)
            moving.reserveCapacity(states.count)
        }

        subscript(i: Int) -> CardState {
            get { all[i] }
            set { all[i] = newValue; markMoving(i) }
        }

        mutating func markMoving(_ i: Int) {
            guard !listed[i] else { return }
            listed[i] = true
            moving.append(i)
        }

        /// Takes the card at `moving[k]` off the list (the last one takes its place).
        mutating func settle(at k: Int) {
            listed[moving[k]] = false
            moving[k] = moving[moving.count - 1]
            moving.removeLast()
        }
    }

    /// One tilt axis: an exponential approach, or a tween back to rest (`TiltFollow`).
    private typealias Follow = TiltFollow

    private var states: CardStates
    /// The idle weight the resting cards' dimming was last set for.
    private var dimmedFor = Double.nan
    /// What each card showed at the last update: a card that keeps its look is composited
    /// from its kept image, one whose look changed is drawn live (see `update(to:)`).
    private var looks: [CardLook]
    /// The cards' layers where they exist (`FocusGrid+Pool.swift`).
    var pool: CardPool
    private var lastInput = 0.0
    private var idleOut = Tween(from: 0, to: 0, start: 0, duration: 0)

    /// Creates a grid of `images.count` cards, each over its own layers (bottom first).
    /// - Parameter canvas: the canvas size; only cards near it get layers (nil: every card).
    public init(name: String, configuration: Configuration, images: [[ImageRef]], spotlight: ImageRef,
                canvas: Size? = nil) {
        self.name = name
        self.configuration = configuration
        tiltGeometry = configuration.effect.geometry
        rootLayer = Layer(name: name)
        rootLayer.frame = configuration.frame
        let frames = FocusGrid.layout(configuration, count: images.count)
        cardFrames = frames
        pool = CardPool(images: images, spotlight: spotlight, canvas: canvas)
        looks = Array(repeating: CardLook.none, count: images.count)
        focusedIndex = images.isEmpty ? 0 : min(max(configuration.initialFocus, 0), images.count - 1)
        let focused = focusedIndex
        let rest = (duration: configuration.effect.transitionSpeed / 1000, timing: configuration.effect.transitionEasing)
        states = CardStates(images.indices.map { i in
            let f = i == focused ? 1.0 : 0.0
            return CardState(focus: Tween(from: f, to: f, start: 0, duration: 0),
                             press: Tween(from: 1, to: 1, start: 0, duration: 0),
                             tiltX: Follow(restDuration: rest.duration, restTiming: rest.timing),
                             tiltY: Follow(restDuration: rest.duration, restTiming: rest.timing))
        })
        update(to: 0)
    }

    /// Card frames (row by row) centred in the configuration's frame, in its space.
    public static func layout(_ c: Configuration, count: Int) -> [Rect] {
        let columns = max(1, min(c.columns, max(count, 1)))
        let width = c.buttonSize?.width ?? max(1, (c.frame.width - Double(columns - 1) * c.spacing) / Double(columns))
        let height = c.buttonSize?.height ?? width * 0.6
        let rows = (count + columns - 1) / columns
        let totalW = Double(columns) * width + Double(columns - 1) * c.spacing
        let totalH = Double(rows) * height + Double(max(rows - 1, 0)) * c.spacing
        let x0 = (c.frame.width - totalW) / 2, y0 = (c.frame.height - totalH) / 2
        return (0..<count).map { i in
            Rect(x: x0 + Double(i % columns) * (width + c.spacing), y: y0 + Double(i / columns) * (height + c.spacing),
                 width: width, height: height)
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent, at time: Double) {
        guard !cards.isEmpty, time.isFinite else { return }   // a NaN or infinite time is ignored
        handleCardInput(event, at: time)
    }

    public func update(to time: Double) {
        guard time.isFinite else { return }
        firePendingLongPress(upTo: time)
        refreshPool()
        let e = configuration.effect
        let idle = containsFocus ? idleWeight(at: time) : 0
        let tau = 2 * Double.pi
        let amplitude = 0.25 * e.idleSwayAmplitude
        let sway = (x: amplitude * sin(tau * time / FocusGrid.idlePeriods.x),
                    y: amplitude * sin(tau * time / FocusGrid.idlePeriods.y))
        if idle != dimmedFor {
            dimmedFor = idle
            for i in pool.live where i != focusedIndex { pool.layers[i]!.root.opacity = 1 - e.idleDimming * idle }
        }
        if !cards.isEmpty { states.markMoving(focusedIndex) }   // it sways while idle
        var k = 0
        while k < states.moving.count {
            let i = states.moving[k]
            let s = states[i]
            let f = s.focus.value(at: time)
            let w = i == focusedIndex ? idle : 0
            let scale = (1 + (e.scale - 1) * f + (e.idleScale - e.scale) * w) * s.press.value(at: time)
            let tilt = e.locked(x: s.tiltX.value(at: time) + w * sway.x, y: s.tiltY.value(at: time) + w * sway.y)
            let pose = ParallaxPose(x: tilt.x, y: tilt.y, cardScale: scale, layerLift: f)
            let h = cardFrames[i].height
            let offset = e.shadowOffset ?? Point(0, h / 10)
            let look = CardLook(pose: pose, spotlightOpacity: f * e.glareMaxOpacity,
                                shadowOpacity: lerp(0.5, e.shadowOpacity, f),
                                shadowOffset: Point(lerp(0, offset.x, f), lerp(10.0 / 3, offset.y, f)))
            // A card without layers (off the canvas) keeps only its state.
            guard let card = pool.layers[i] else {
                looks[i] = .none
                if i != focusedIndex && s.isAtRest(at: time) { states.settle(at: k) } else { k += 1 }
                continue
            }
            // An unchanged look leaves the card's layers as they are.
            if look != looks[i] {
                card.apply(pose, geometry: tiltGeometry, spotlightOpacity: look.spotlightOpacity,
                               shadowOpacity: look.shadowOpacity, shadowOffset: look.shadowOffset)
            }
            // A resting card (most of them, most of the time) is composited from one kept
            // image instead of its shadow and four layers (CALayer.shouldRasterize). A card
            // that moves is drawn live: its kept image would be redrawn every frame, an
            // offscreen pass and a composite more than drawing it (and on a CPU rasteriser a
            // wait for that pass before the frame goes on).
            let unchanged = look == looks[i]
            card.root.shouldRasterize = unchanged
            looks[i] = look
            // Lifted cards draw above their neighbours; the others dim when idle.
            card.root.zPosition = f
            card.root.opacity = i == focusedIndex ? 1 : 1 - e.idleDimming * idle
            // At rest with the same look twice: nothing of it changes until its state does.
            if unchanged && i != focusedIndex && s.isAtRest(at: time) { states.settle(at: k) } else { k += 1 }
        }
    }

    /// `time` while a card moves or the focused card sways; else the long press firing or
    /// the idle motion's start, `.infinity` without the focus.
    public func nextUpdateTime(after time: Double) -> Double {
        for i in states.moving where i != focusedIndex || !states[i].isAtRest(at: time) { return time }
        var next = isPressed && !longPressFired ? pressStart + FocusGrid.longPressDuration : .infinity
        if containsFocus {
            let idleStart = lastInput + configuration.effect.idleDelay
            if time >= idleStart || !idleOut.isFinished(at: time) { return time }
            next = min(next, idleStart)
        }
        return max(next, time)
    }

    public var status: String {
        "\(name): button \(focusedIndex + 1) of \(cards.count)\(isPressed ? " (pressed)" : "")"
    }

    /// Card `i` has new layers: its look is applied at the next update.
    func cardLayersBuilt(_ i: Int) {
        looks[i] = .none
        states.markMoving(i)
    }

    // MARK: Focus, press, tilt

    /// 0...1: how much of the idle motion applies at `time`.
    public func idleWeight(at time: Double) -> Double {
        let start = lastInput + configuration.effect.idleDelay
        if time < start { return idleOut.value(at: time) }
        return TimingFunction.easeInEaseOut((time - start) / FocusGrid.idleFadeIn)
    }

    func noteInput(at time: Double) {
        // Fade the idle motion out from wherever it is instead of snapping.
        idleOut = Tween(from: idleWeight(at: time), to: 0, start: time, duration: FocusGrid.transitionDuration,
                        timing: .easeOut)
        lastInput = time
    }

    /// Moves the focus to card `index` (clamped), animating both cards.
    public func setFocus(_ index: Int, at time: Double) {
        let next = min(max(index, 0), cards.count - 1)
        guard next != focusedIndex else { return }
        if isPressed { setPressed(false, at: time) }
        let old = focusedIndex
        focusedIndex = next
        for i in [old, next] {
            let to = i == next && containsFocus ? 1.0 : 0.0
            states[i].focus = Tween(from: states[i].focus.value(at: time), to: to, start: time,
                                    duration: FocusGrid.transitionDuration, timing: .easeOut)
        }
        states[old].tiltX.retarget(0, at: time)
        states[old].tiltY.retarget(0, at: time)
        retargetTilt(at: time)
    }

    /// Animates card `i`'s lift to `to` (0 rest, 1 lifted), or sets it at once.
    func retargetFocusTween(_ i: Int, to: Double, at time: Double, animated: Bool) {
        states[i].focus = Tween(from: states[i].focus.value(at: time), to: to, start: time,
                                duration: animated ? FocusGrid.transitionDuration : 0, timing: .easeOut)
    }

    func setPressed(_ pressed: Bool, at time: Double) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        if pressed { pressStart = time; longPressFired = false }
        let i = focusedIndex
        states[i].press = Tween(from: states[i].press.value(at: time), to: pressed ? FocusGrid.pressScale : 1,
                                start: time, duration: FocusGrid.pressDuration, timing: .easeOut)
    }

    func hitCard(at p: Point?) -> Int? {
        guard let p else { return nil }
        return cardFrames.firstIndex { $0.contains(p) }
    }

    /// Sets the focused card's tilt target (`FocusCards.retargetTilt`).
    func setTiltTarget(_ target: (x: Double, y: Double), at time: Double) {
        states[focusedIndex].tiltX.retarget(target.x, at: time)
        states[focusedIndex].tiltY.retarget(target.y, at: time)
    }
}

/// Everything a card's pose sets in its layers (`ParallaxCardLayers.apply`): equal looks,
/// equal pixels inside the card.
struct CardLook: Equatable {
    var pose: ParallaxPose
    var spotlightOpacity: Double
    var shadowOpacity: Double
    var shadowOffset: Point

    /// No look yet: a new card is drawn live once, then kept.
    static let none = CardLook(pose: ParallaxPose(x: .nan, y: .nan, cardScale: .nan, layerLift: .nan),
                               spotlightOpacity: .nan, shadowOpacity: .nan, shadowOffset: Point(.nan, .nan))
}

