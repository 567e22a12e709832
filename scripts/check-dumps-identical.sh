#!/usr/bin/env bash
# Behaviour check for refactors: dumps the quads (and the scene events) of every example
# scene in Assets/scenes/*.json and every built-in scene at times 0, 0.5, 1.3 and 4, with
# and without a held pointer, and compares them byte for byte with a recorded baseline.
# With --pngs it renders the same scenes and times to PNG instead (and the text scene at
# 1.5x with --size): the pixel check.
#
#   scripts/check-dumps-identical.sh [--pngs] --record DIR   # write the baseline into DIR
#   scripts/check-dumps-identical.sh [--pngs] DIR            # run again and `cmp` against DIR
#
# Uses the debug parallax-render (built if needed); PARALLAX_RENDER overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
pngs=0; record=0
if [ "${1:-}" = "--pngs" ]; then pngs=1; shift; fi
if [ "${1:-}" = "--record" ]; then record=1; shift; fi
[ $# -eq 1 ] || { echo "usage: $0 [--pngs] [--record] BASELINE_DIR" >&2; exit 2; }
baseline=$1
export SDL_VIDEODRIVER=offscreen
render=${PARALLAX_RENDER:-}
if [ -z "$render" ]; then
    swift build --product parallax-render >/dev/null
    render="$(swift build --show-bin-path)/parallax-render"
fi
builtins="home button grid carousel coverflow cube header affine layers carousel-100k text movies showcase"
times="0 0.5 1.3 4"
if [ $record -eq 1 ]; then out=$baseline; mkdir -p "$out"; else out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
scenes=()
for f in Assets/scenes/*.json; do scenes+=("$f"); done
for b in $builtins; do scenes+=("$b"); done

# One run of the tool: its stderr (and a failing exit status) kept beside its outputs.
run() {
    local stem=$1; shift
    "$render" "$@" 2>"$out/$stem.stderr" || echo "exit $?" >>"$out/$stem.stderr"
    count=$((count + 1))
}

count=0
for s in "${scenes[@]}"; do
    name=$(basename "$s" .json)
    [ "$s" = "$name" ] && name="builtin-$name"
    for t in $times; do
        if [ $pngs -eq 1 ]; then
            run "$name-t$t" "$s" --time "$t" --png "$out/$name-t$t.png"
        else
            run "$name-t$t" "$s" --time "$t" --quads "$out/$name-t$t.quads.json" --events "$out/$name-t$t.events.jsonl"
            run "$name-t$t-pointer" "$s" --time "$t" --pointer 640,360 --quads "$out/$name-t$t-pointer.quads.json" \
                --events "$out/$name-t$t-pointer.events.jsonl"
        fi
    done
done
if [ $pngs -eq 1 ]; then
    for t in $times; do
        run "builtin-text-1920-t$t" text --time "$t" --size 1920x1080 --png "$out/builtin-text-1920-t$t.png"
    done
fi
if [ $record -eq 1 ]; then echo "recorded $count runs into $baseline"; exit 0; fi
failed=0
for f in "$baseline"/*; do
    case $f in *.txt) continue ;; esac
    g="$out/$(basename "$f")"
    if ! cmp -s "$f" "$g"; then echo "DIFFERS: $(basename "$f")"; failed=$((failed + 1)); fi
done
n=$(ls "$baseline" | grep -vc '\.txt$')
m=$(ls "$out" | wc -l)
[ "$n" -eq "$m" ] || { echo "file count differs: baseline $n, now $m"; failed=$((failed + 1)); }
if [ $failed -ne 0 ]; then echo "$failed file(s) differ from $baseline"; exit 1; fi
echo "all $n files of $count runs byte-identical to $baseline"
