#!/usr/bin/env bash
# The home screen's big-library figures from the release parallax-bench (--catalogue):
#   1. start-up to the first frame, 9 posters against 30,000, run in turn ROUNDS times (median
#      of each, and the median and spread of the rounds' ratios);
#   2. a browse of BROWSE items at 8/s from a cold thumbnail cache, then (the cache filled
#      with every poster it shows) the same start warm, ROUNDS times: p95 frame times,
#      placeholders drawn, cache hits and bytes;
#   3. with LONG=N (e.g. 2000): one browse of N items, resident memory first/last/max.
#
#   bash scripts/bench-catalogue.sh     (ROUNDS=5 BROWSE=120 SIZE=1920x1080; BROWSE=0: start-up only)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
BROWSE=${BROWSE:-120}
SIZE=${SIZE:-1920x1080}
BIG=${BIG:-30000}
OUT=${OUT:-$(mktemp -d /tmp/bench-catalogue.XXXXXX)}
mkdir -p "$OUT"
swift build -c release --product parallax-bench >&2
bench="$(swift build -c release --show-bin-path)/parallax-bench"
cache="$OUT/thumbnails"

# The folders of links and the 30 JPEGs are made by a first, unmeasured run of each size.
"$bench" --catalogue 9 --browse-items 0 --size "$SIZE" >/dev/null
"$bench" --catalogue "$BIG" --browse-items 0 --size "$SIZE" >/dev/null

field() { sed -n "s/.*$1 \([0-9.]*\) $2.*/\1/p" "$3" | head -1; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

echo "start-up, process start to the first finished frame (s), in turn:"
for round in $(seq 1 "$ROUNDS"); do
    for n in 9 "$BIG"; do
        "$bench" --catalogue "$n" --browse-items 0 --size "$SIZE" >"$OUT/start-$n-$round.txt"
        field "first finished frame" s "$OUT/start-$n-$round.txt" >>"$OUT/start-$n.txt"
    done
    python3 -c "print('%.4f' % ($(tail -1 "$OUT/start-$BIG.txt") / $(tail -1 "$OUT/start-9.txt")))" >>"$OUT/ratio.txt"
    echo "  round $round: 9 posters $(tail -1 "$OUT/start-9.txt"), $BIG posters $(tail -1 "$OUT/start-$BIG.txt"), ratio $(tail -1 "$OUT/ratio.txt")"
done
small=$(median <"$OUT/start-9.txt"); big=$(median <"$OUT/start-$BIG.txt")
echo "  median: 9 posters $small s, $BIG posters $big s, ratio of the medians $(python3 -c "print('%.2f' % ($big / $small))")"
# The spread: the rounds' own ratios (each pair ran back to back, so the host's load met both).
python3 - "$OUT/ratio.txt" <<'PY'
import statistics, sys
r = sorted(float(l) for l in open(sys.argv[1]))
q = statistics.quantiles(r, n=4) if len(r) >= 2 else [r[0]] * 3
print("  per-round ratio: median %.2f, quartiles %.2f-%.2f, min %.2f, max %.2f (%d rounds)" % (statistics.median(r), q[0], q[2], r[0], r[-1], len(r)))
PY

[ "$BROWSE" -gt 0 ] && echo "browse of $BROWSE items at 8/s in the first row of $BIG, cold thumbnail cache then warm:"
for round in $(seq 1 "$([ "$BROWSE" -gt 0 ] && echo "$ROUNDS" || echo 0)"); do
    rm -rf "$cache"
    for pass in cold warm; do
        "$bench" --catalogue "$BIG" --browse-items "$BROWSE" --size "$SIZE" --thumbnail-cache "$cache" \
            >"$OUT/browse-$pass-$round.txt"
        field "p95" ms "$OUT/browse-$pass-$round.txt" >>"$OUT/p95-$pass.txt"
        # A loaded host decodes fewer posters than the browse passes: the cache gets the rest.
        if [ $pass = cold ]; then
            "$bench" --catalogue "$BIG" --browse-items "$BROWSE" --size "$SIZE" --thumbnail-cache "$cache" \
                --fill-cache >"$OUT/fill-$round.txt"
        fi
    done
    cold=$(tail -1 "$OUT/p95-cold.txt"); warm=$(tail -1 "$OUT/p95-warm.txt")
    echo "  round $round: p95 cold $cold ms, warm $warm ms, ratio $(python3 -c "print('%.2f' % ($cold / $warm))")"
    for pass in cold warm; do
        grep -h -E "^cards drawn|^thumbnail cache|^decoded" "$OUT/browse-$pass-$round.txt" | sed "s/^/    $pass: /"
    done
done
if [ "$BROWSE" -gt 0 ]; then
    cold=$(median <"$OUT/p95-cold.txt"); warm=$(median <"$OUT/p95-warm.txt")
    echo "  median p95: cold $cold ms, warm $warm ms, ratio $(python3 -c "print('%.2f' % ($cold / $warm))")"
fi

if [ -n "${LONG:-}" ]; then
    echo "browse of $LONG items at 8/s (cold cache):"
    rm -rf "$cache"
    "$bench" --catalogue "$BIG" --browse-items "$LONG" --size "$SIZE" --thumbnail-cache "$cache" >"$OUT/long.txt"
    sed 's/^/  /' "$OUT/long.txt"
fi
echo "(files in $OUT)"
