#!/usr/bin/env bash
# Hostile-environment checks (not part of CI: needs xvfb-run and xdotool and
# takes about a minute; the soak needs a release build and SOAK_SECONDS more).
#
#   scripts/environment-checks.sh            # debug build: checks a-c
#   SOAK_SECONDS=30 scripts/environment-checks.sh   # also d: parallax-bench --soak (release)
#
# a) no display and no EGL: parallax-render prints one line naming what was tried, exits 1
# b) shaders: a folder with a broken quad.frag (via --shaders and PARALLAX_SHADERS) fails
#    with the file and the compiler's info log (a missing file listing every searched
#    folder is covered by RendererInfrastructureTests)
# c) parallax-demo under xvfb-run, window minimised, resized to 1x1 and 0x0, restored,
#    while it runs with a frame limit: no crash, "GL errors: 0" at exit (debug builds)
# d) parallax-bench --soak: memory and GL object counts flat, zero GL errors
set -uo pipefail
cd "$(dirname "$0")/.."
swift build --product parallax-render >/dev/null && swift build --product parallax-demo >/dev/null || exit 1
BIN=$(swift build --show-bin-path)
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
fail=0
check() { if [ "$1" = 0 ]; then echo "PASS $2"; else echo "FAIL $2"; fail=1; fi; }
echo '{"canvas":{"width":64,"height":64},"components":[{"kind":"layer","name":"a","bounds":[10,10],"position":[32,32],"color":[1,0,0,1]}]}' > "$TMP/s.json"

# a) No display, no EGL vendor (libglvnd finds none): one line, exit status 1.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json \
      "$BIN/parallax-render" "$TMP/s.json" --png "$TMP/o.png" 2>&1); rc=$?
echo "  $out"
[ $rc = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ "$out" == *"tried offscreen"* ]]; check $? "a) no display, no EGL: one line naming what was tried, exit 1"
out=$(env -u DISPLAY -u WAYLAND_DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json \
      "$BIN/parallax-render" "$TMP/s.json" --png "$TMP/o.png" 2>&1); rc=$?
echo "  $out"
[ $rc = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ "$out" == *"no OpenGL 3.3 core or OpenGL ES 3.0 context: tried"* ]]; check $? "a) default driver search, no EGL: one line, exit 1"

# b) A shader that fails to compile: the file and the info log.
mkdir -p "$TMP/broken"; cp Shaders/* "$TMP/broken/"
printf '#version 330 core\nvoid main() { this is not glsl; }\n' > "$TMP/broken/quad.frag"
out=$(SDL_VIDEODRIVER=offscreen "$BIN/parallax-render" "$TMP/s.json" --png "$TMP/o.png" --shaders "$TMP/broken" 2>&1); rc=$?
echo "  $out"
[ $rc = 1 ] && [[ "$out" == *"quad.frag"*"error"* ]]; check $? "b) --shaders with a broken quad.frag: file and info log"
out=$(SDL_VIDEODRIVER=offscreen PARALLAX_SHADERS="$TMP/broken" "$BIN/parallax-render" "$TMP/s.json" --png "$TMP/o.png" 2>&1); rc=$?
echo "  $out"
[ $rc = 1 ] && [[ "$out" == *"quad.frag"*"error"* ]]; check $? "b) PARALLAX_SHADERS with a broken quad.frag: file and info log"

# c) Minimise / resize to 1x1 and 0x0 / restore the demo's window while it runs.
if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
    cat > "$TMP/poke.sh" <<'POKE'
#!/usr/bin/env bash
"$1" --frames 600 --size 640x360 "$2" > "$3/demo.out" 2>&1 &
pid=$!
for _ in $(seq 50); do w=$(xdotool search --name parallax-demo 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.2; done
if [ -n "$w" ]; then
    for step in "windowminimize $w" "windowmap $w" "windowsize $w 1 1" "windowsize $w 0 0" "windowsize $w 640 360" \
                "windowunmap $w" "windowmap $w" "windowsize $w 1 1" "windowsize $w 800 450"; do
        xdotool $step 2>/dev/null; sleep 0.4
    done
    echo "poked window $w" >> "$3/demo.log"
else
    echo "window not found" >> "$3/demo.log"
fi
wait $pid; echo "exit $?" >> "$3/demo.log"; cat "$3/demo.out" >> "$3/demo.log"
POKE
    chmod +x "$TMP/poke.sh"
    for scene in button carousel cube; do
        rm -f "$TMP/demo.log" "$TMP/demo.out"
        timeout 120 xvfb-run -a -s "-screen 0 1280x720x24" "$TMP/poke.sh" "$BIN/parallax-demo" "$scene" "$TMP"
        sed 's/^/  /' "$TMP/demo.log"
        grep -q "^exit 0" "$TMP/demo.log" && grep -q "poked window" "$TMP/demo.log" && grep -q "GL errors: 0" "$TMP/demo.log"
        check $? "c) demo ($scene) minimised, resized to 1x1 and 0x0, restored: exit 0, no GL errors"
    done
    # The demo's R reload: a bad scene file keeps the last good scene; a good one loads.
    cat > "$TMP/reload.sh" <<'RELOAD'
#!/usr/bin/env bash
echo '{"canvas":{"width":640,"height":360},"components":[{"kind":"layer","name":"a","bounds":[100,100],"position":[320,180],"color":[1,0,0,1]}]}' > "$2/scene.json"
"$1" --size 640x360 "$2/scene.json" > "$2/reload.out" 2>&1 &
pid=$!
for _ in $(seq 50); do w=$(xdotool search --name parallax-demo 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.2; done
sleep 0.5
echo '{"canvas":{"width":640,"height":360},"components":[{"kind":"layer","name":"a","bounds":[100,-1]}]}' > "$2/scene.json"
xdotool mousemove --window "$w" 20 20 2>/dev/null; xdotool windowfocus --sync "$w" 2>/dev/null; sleep 1; xdotool key r; sleep 1
echo '{"canvas":{"width":640,"height":360},"components":[{"kind":"layer","name":"b","bounds":[50,50],"position":[320,180],"color":[0,1,0,1]}]}' > "$2/scene.json"
xdotool mousemove --window "$w" 20 20 2>/dev/null; xdotool key r; sleep 1
# A scene at rest draws no frames (so --frames would never end it): SDL turns SIGTERM into
# a quit event, and the demo ends as when its window is closed.
kill -TERM $pid; wait $pid; echo "exit $?" >> "$2/reload.out"
RELOAD
    chmod +x "$TMP/reload.sh"
    timeout 100 xvfb-run -a -s "-screen 0 1280x720x24" "$TMP/reload.sh" "$BIN/parallax-demo" "$TMP"
    sed 's/^/  /' "$TMP/reload.out"
    grep -q "at components\[0\].bounds: .*(keeping the current scene)" "$TMP/reload.out" && grep -q "^scene: " "$TMP/reload.out" \
        && grep -q "^exit 0" "$TMP/reload.out"
    check $? "c) demo R reload: bad file keeps the last good scene, a fixed file loads"
else
    echo "SKIP c) needs xvfb-run and xdotool (apt-get install xvfb xdotool)"
fi

# d) Soak (release build).
if [ -n "${SOAK_SECONDS:-}" ]; then
    swift build -c release --product parallax-bench >/dev/null || exit 1
    SDL_VIDEODRIVER=offscreen "$(swift build -c release --show-bin-path)/parallax-bench" --soak "$SOAK_SECONDS"
    check $? "d) parallax-bench --soak $SOAK_SECONDS"
fi
exit $fail
