#!/usr/bin/env bash
# Smoke check of the interactive demo as a native Wayland client of weston's kiosk shell
# (headless backend, a private socket): runs parallax-demo for 60 frames on the default
# scene and on `carousel` with SDL_VIDEODRIVER=wayland, saves a screenshot of each, and
# fails if the demo falls back from Wayland, a screenshot is missing or (nearly) uniform.
# weston's headless backend has no input devices, so no seat; a kiosk has its remote or
# keyboard: scripts/weston-test-seat.c adds one (a compositor without one is checked too).
#   scripts/demo-smoke-wayland.sh [OUT_DIR]     (default: a fresh temporary folder; kept)
# CONFIG=release picks the release build (default: debug).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d /tmp/demo-smoke-wayland.XXXXXX)}"
mkdir -p "$out"
config="${CONFIG:-debug}"
command -v weston >/dev/null || { echo "demo-smoke-wayland: weston not found (WITH_XVFB=1 scripts/setup.sh)" >&2; exit 1; }
pkg-config --exists libweston-10 || { echo "demo-smoke-wayland: libweston-10-dev not found (WITH_XVFB=1 scripts/setup.sh)" >&2; exit 1; }
swift build -c "$config" --product parallax-demo
demo="$(swift build -c "$config" --show-bin-path)/parallax-demo"
gcc -shared -fPIC -o "$out/weston-test-seat.so" scripts/weston-test-seat.c $(pkg-config --cflags --libs libweston-10)

runtime="$(mktemp -d /tmp/demo-smoke-wayland-xdg.XXXXXX)"
chmod 700 "$runtime"
weston_pid=""
stop_weston() { if [ -n "$weston_pid" ]; then kill "$weston_pid" 2>/dev/null || true; wait "$weston_pid" 2>/dev/null || true; fi; weston_pid=""; }
trap 'stop_weston; rm -rf "$runtime"' EXIT
start_weston() {   # [MODULES]: weston headless with the kiosk shell on socket wl-smoke
    stop_weston
    XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --shell=kiosk-shell.so --socket=wl-smoke \
        ${1:+--modules="$1"} > "$out/weston.log" 2>&1 &
    weston_pid=$!
    for _ in $(seq 50); do [ -S "$runtime/wl-smoke" ] && return 0; sleep 0.1; done
    echo "demo-smoke-wayland: weston did not start (see $out/weston.log)" >&2; exit 1
}
run_demo() {   # ARGS...: the demo as a Wayland client, no X display
    env -u DISPLAY XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wl-smoke SDL_VIDEODRIVER=wayland "$demo" "$@"
}

status=0
start_weston "$out/weston-test-seat.so"
for scene in default carousel; do
    png="$out/demo-$scene.png"
    rm -f "$png"
    args=(--frames 60 --screenshot "$png")
    [ "$scene" = default ] || args=("$scene" "${args[@]}")
    echo "demo-smoke-wayland: SDL_VIDEODRIVER=wayland parallax-demo ${args[*]} (weston kiosk shell)"
    if ! run_demo "${args[@]}" > "$out/$scene.txt" 2> "$out/$scene.err"; then
        cat "$out/$scene.err" >&2; echo "demo-smoke-wayland: parallax-demo failed on $scene" >&2; status=1; continue
    fi
    if grep -q "^parallax: wayland" "$out/$scene.err"; then
        cat "$out/$scene.err" >&2; echo "demo-smoke-wayland: the demo did not run on Wayland" >&2; status=1; continue
    fi
    if [ ! -s "$png" ]; then echo "demo-smoke-wayland: no screenshot $png" >&2; status=1; continue; fi
    python3 scripts/check-screenshot.py "$png" || status=1
done

# Without a seat SDL 2.26-2.28 crash in SDL_Init: the demo must say so on one line and go on.
start_weston ""
echo "demo-smoke-wayland: SDL_VIDEODRIVER=wayland parallax-demo --frames 10 (weston without a seat)"
if run_demo --frames 10 > "$out/noseat.txt" 2> "$out/noseat.err"; then
    grep -q "^parallax: wayland (the compositor offers no seat" "$out/noseat.err" \
        || { echo "demo-smoke-wayland: without a seat the demo did not say why it left Wayland" >&2; status=1; }
else
    rc=$?; cat "$out/noseat.err" >&2
    echo "demo-smoke-wayland: parallax-demo failed without a seat (status $rc)" >&2; status=1
fi
[ $status = 0 ] && echo "demo-smoke-wayland: OK ($out)"
exit $status
