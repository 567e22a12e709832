import Input
import JSON
import LayerMath
import Layers

/// The screensaver of a TV launcher (the top-level `attract` key): after `idleTimeout`
/// seconds without input the screen dims to `dim` over `fade` seconds; the first input
/// after that only wakes it (the focus is where it was) and the screen brightens over
/// `wakeFade` seconds. With `images`, a slideshow plays in the overlay: each image
/// `slideDuration` seconds, slowly zooming and panning, cross-fading into the next.
///
/// Input here is a key, a button, a pointer, the wheel, a touch, or a stick pushed past
/// `FocusEngine.stickThreshold`; gyroscope readings and a resting stick's noise are not.
/// The waking press is swallowed with its release, so a release never acts alone.
/// Everything follows scene time, so `parallax-render --replay --time` is deterministic.
///
/// Does not: stop the scene's own animations, or decode images (the loader does).
public final class AttractMode {
    /// Seconds without input before the screen dims.
    public let idleTimeout: Double
    /// The black overlay's opacity once dimmed (0...1).
    public let dim: Double
    /// Seconds to dim, and to brighten again on waking.
    public let fade: Double, wakeFade: Double
    /// The overlay over every component (named `attract`), drawn last.
    public let layer: Layer
    /// The slideshow's images, and how long each shows (seconds, its cross-fade included).
    public let slides: [ImageRef]
    public let slideDuration: Double
    /// The slideshow's two layers (`attract/slide0`, `attract/slide1`): the current image
    /// and the next one fading in over it.
    private let slideLayers: (Layer, Layer)
    /// Seconds of cross-fade between slides; how far a slide zooms (scale) and pans (of
    /// the canvas width) over its time.
    public static let crossfade = 1.0, zoom = 0.1, pan = 0.03

    /// Scene time of the last input (the scene's start counts as input).
    public private(set) var lastInput = 0.0
    /// Scene time of the last waking input (-infinity: never woken).
    private var wokeAt = -Double.infinity
    /// The overlay's opacity when the last wake began.
    private var dimAtWake = 0.0
    /// The release that belongs to the waking press, still to be swallowed.
    private var pendingRelease: InputEvent?

    public init(idleTimeout: Double, dim: Double = 0.8, fade: Double = 2, wakeFade: Double = 0.25, canvas: Size,
                slides: [ImageRef] = [], slideDuration: Double = 8) {
        self.idleTimeout = idleTimeout; self.dim = dim; self.fade = fade; self.wakeFade = wakeFade
        self.slides = slides
        self.slideDuration = max(slideDuration, AttractMode.crossfade)
        layer = Layer(name: "attract", bounds: canvas, position: Point(canvas.width / 2, canvas.height / 2))
        layer.contents = .color(Color(0, 0, 0, 1))
        layer.opacity = 0
        layer.isHidden = true
        layer.masksToBounds = true
        let center = Point(canvas.width / 2, canvas.height / 2)
        slideLayers = (Layer(name: "attract/slide0", bounds: canvas, position: center),
                       Layer(name: "attract/slide1", bounds: canvas, position: center))
        for l in [slideLayers.0, slideLayers.1] {
            l.contentsGravity = .resizeAspectFill
            l.isHidden = true
            if !slides.isEmpty { layer.addSublayer(l) }
        }
    }

    /// Reads the `attract` object; nil when absent. `image` loads a slideshow image.
    public static func read(_ node: JSONNode, canvas: Size, image: (JSONNode) throws -> ImageRef = { throw $0.error("no images here") }) throws -> AttractMode? {
        guard node.exists else { return nil }
        try node.allowKeys(["idleTimeout", "dim", "fade", "images", "slideDuration"])
        let timeout = try node["idleTimeout"].positive()
        guard timeout <= 86_400 else { throw node["idleTimeout"].error("expected at most 86400 seconds, found \(JSONNode.format(timeout))") }
        let dim = try node["dim"].double(default: 0.8)
        guard dim >= 0, dim <= 1 else { throw node["dim"].error("expected an opacity from 0 to 1, found \(JSONNode.format(dim))") }
        let fade = try node["fade"].double(default: 2)
        guard fade >= 0, fade <= 60 else { throw node["fade"].error("expected seconds from 0 to 60, found \(JSONNode.format(fade))") }
        let slides = try node["images"].array(default: []).map(image)
        let slide = try node["slideDuration"].double(default: 8)
        guard slide >= AttractMode.crossfade, slide <= 3600 else {
            throw node["slideDuration"].error("expected seconds from 1 to 3600, found \(JSONNode.format(slide))")
        }
        return AttractMode(idleTimeout: timeout, dim: dim, fade: fade, canvas: canvas, slides: slides, slideDuration: slide)
    }

