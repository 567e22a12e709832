// Presenting part of a window: GLX_MESA_copy_sub_buffer copies a rectangle of the back
// buffer to the window without swapping, so the back buffer keeps every pixel and the
// next frame need only redraw (and copy) what changed. On Mesa's software rasteriser
// under X (llvmpipe on a desktop without a GPU, Xvfb, a kiosk) a whole-frame present
// copies every pixel twice, kept frame to back buffer and back buffer to the X server,
// which costs more than drawing a swaying card: half the demo's CPU on the home screen.
//
// The back buffer's size. Mesa sizes it to the window when the drawable is validated: at a
// swap, or at a draw after glViewport on the window's framebuffer. A copy of a rectangle
// outside it is an X error (BadValue), fatal by default. So a host presents whole frames,
// the first one and any after a resize, with an ordinary swap, and copies rectangles only
// while the drawable keeps the size it had at that swap, never drawing into the window's
// framebuffer itself in between (it blits its kept frame there).
//
// Does NOT: draw or blit (the caller keeps the back buffer up to date), wait for vsync
// (the copy does not throttle: pace presents with `FramePacer`), or work outside X11 with
// a GLX context (Wayland, EGL, the offscreen driver): `make` returns nil there and the
// caller swaps as before.

import CSDL2
import Glibc

/// Copies rectangles of the current GLX drawable's back buffer to the screen.
public final class PartialPresenter {
    private typealias CopySubBuffer = @convention(c) (OpaquePointer?, UInt, Int32, Int32, Int32, Int32) -> Void
    private typealias GetDrawable = @convention(c) () -> UInt
    private typealias QueryDrawable = @convention(c) (OpaquePointer?, UInt, Int32, UnsafeMutablePointer<UInt32>) -> Void
    private let display: OpaquePointer
    private let currentDrawable: GetDrawable
    private let queryDrawable: QueryDrawable
    private let copySubBuffer: CopySubBuffer

    /// The presenter for `host`'s window when its context is a current GLX context that
    /// offers GLX_MESA_copy_sub_buffer; nil otherwise.
    ///
    /// The GLX entry points come from the process's own libGL (`dlsym`), not from
    /// `SDL_GL_GetProcAddress`: under EGL (`SDL_VIDEO_X11_FORCE_EGL`, Wayland) that asks
    /// eglGetProcAddress, which hands out a stub for any name, and calling a GLX name through
    /// it crashes. libGL's glXGetCurrentContext is asked first: nil unless a GLX context
    /// is current, and then nothing else is called.
    public static func make(for host: GLContextHost) -> PartialPresenter? {
        host.makeCurrent()
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return nil }
        typealias GetDisplay = @convention(c) () -> OpaquePointer?
        typealias GetContext = @convention(c) () -> OpaquePointer?
        typealias QueryContext = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<Int32>) -> Int32
        typealias QueryExtensions = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
        typealias GetProcAddress = @convention(c) (UnsafePointer<UInt8>) -> UnsafeMutableRawPointer?
        func function<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }   // RTLD_DEFAULT
        }
        guard let getContext = function("glXGetCurrentContext", as: GetContext.self),
              let context = getContext(),
              let getDisplay = function("glXGetCurrentDisplay", as: GetDisplay.self),
              let getDrawable = function("glXGetCurrentDrawable", as: GetDrawable.self),
              let queryContext = function("glXQueryContext", as: QueryContext.self),
              let queryExtensions = function("glXQueryExtensionsString", as: QueryExtensions.self),
              let queryDrawable = function("glXQueryDrawable", as: QueryDrawable.self),
              let getProcAddress = function("glXGetProcAddressARB", as: GetProcAddress.self),
              let display = getDisplay(), getDrawable() != 0 else { return nil }
        var screen: Int32 = 0
        _ = queryContext(display, context, 0x800C /* GLX_SCREEN */, &screen)
        guard let list = queryExtensions(display, screen),
              String(cString: list).split(separator: " ").contains("GLX_MESA_copy_sub_buffer"),
              let copy = "glXCopySubBufferMESA".withCString({ name in
                  name.withMemoryRebound(to: UInt8.self, capacity: 21) { getProcAddress($0) }
              }) else { return nil }
        return PartialPresenter(display: display, currentDrawable: getDrawable, queryDrawable: queryDrawable,
                                copySubBuffer: unsafeBitCast(copy, to: CopySubBuffer.self))
    }

    private init(display: OpaquePointer, currentDrawable: @escaping GetDrawable, queryDrawable: @escaping QueryDrawable,
                 copySubBuffer: @escaping CopySubBuffer) {
        self.display = display
        self.currentDrawable = currentDrawable
        self.queryDrawable = queryDrawable
        self.copySubBuffer = copySubBuffer
    }

    /// Shows the back buffer's pixels in `x, y, width, height` (rows from the bottom, GL's
    /// window coordinates), cut to the drawable as the X server has it now (just after a
    /// resize it may not yet have the size SDL reports, and a rectangle reaching outside it
    /// is an X error, fatal by default); the back buffer keeps them. Flushes GL first (the
    /// copy does).
    public func present(x: Int, y: Int, width: Int, height: Int) {
        // The window's drawable as of now (SDL may recreate it, going fullscreen).
        let drawable = currentDrawable()
        guard drawable != 0 else { return }
        var w: UInt32 = 0, h: UInt32 = 0
        queryDrawable(display, drawable, 0x801D /* GLX_WIDTH */, &w)
        queryDrawable(display, drawable, 0x801E /* GLX_HEIGHT */, &h)
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(Int(w), x + max(0, width)), y1 = min(Int(h), y + max(0, height))
        guard x1 > x0, y1 > y0 else { return }
        copySubBuffer(display, drawable, Int32(clamping: x0), Int32(clamping: y0), Int32(clamping: x1 - x0),
                      Int32(clamping: y1 - y0))
    }
}
