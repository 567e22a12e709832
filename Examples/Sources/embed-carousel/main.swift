// embed-carousel: an SDL app with its own window, GL context and frame loop that draws
// its own background (a clear colour and a bar along the bottom, with its own GL calls),
// then lets the library draw the built-in carousel scene on top (`.keep`), presses the
// right arrow through the host, and writes the last frame to a PNG.
//
//     SDL_VIDEODRIVER=offscreen swift run embed-carousel --png out.png [--frames 90] [--size 640x360]
//
// The library part is marked: about ten lines.

import Foundation
import ParallaxKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write("embed-carousel: \(message)\n".data(using: .utf8)!)
    exit(1)
}

// MARK: Options

var pngPath: String?
var frames = 90
var size = (width: 640, height: 360)
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let a = arguments.next() {
    switch a {
    case "--png":
        guard let path = arguments.next() else { fail("--png needs a file name") }
        pngPath = path
    case "--frames":
        guard let n = arguments.next().flatMap({ Int($0) }), n > 0, n <= 100_000 else { fail("--frames needs a count in 1...100000") }
        frames = n
    case "--size":
        let parts = (arguments.next() ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 8192, parts[1] <= 8192 else { fail("--size needs WxH") }
        size = (parts[0], parts[1])
    default: fail("unknown option \(a) (options: --png FILE, --frames N, --size WxH)")
    }
}

// MARK: The app's own window and context (SDL)

guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
defer { SDL_Quit() }
SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8)   // the carousel's cards clip (masksToBounds): a stencil buffer
SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
let centred = Int32(SDL_WINDOWPOS_CENTERED_MASK)
guard let window = SDL_CreateWindow("embed-carousel", centred, centred, Int32(size.width), Int32(size.height),
                                    SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
    fail("SDL_CreateWindow: \(String(cString: SDL_GetError()))")
}
guard let context = SDL_GL_CreateContext(window) else { fail("SDL_GL_CreateContext: \(String(cString: SDL_GetError()))") }
defer { SDL_GL_DeleteContext(context); SDL_DestroyWindow(window) }

func sizes() -> (points: Size, pixels: PixelSize) {
    var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    SDL_GL_GetDrawableSize(window, &pw, &ph)
    return (Size(Double(w), Double(h)), PixelSize(width: Int(pw), height: Int(ph)))
}

/// The app's own drawing: a dark green background and a magenta bar along the bottom
/// eighth (scissored clears: no shader needed).
func drawBackground(width: Int, height: Int) {
    glDisable(GLenum(GL_SCISSOR_TEST))
    glViewport(0, 0, GLsizei(width), GLsizei(height))
    glClearColor(0.1, 0.3, 0.2, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    glEnable(GLenum(GL_SCISSOR_TEST))
    glScissor(0, 0, GLsizei(width), GLsizei(height / 8))
    glClearColor(0.8, 0.2, 0.6, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    glDisable(GLenum(GL_SCISSOR_TEST))
}

// MARK: The library (about ten lines)

let host: ParallaxHost
do {
    let (points, pixels) = sizes()
    host = try ParallaxHost(scene: "carousel", window: WindowGeometry(points: points, pixels: pixels))
} catch { fail("\(error)") }
host.onIndexChange { component, item in print("\(component): item \(item) centred") }
host.onSelect { component, item in print("\(component): item \(item) selected") }

var running = true
var event = SDL_Event()
for frame in 0..<frames where running {
    while SDL_PollEvent(&event) != 0 {                                          // the app's own SDL loop
        guard let e = PlatformEvent(sdl: event) else { continue }
        if e == .quit { running = false } else { host.handle(e) }              // keys, pointer, resize
    }
    if frame == 10 || frame == 40 { host.handle(.key("Right", down: true)) }   // scripted presses, through the host
    let (points, pixels) = sizes()
    host.window = WindowGeometry(points: points, pixels: pixels)                // pointer mapping, HiDPI
    host.advance(to: Double(frame) / 30)                                        // the app's clock, in seconds
    drawBackground(width: pixels.width, height: pixels.height)                  // the app draws first...
    do { try host.draw(loadAction: .keep) } catch { fail("\(error)") }          // ...the scene on top
    if frame == frames - 1, let pngPath {
        var rgba = [UInt8](repeating: 0, count: pixels.width * pixels.height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(pixels.width), GLsizei(pixels.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
        let row = pixels.width * 4   // GL rows run bottom-up
        let flipped = (0..<pixels.height).flatMap { y in rgba[(pixels.height - 1 - y) * row ..< (pixels.height - y) * row] }
        do { try Image(width: pixels.width, height: pixels.height, pixels: flipped).writePNG(path: pngPath) } catch { fail("\(error)") }
        print("wrote \(pngPath) (\(pixels.width)x\(pixels.height))")
    }
    SDL_GL_SwapWindow(window)
    host.didPresent()                                                           // decoders run between frames
}
