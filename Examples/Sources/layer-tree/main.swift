// layer-tree: the library's window (`Window`), a layer tree built in code with an
// animation (a card spinning once every 4 s, a white dot on it), and the app's own key
// handler: Left and Right move the card, Escape quits; other keys go to the scene.
//
//     SDL_VIDEODRIVER=offscreen swift run layer-tree --png out.png [--frames 60]
//
// Without --frames it runs until the window is closed. Frame n is at n/30 s (the
// example's clock), so a run is the same on any machine; an app would use `Clock`.

import Foundation
import ParallaxKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write("layer-tree: \(message)\n".data(using: .utf8)!)
    exit(1)
}

// MARK: Options

var pngPath: String?
var frames = Int.max
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let a = arguments.next() {
    switch a {
    case "--png":
        guard let path = arguments.next() else { fail("--png needs a file name") }
        pngPath = path
    case "--frames":
        guard let n = arguments.next().flatMap({ Int($0) }), n > 0, n <= 100_000 else { fail("--frames needs a count in 1...100000") }
        frames = n
    default: fail("unknown option \(a) (options: --png FILE, --frames N)")
    }
}

// MARK: The window (the library's) and the layer tree (the app's code)

var options = Window.Options()
options.title = "layer-tree"
options.width = 640
options.height = 360
let window: Window
do { window = try Window(options) } catch { fail("\(error)") }

let canvas = Size(640, 360)
let root = Layer(name: "root", bounds: canvas, position: Point(320, 180))
let card = Layer(name: "card", bounds: Size(200, 120), position: Point(320, 180))
card.contents = .color(Color(0.9, 0.5, 0.1, 1))
card.cornerRadius = 16
let dot = Layer(name: "dot", bounds: Size(24, 24), position: Point(30, 30))   // in the card's bounds
dot.contents = .color(Color(1, 1, 1, 1))
dot.cornerRadius = 12
card.addSublayer(dot)
root.addSublayer(card)
var spin = Animation.basic(.rotationZ, from: .scalar(0), to: .scalar(2 * Double.pi), duration: 4)
spin.timing.repeatCount = .infinity
card.add(spin, forKey: "spin")

let scene = Scene(canvas: canvas, components: [LayerComponent(rootLayer: root)])
let host = ParallaxHost(scene: scene, images: ImageStore(), window: WindowGeometry(of: window))

// MARK: The app's key handler: the keys it keeps never reach the scene

var running = true
func appKey(_ name: String) -> Bool {
    switch name {
    case "Left": card.position.x -= 40
    case "Right": card.position.x += 40
    case "Escape": running = false
    default: return false
    }
    print("key \(name): card at x \(Int(card.position.x))")
    return true
}

// MARK: The frame loop

var events: [PlatformEvent] = []
var frame = 0
while running && frame < frames {
    events.removeAll(keepingCapacity: true)
    window.pollEvents(into: &events)
    for e in events {
        if e == .quit { running = false }
        if case .key(let name, true, _) = e, appKey(name) { continue }
        host.handle(e)                                          // the rest: the scene's (and resizes)
    }
    if frame == 10 { _ = appKey("Right") }                      // a scripted press, through the same handler
    host.advance(to: Double(frame) / 30)
    do { try host.draw(loadAction: .clear(Color(0, 0, 0, 1))) } catch { fail("\(error)") }
    if frame == frames - 1, let pngPath {
        let (w, h) = (window.drawableSize.width, window.drawableSize.height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
        let row = w * 4   // GL rows run bottom-up
        let flipped = (0..<h).flatMap { y in rgba[(h - 1 - y) * row ..< (h - y) * row] }
        do { try Image(width: w, height: h, pixels: flipped).writePNG(path: pngPath) } catch { fail("\(error)") }
        print("wrote \(pngPath) (\(w)x\(h)) at \(String(format: "%.2f", host.time)) s")
    }
    window.swapBuffers()
    host.didPresent()
    frame += 1
}
