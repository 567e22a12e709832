#!/usr/bin/env bash
# Frame time of every built-in scene on desktop OpenGL and on OpenGL ES, interleaved (each
# scene on desktop, then at once on ES, so both meet the same load), from one release
# parallax-bench run per scene and API; prints each pair's wall median and their ratio.
#   scripts/compare-gl-apis.sh [BENCH OPTIONS...]     (default: --size 1920x1080 --frames 120 --warmup 20)
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=offscreen
swift build -c release --product parallax-bench >&2
bench="$(swift build -c release --show-bin-path)/parallax-bench"
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--size 1920x1080 --frames 120 --warmup 20)
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
scenes=(home button grid carousel coverflow cube header affine layers carousel-100k text)
printf '%-14s %12s %12s %8s\n' scene "desktop ms" "es ms" "es/desk"
for scene in "${scenes[@]}"; do
    for api in desktop es; do
        "$bench" --gl "$api" --scene "$scene" "${options[@]}" --json "$dir/$scene-$api.json" > /dev/null 2>&1 \
            || { echo "compare-gl-apis: parallax-bench --gl $api --scene $scene failed" >&2; exit 1; }
    done
    python3 - "$dir/$scene-desktop.json" "$dir/$scene-es.json" "$scene" <<'PY'
import json, sys
d, e = (json.load(open(p)) for p in sys.argv[1:3])
assert d["machine"]["glAPI"] == "desktop" and e["machine"]["glAPI"] == "es", "the bench ran another API"
dm, em = d["scenes"][0]["wallMs"]["median"], e["scenes"][0]["wallMs"]["median"]
print(f"{sys.argv[3]:<14} {dm:12.2f} {em:12.2f} {em / dm:8.3f}")
PY
done
