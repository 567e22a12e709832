#!/usr/bin/env bash
# Compares parallax-bench with two peer renderers on the same work, on this machine:
# SDL_Renderer (opengl backend, SDL_RenderGeometry; scripts/peers/sdl_poses.c) and Qt Quick
# (qmlscene; scripts/peers/poses.qml). For each scene, parallax-bench renders it headless
# (--poses writes every measured frame's quads and images), then each peer draws those
# same quads, frame after frame, at the same size, and the three frame rates are printed.
#
#   bash scripts/compare-peers.sh                       # button grid carousel cube header home
#   SCENES="button" FRAMES=240 ROUNDS=2 bash scripts/compare-peers.sh
#
# Then the home screen against a Chromium kiosk page (scripts/peers/home.html: HTML, CSS 3D
# transforms and transitions), KIOSK_ROUNDS times in turn (0: not run), on one 1920x1080 Xvfb:
# the same three card rows over the same poster files, the same key presses at 8 per second
# (scripts/peers/kiosk_browse.py, xdotool). Each reports the CPU seconds per second of browsing
# of all its processes; Chromium its requestAnimationFrame intervals; ours the frame times of
# parallax-bench --catalogue over the same rows (offscreen: drawing without presenting).
#
# Ours and SDL_Renderer render offscreen and wait for the GPU each frame (glFinish); Qt
# Quick renders into a 1920x1080 window on Xvfb (a virtual X server) and so also pays for
# presenting each frame. The peers draw no clips nor rounded corners, and SDL_Renderer
# textures affinely (no perspective): they do the same blending with less care per pixel.
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_PEERS=1 bash scripts/setup.sh
SCENES=${SCENES-"button grid carousel cube header home"}   # SCENES="": only the kiosk comparison
FRAMES=${FRAMES:-120}
ROUNDS=${ROUNDS:-1}
SIZE=${SIZE:-1920x1080}
OUT=${OUT:-$(mktemp -d /tmp/compare-peers.XXXXXX)}
mkdir -p "$OUT"

swift build -c release --product parallax-bench >&2
bench=$(swift build -c release --show-bin-path)/parallax-bench
cc -O2 -o "$OUT/sdl_poses" scripts/peers/sdl_poses.c $(pkg-config --cflags --libs sdl2 libpng)

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 "${SIZE}x24" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

printf '%-10s %6s  %9s %9s %8s  %10s %10s %10s  %8s %8s  %11s\n' scene round "ours ms" "mean ms" "x light" "ours fps" \
    "SDL fps" "Qt fps" "x SDL" "x Qt" "2x SDL needs"
