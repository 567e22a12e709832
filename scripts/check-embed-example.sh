#!/usr/bin/env bash
# Builds and runs the Examples package, the template an app copies:
#   1. a copy of Examples/ in a temporary folder, built against this checkout through
#      PARALLAX_COMPOSITOR (as an app outside the repository would be);
#   2. Examples/ in place (the library found in the folder above), whose programs run:
#      embed-carousel for 60 frames (two right-arrow presses through the host), its PNG
#      checked: the app's background at a corner where no card is, the app's bar along
#      the bottom, a card drawn on top in the middle; layer-tree for 61 frames (2 s), its
#      PNG checked: the card the app's key handler moved to x 360, the dot it carries
#      turned half a revolution by the animation.
# Both reuse the suite's debug build in .build (--scratch-path): only the examples compile.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

echo "== Examples copied to $dir/my-app, built from there"
cp -R Examples "$dir/my-app"
PARALLAX_COMPOSITOR="$PWD" swift build --package-path "$dir/my-app" --scratch-path .build

echo "== Examples in place"
swift build --package-path Examples --scratch-path .build
bin="$(swift build --package-path Examples --scratch-path .build --show-bin-path)"

# near FILE X Y R G B: the pixel is within 3 of (R, G, B) in every channel.
near() {
    read -r r g b _ < <("$bin/png-pixel" "$1" "$2" "$3")
    for pair in "$r:$4" "$g:$5" "$b:$6"; do
        local d=$(( ${pair%%:*} - ${pair##*:} ))
        [ "${d#-}" -le 3 ] || return 1
    done
}

"$bin/embed-carousel" --png "$dir/embed.png" --frames 60 --size 640x360 | tee "$dir/log"
grep -q "carousel: item 6 centred" "$dir/log" || { echo "embed-carousel: the second press did not centre item 6"; exit 1; }
near "$dir/embed.png" 5 5 26 76 51 || { echo "embed-carousel: corner (5,5) is $("$bin/png-pixel" "$dir/embed.png" 5 5), not the app's background"; exit 1; }
near "$dir/embed.png" 320 350 204 51 153 || { echo "embed-carousel: (320,350) is not the app's bottom bar"; exit 1; }
if near "$dir/embed.png" 200 120 26 76 51; then echo "embed-carousel: no card drawn at (200,120)"; exit 1; fi
echo "embed-carousel: background kept, card drawn on top"

# The card (200x120, colour (0.9, 0.5, 0.1)) moved from x 320 to 360; at 2 s of a 4 s turn
# its dot, 70 left of and 30 above the centre at rest, is 70 right of and 30 below it.
"$bin/layer-tree" --png "$dir/tree.png" --frames 61 | tee "$dir/log"
grep -q "key Right: card at x 360" "$dir/log" || { echo "layer-tree: the app's key handler did not move the card"; exit 1; }
near "$dir/tree.png" 20 20 0 0 0 || { echo "layer-tree: (20,20) is not the clear colour"; exit 1; }
near "$dir/tree.png" 360 180 230 128 26 || { echo "layer-tree: no card at its moved centre (360,180)"; exit 1; }
near "$dir/tree.png" 430 210 255 255 255 || { echo "layer-tree: the dot is not where half a turn puts it (430,210)"; exit 1; }
near "$dir/tree.png" 290 150 230 128 26 || { echo "layer-tree: (290,150), the dot's place at rest, is not the card"; exit 1; }
echo "layer-tree: the key handler moved the card, the animation turned it"
