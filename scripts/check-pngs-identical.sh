#!/usr/bin/env bash
# Pixel check for refactors: renders every example scene in Assets/scenes/*.json and every
# built-in scene at times 0, 0.5, 1.3 and 4 to PNG (and the text scene at 1.5x with --size)
# and compares the files byte for byte with a recorded baseline.
#
#   scripts/check-pngs-identical.sh --record DIR   # write the baseline into DIR
#   scripts/check-pngs-identical.sh DIR            # render again and `cmp` against DIR
#
# Uses the debug parallax-render (built if needed); PARALLAX_RENDER overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
if [ "${1:-}" = "--record" ]; then record=1; shift; fi
[ $# -eq 1 ] || { echo "usage: $0 [--record] BASELINE_DIR" >&2; exit 2; }
baseline=$1
export SDL_VIDEODRIVER=offscreen
render=${PARALLAX_RENDER:-}
if [ -z "$render" ]; then
    swift build --product parallax-render >/dev/null
    render="$(swift build --show-bin-path)/parallax-render"
fi
builtins="home button grid carousel coverflow cube header affine layers carousel-100k text"
times="0 0.5 1.3 4"
if [ $record -eq 1 ]; then out=$baseline; mkdir -p "$out"; else out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
scenes=()
for f in Assets/scenes/*.json; do scenes+=("$f"); done
for b in $builtins; do scenes+=("$b"); done
count=0
for s in "${scenes[@]}"; do
    name=$(basename "$s" .json)
    [ "$s" = "$name" ] && name="builtin-$name"
    for t in $times; do
        "$render" "$s" --time "$t" --png "$out/$name-t$t.png" 2>"$out/$name-t$t.stderr" \
            || echo "exit $?" >>"$out/$name-t$t.stderr"
        count=$((count + 1))
    done
done
for t in $times; do
    "$render" text --time "$t" --size 1920x1080 --png "$out/builtin-text-1920-t$t.png" \
        2>"$out/builtin-text-1920-t$t.stderr" || echo "exit $?" >>"$out/builtin-text-1920-t$t.stderr"
    count=$((count + 1))
done
if [ $record -eq 1 ]; then echo "recorded $count renders into $baseline"; exit 0; fi
failed=0
for f in "$baseline"/*; do
    g="$out/$(basename "$f")"
    if ! cmp -s "$f" "$g"; then echo "DIFFERS: $(basename "$f")"; failed=$((failed + 1)); fi
done
n=$(ls "$baseline" | wc -l)
m=$(ls "$out" | wc -l)
[ "$n" -eq "$m" ] || { echo "file count differs: baseline $n, now $m"; failed=$((failed + 1)); }
if [ $failed -ne 0 ]; then echo "$failed file(s) differ from $baseline"; exit 1; fi
echo "all $n files of $count renders byte-identical to $baseline"