    /// Whether the screen is dimming or dimmed at `time` (input then only wakes it).
    public func isAsleep(at time: Double) -> Bool { time - lastInput >= idleTimeout }

    /// Takes one input event at `time`; returns false when it must not reach the scene
    /// (it woke the screen, or it is the waking press's release).
    public func admit(_ event: InputEvent, at time: Double) -> Bool {
        if let release = pendingRelease, AttractMode.sameRelease(event, release) {
            pendingRelease = nil
            return false
        }
        guard AttractMode.isActivity(event) else { return true }
        if isAsleep(at: time) {
            dimAtWake = opacity(at: time)
            wokeAt = time
            lastInput = time
            pendingRelease = AttractMode.release(of: event)
            return false
        }
        lastInput = time
        return true
    }

    /// Sets the overlay for `time` (hidden when clear, so an awake frame draws nothing more).
    public func update(to time: Double) {
        let a = opacity(at: time)
        layer.opacity = a
        layer.isHidden = a <= 0
        if !slides.isEmpty && !layer.isHidden { placeSlides(asleepFor: max(0, time - lastInput - idleTimeout)) }
    }

    /// `time` while the overlay fades or its slides move, the timeout while awake,
    /// `.infinity` once dimmed without slides.
    func nextUpdateTime(after time: Double) -> Double {
        let asleep = time - lastInput - idleTimeout
        if asleep < 0 { return time - wokeAt < wakeFade ? time : lastInput + idleTimeout }
        return asleep < fade || !slides.isEmpty ? time : .infinity
    }

    /// Slide k shows from `k * slideDuration`, the next one fading in over its last
    /// `crossfade` seconds; a slide aged v seconds (from when it began to fade in) is
    /// scaled by `1 + zoom * v / (slideDuration + crossfade)` and panned by `pan` of the
    /// canvas width times the same fraction, to the right for even slides, left for odd.
    func placeSlides(asleepFor a: Double) {
        let k = Int(min(a / slideDuration, 1e9))
        let u = a - Double(k) * slideDuration
        place(slideLayers.0, slide: k, age: u + (k > 0 ? AttractMode.crossfade : 0), opacity: 1)
        let fadeIn = u - (slideDuration - AttractMode.crossfade)
        if fadeIn > 0 {
            place(slideLayers.1, slide: k + 1, age: fadeIn, opacity: fadeIn / AttractMode.crossfade)
        } else {
            slideLayers.1.isHidden = true
        }
    }

    private func place(_ l: Layer, slide k: Int, age v: Double, opacity: Double) {
        let f = v / (slideDuration + AttractMode.crossfade)
        let direction: Double = k % 2 == 0 ? 1 : -1
        l.contents = .image(slides[k % slides.count])
        l.transform = Transform3D.scale(1 + AttractMode.zoom * f, 1 + AttractMode.zoom * f, 1)
            * Transform3D.translation(direction * AttractMode.pan * layer.bounds.width * f, 0, 0)
        l.opacity = opacity
        l.isHidden = false
    }

    /// The overlay's opacity at `time`: 0 until the timeout, then up to `dim` linearly over
    /// `fade`; after a wake, down from where it was to 0 over `wakeFade`.
    public func opacity(at time: Double) -> Double {
        if time >= wokeAt && time - wokeAt < wakeFade && !isAsleep(at: time) {
            return dimAtWake * (1 - (time - wokeAt) / wakeFade)
        }
        let asleep = time - lastInput - idleTimeout
        guard asleep >= 0 else { return 0 }
        return fade > 0 ? dim * min(1, asleep / fade) : dim
    }

    /// Whether an event is a person's input (not a sensor's drift).
    static func isActivity(_ event: InputEvent) -> Bool {
        switch event {
        case .gyro: return false
        case .controllerAxis(_, let v): return abs(v) >= FocusEngine.stickThreshold
        default: return true
        }
    }

    /// Whether `event` is `release` (a pointer's may come anywhere).
    static func sameRelease(_ event: InputEvent, _ release: InputEvent) -> Bool {
        if case .pointer(_, let a, false) = event, case .pointer(_, let b, false) = release { return a == b }
        return event == release
    }

    /// The event that ends a press (nil for events without a release).
    static func release(of event: InputEvent) -> InputEvent? {
        switch event {
        case .key(let k, true): return .key(k, down: false)
        case .controllerButton(let b, true): return .controllerButton(b, down: false)
        case .pointer(let p, let button, true): return .pointer(p, button: button, down: false)
        default: return nil
        }
    }
}
