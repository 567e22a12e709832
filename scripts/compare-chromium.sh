#!/usr/bin/env bash
# Renders each scene of scripts/chromium/ with parallax-render and its CSS equivalent with
# headless Chromium, at the same size, and compares the two (scripts/chromium/compare.py):
# within 1/255 outside antialiased edges. The cases are what CSS defines exactly: a border
# with a radius, a background under a translucent image, linear-gradient, border-image for a
# nine-slice (contentsCenter), preserve-3d for a transform layer (its sublayers drawn by
# depth, not in their order), and SVG's stroke-dasharray for a shape layer's lineDashPattern.
#
#   bash scripts/compare-chromium.sh                 # every case
#   CASES="border-image" bash scripts/compare-chromium.sh
#   KEEP=/tmp/pngs bash scripts/compare-chromium.sh    # also keep both PNGs of each case
#
# Exits 1 when a case differs, or when Chromium or the renderer cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$chromium" ] || { echo "compare-chromium.sh: no chromium on PATH" >&2; exit 1; }
swift build --product parallax-render >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/chromium/compare.py images "$work"
cases=${CASES:-"border-radius background-under-image linear-gradient border-image preserve-3d stroke-dasharray"}
failed=0
for name in $cases; do
    cp "scripts/chromium/$name.html" "scripts/chromium/$name.json" "$work/"
    size=$(python3 -c "import json, sys; c = json.load(open(sys.argv[1]))['canvas']; print(f\"{c['width']},{c['height']}\")" "$work/$name.json")
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$size" --screenshot="$work/$name-chromium.png" "file://$work/$name.html" >/dev/null 2>&1
    SDL_VIDEODRIVER=offscreen .build/debug/parallax-render "$work/$name.json" --time 0 --png "$work/$name-ours.png"
    printf '%-24s ' "$name"
    python3 scripts/chromium/compare.py "$work/$name-ours.png" "$work/$name-chromium.png" || failed=1
    [ -z "${KEEP:-}" ] || cp "$work/$name-ours.png" "$work/$name-chromium.png" "$KEEP/"
done
exit $failed