for round in $(seq 1 "$ROUNDS"); do
    for scene in $SCENES; do
        dir="$OUT/$scene"
        "$bench" --scene "$scene" --size "$SIZE" --frames "$FRAMES" --warmup 10 --poses "$dir" \
            --json "$dir.json" >"$dir.bench.txt" 2>/dev/null
        field() { python3 -c "
import functools, json, sys
print(sys.argv[2] % functools.reduce(lambda v, k: v[k], sys.argv[3].split('.'), json.load(open(sys.argv[1]))['scenes'][0]))
" "$dir.json" "$1" "$2"; }
        ours=$(field '%.1f' fps)
        oursMs=$(field '%.2f' wallMs.median)
        oursMean=$(field '%.2f' wallMs.mean)
        light=$(field '%.2f' ratioToSpeedOfLight)
        lightMs=$(field '%.4f' speedOfLightMs)
        sdl=$(SDL_VIDEODRIVER=offscreen "$OUT/sdl_poses" "$dir" "$FRAMES" | sed -n 's/.* \([0-9.]*\) fps$/\1/p')
        sed -e "s|@DIR@|$dir|" -e "s|@FRAMES@|$FRAMES|" scripts/peers/poses.qml >"$dir.qml"
        qt=$(DISPLAY=$display QML_XHR_ALLOW_FILE_READ=1 timeout 600 qmlscene "$dir.qml" 2>&1 \
             | sed -n 's/.* \([0-9.]*\) fps$/\1/p')
        ratio() { python3 -c "import sys; a, b = sys.argv[1], sys.argv[2]; print('%.2f' % (float(a) / float(b)) if a and b else 'n/a')" "$1" "$2"; }
        # Twice SDL_Renderer's frame rate means a frame of half its median: that over our speed of
        # light is the ratio we would need. Under 1.0 it is faster than the machine fills the
        # frame's visible pixels once (plus one clear), which no renderer of the same frame can be.
        needs=$(python3 -c "import sys; f, l = sys.argv[1], sys.argv[2]; print('%.2f' % (1000 / float(f) / 2 / float(l)) if f and l else 'n/a')" "$sdl" "$lightMs")
        printf '%-10s %6s  %9s %9s %8s  %10s %10s %10s  %8s %8s  %11s\n' "$scene" "$round" "$oursMs" "$oursMean" "$light" "$ours" \
            "${sdl:-n/a}" "${qt:-n/a}" \
            "$(ratio "$ours" "$sdl")" "$(ratio "$ours" "$qt")" "$needs"
    done
done
echo "(ours: parallax-bench wall median and mean, the median's ratio to the speed of light measured in the same"
echo " run, and fps; SDL_Renderer: median; Qt Quick: mean over the frames; 2x SDL needs: half SDL_Renderer's"
echo " median frame over our speed of light, the ratio twice its frame rate would take (under 1: faster than"
echo " the machine fills the visible pixels once); files in $OUT)"

KIOSK_ROUNDS=${KIOSK_ROUNDS:-1}
[ "$KIOSK_ROUNDS" -gt 0 ] || exit 0
swift build -c release --product parallax-demo >&2
demo=$(swift build -c release --show-bin-path)/parallax-demo
# The catalogue bench makes the folder of poster links (a00000.jpg ..., three rows of 300).
"$bench" --catalogue 900 --browse-items 0 >/dev/null
folder=${TMPDIR:-/tmp}/parallax-catalogue-$(id -u)-900
rows=""
for spec in "a films 130 195 28 240" "b episodes 256 144 32 189" "c apps 110 110 28 150"; do
    set -- $spec
    rows+="${rows:+,}{\"title\": \"$2\", \"content\": {\"kind\": \"cardRow\", \"name\": \"$2\", \"frame\": [48, 12, 1184, $6], \"itemSize\": [$3, $4], \"spacing\": $5, \"items\": \"$folder/$1*.jpg\"}}"
done
cat >"$OUT/home.json" <<JSON
{"canvas": {"width": 1280, "height": 720, "background": [0.04, 0.04, 0.07, 1]},
 "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720], "titleHeight": 36, "rowSpacing": 12,
   "scrollInset": 24, "backdrop": true, "rows": [$rows]}]}
JSON
page="file://$PWD/scripts/peers/home.html?dir=$folder&n=300"
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] && command -v xdotool >/dev/null \
    || { echo "compare-peers: chromium and xdotool are needed for the kiosk comparison (WITH_PEERS=1 scripts/setup.sh)" >&2; exit 1; }
echo
echo "home screen, 1920x1080 on Xvfb, Right x40, Down, Right x16, Down, Right x16 at 8 keys/s:"
for round in $(seq 1 "$KIOSK_ROUNDS"); do
    ours=$(python3 scripts/peers/kiosk_browse.py "$display" parallax-demo 3 "$demo" "$OUT/home.json" --fullscreen)
    rm -rf "$OUT/chromium-profile"
    theirs=$(python3 scripts/peers/kiosk_browse.py "$display" home.html 3 "$chromium" --no-sandbox --kiosk --no-first-run \
        --user-data-dir="$OUT/chromium-profile" --window-position=0,0 --window-size=1920,1080 --enable-logging=stderr --v=0 \
        --allow-file-access-from-files --disable-background-timer-throttling --disable-renderer-backgrounding \
        --disable-backgrounding-occluded-windows --disable-features=CalculateNativeWinOcclusion "$page" 2>"$OUT/chromium-$round.log")
    frames=$(sed -n 's/.*"KIOSK \(.*\)".*/\1/p' "$OUT/chromium-$round.log")
    "$bench" --catalogue 900 --browse-items 40 --size "$SIZE" >"$OUT/catalogue-$round.txt"
    echo "  round $round: ours (parallax-demo) $ours"
    echo "           ours, frame work (parallax-bench --catalogue, 40 items): $(sed -n 's/^browse: //p' "$OUT/catalogue-$round.txt")"
    echo "           Chromium kiosk page $theirs"
    echo "           Chromium requestAnimationFrame intervals (ms): ${frames:-none logged}"
done
echo "(files in $OUT)"
