#!/usr/bin/env python3
# A window resized after it is mapped but before its first frame (a window manager that
# maximises new windows) must show that first frame at its new size: finds the X window
# titled parallax-demo, resizes it to WxH DELAY seconds after it maps, then reads the
# window's pixels until the first frame shows (the scene's colour at a point in the old
# size) and fails unless the same colour shows at a point beyond the old size too. Exits 2
# (nothing checked) when a frame showed before the resize.
#   DISPLAY=... scripts/check-resized-first-frame.py OLD_WxH NEW_WxH DELAY R,G,B
# Xlib through ctypes (libX11 comes with SDL): no other X tools needed.
import ctypes, ctypes.util, sys, time

old_w, old_h = map(int, sys.argv[1].split("x"))
new_w, new_h = map(int, sys.argv[2].split("x"))
delay = float(sys.argv[3])
colour = tuple(int(c) for c in sys.argv[4].split(","))

x = ctypes.CDLL(ctypes.util.find_library("X11"))
x.XOpenDisplay.restype = ctypes.c_void_p
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                         ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)), ctypes.POINTER(ctypes.c_uint)]
x.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
x.XMoveResizeWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x.XGetImage.restype = ctypes.c_void_p
x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                        ctypes.c_ulong, ctypes.c_int]
x.XGetPixel.restype = ctypes.c_ulong
x.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
x.XSetErrorHandler.argtypes = [ctypes.c_void_p]
ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda d, e: 0)
x.XSetErrorHandler(ctypes.cast(ERROR_HANDLER, ctypes.c_void_p))   # a window gone mid-query is not fatal

display = x.XOpenDisplay(None)
if not display:
    sys.exit("check-resized-first-frame: cannot open the X display")


def demo_window():
    root, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children, n = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    if not x.XQueryTree(display, x.XDefaultRootWindow(display), ctypes.byref(root), ctypes.byref(parent),
                        ctypes.byref(children), ctypes.byref(n)):
        return None
    for i in range(n.value):
        name = ctypes.c_char_p()
        if x.XFetchName(display, children[i], ctypes.byref(name)) and name.value and name.value.startswith(b"parallax-demo"):
            return children[i]
    return None


def pixel(window, px, py):
    image = x.XGetImage(display, window, px, py, 1, 1, 0xFFFFFFFF, 2)   # AllPlanes, ZPixmap
    if not image:
        return None
    v = x.XGetPixel(image, 0, 0)
    return ((v >> 16) & 255, (v >> 8) & 255, v & 255)


def near(p):
    return p is not None and all(abs(a - b) <= 3 for a, b in zip(p, colour))


deadline = time.time() + 120
window = None
while window is None and time.time() < deadline:
    window = demo_window()
    time.sleep(0.005)
if window is None:
    sys.exit("check-resized-first-frame: no parallax-demo window appeared")
time.sleep(delay)
inside, beyond = (old_w // 4, old_h // 2), (new_w - new_w // 8, new_h - new_h // 4)
if near(pixel(window, *inside)):
    print("check-resized-first-frame: a frame showed before the resize: nothing checked (a slower first frame is needed)")
    sys.exit(2)
x.XMoveResizeWindow(display, window, 0, 0, new_w, new_h)
x.XSync(display, 0)
while time.time() < deadline:
    if near(pixel(window, *inside)):
        # The first frame is on screen (presented whole, at once): it must cover the new size.
        seen = pixel(window, *beyond)
        if not near(seen):
            sys.exit(f"check-resized-first-frame: the first frame after a resize to {new_w}x{new_h} left "
                     f"{beyond} at {seen}, not the scene's {colour}: drawn at the old size {old_w}x{old_h}")
        print(f"check-resized-first-frame: first frame covers the resized window ({new_w}x{new_h})")
        sys.exit(0)
    time.sleep(0.01)
sys.exit("check-resized-first-frame: no frame appeared in 120 s")
