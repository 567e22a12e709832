#!/usr/bin/env bash
# Builds the Examples package against this checkout (reusing the suite's debug build in
# .build: only the two example executables compile), runs embed-carousel headless for 60
# frames (two right-arrow presses through the host) and checks its PNG: the app's own
# background at a corner where no card is, the app's own bar along the bottom, and a
# card drawn on top in the middle.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
swift build --package-path Examples --scratch-path .build
bin="$(swift build --package-path Examples --scratch-path .build --show-bin-path)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$bin/embed-carousel" --png "$dir/embed.png" --frames 60 --size 640x360 | tee "$dir/log"
grep -q "carousel: item 6 centred" "$dir/log" || { echo "embed-carousel: the second press did not centre item 6"; exit 1; }

# near X Y R G B: the pixel is within 3 of (R, G, B) in every channel.
near() {
    read -r r g b _ < <("$bin/png-pixel" "$dir/embed.png" "$1" "$2")
    for pair in "$r:$3" "$g:$4" "$b:$5"; do
        local d=$(( ${pair%%:*} - ${pair##*:} ))
        [ "${d#-}" -le 3 ] || return 1
    done
}
near 5 5 26 76 51 || { echo "embed-carousel: corner (5,5) is $("$bin/png-pixel" "$dir/embed.png" 5 5), not the app's background"; exit 1; }
near 320 350 204 51 153 || { echo "embed-carousel: (320,350) is not the app's bottom bar"; exit 1; }
if near 200 120 26 76 51; then echo "embed-carousel: no card drawn at (200,120)"; exit 1; fi
echo "embed-carousel: background kept, card drawn on top"
