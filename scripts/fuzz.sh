#!/usr/bin/env bash
# Runs one libFuzzer target for a given time.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]     TARGET: png | scene | replay | stack | filename | text | header
#
# Builds Sources/parallax-fuzz with `-sanitize=fuzzer,address` into its own scratch path
# (.build-fuzz, so the ordinary debug build is kept), seeds the corpus from Assets/
# (PNGs, scene files, a zipped .imagestack, a few replay lines), then fuzzes for SECONDS.
# A dictionary (scripts/fuzz-dict/TARGET.dict) is used when there is one.
# The corpus grows in .build-fuzz/corpus/TARGET across runs; crashing inputs are written to
# fuzz-crashes/TARGET/ (turn each into a named regression test). Exit status: libFuzzer's
# (0 when the run was clean). The last lines printed are the executions per second and the
# coverage (cov: edges, ft: features) reached.
#
# SWIFT_BACKTRACE=enable=no: Swift's backtracer would otherwise hold a crashing process for
# minutes. Each input may take at most 10 s and 2 GB (a longer or larger one is a finding).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
seconds=${2:-}
case "$target" in png|scene|replay|stack|filename|text|header) ;; *)
    echo "usage: scripts/fuzz.sh png|scene|replay|stack|filename|text|header SECONDS [libFuzzer flags]" >&2; exit 1 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, found \"$seconds\"" >&2; exit 1; }
shift 2

scratch=.build-fuzz
if [ ! -d $scratch/checkouts ] && [ -d .build/checkouts ]; then
    mkdir -p $scratch && cp -r .build/checkouts .build/repositories $scratch/ 2>/dev/null || true
fi
swift build --scratch-path $scratch --product parallax-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -v "Cannot export local symbol" | tail -3
binary=$(swift build --scratch-path $scratch --show-bin-path)/parallax-fuzz

corpus=$scratch/corpus/$target
seeds=$scratch/seeds/$target
crashes=fuzz-crashes/$target
mkdir -p "$corpus" "$seeds" "$crashes"
case "$target" in
png)    find Assets -name '*.png' -size -64k -exec cp {} "$seeds/" \; ; maxlen=65536 ;;
scene)  cp Assets/scenes/*.json "$seeds/"; maxlen=16384 ;;
stack)  # Small stacks (4x4 layers) keep an input to milliseconds; the structure is the icon's.
        python3 - "$seeds" <<'PY'
import json, os, struct, sys, zipfile, zlib
def png(w, h, rgba):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    rows = b"".join(b"\0" + bytes(rgba) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
layers = [("Front", (255, 0, 0, 128)), ("Middle", (0, 255, 0, 255)), ("Back", (0, 0, 255, 255))]
top = {"layers": [{"filename": n + ".imagestacklayer"} for n, _ in layers],
       "properties": {"canvasSize": {"width": 8, "height": 6}}, "info": {"version": 1, "author": "xcode"}}
for name, prefix in (("top-folder.lsr", "Icon.imagestack/"), ("root.lsr", "")):
    with zipfile.ZipFile(os.path.join(sys.argv[1], name), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(prefix + "Contents.json", json.dumps(top))
        for n, colour in layers:
            d = prefix + n + ".imagestacklayer/"
            z.writestr(d + "Contents.json", json.dumps({"properties": {"frame-size": {"width": 6, "height": 4},
                                                                      "frame-center": {"x": 4, "y": 3}}}))
            z.writestr(d + "Content.imageset/Contents.json",
                       json.dumps({"images": [{"filename": "l.png", "idiom": "tv", "scale": "1x"}]}))
            z.writestr(d + "Content.imageset/l.png", png(4, 4, colour))
PY
        maxlen=16384 ;;
replay) printf '%s\n' '{"t":0.2,"type":"key","key":"Right","down":true}' '{"t":0.3,"type":"key","key":"Right","down":false}' \
            '{"t":0.5,"type":"pointer","x":640,"y":360,"button":"left","down":true}' '{"t":0.6,"type":"move","x":700,"y":300}' \
            '{"t":0.9,"type":"pointer","x":700,"y":300,"button":"left","down":false}' > "$seeds/keys-pointer.jsonl"
        printf '%s\n' '{"t":0,"type":"controllerAxis","name":"leftx","value":0.9}' '{"t":1.5,"type":"wheel","dx":0,"dy":-120}' \
            '{"t":2,"type":"controllerButton","name":"dpright","down":true}' > "$seeds/controller-wheel.jsonl"
        maxlen=16384 ;;
filename) printf 'poster.png' > "$seeds/ascii"; printf 'caf\xc3\xa9\xff\xfe.png' > "$seeds/latin1-and-utf8"
        printf '\xf4\x8f\xbe\x80\xc0\xaf' > "$seeds/reserved-and-overlong"; maxlen=256 ;;
text)   printf 'Hello, world' > "$seeds/latin"; printf 'a\xcc\x81\xcc\x81\xcc\x81 \xd9\x84\xd8\xa7' > "$seeds/marks-arabic"
        python3 -c 'import sys; sys.stdout.buffer.write(("a" + "\u0301" * 2000).encode())' > "$seeds/long-cluster"; maxlen=16384 ;;
header) find Assets -name '*.png' -size -64k -exec cp {} "$seeds/" \; ; find Assets \( -name '*.jpg' -o -name '*.webp' \) -size -64k -exec cp {} "$seeds/" \; ; maxlen=65536 ;;
esac
# Hand-made seeds that spell out every optional key (scripts/fuzz-seeds/TARGET/): a key
# absent from every seed is almost never invented by the mutations.
if [ -d "scripts/fuzz-seeds/$target" ]; then cp scripts/fuzz-seeds/"$target"/* "$seeds/"; fi

export SWIFT_BACKTRACE=enable=no
export PARALLAX_FUZZ_TARGET=$target
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1}"
# Keys, kinds and extreme numbers the mutations splice in (scripts/fuzz-dict/).
dict=()
[ -f "scripts/fuzz-dict/$target.dict" ] && dict=(-dict="scripts/fuzz-dict/$target.dict")
log=$scratch/fuzz-$target.log
set +e
"$binary" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=$maxlen -artifact_prefix="$crashes/" -print_final_stats=1 "${dict[@]}" "$@" >"$log" 2>&1
status=$?
set -e
grep -E '^#[0-9]+' "$log" | tail -1
grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' "$log" || true
if [ $status -ne 0 ]; then
    grep -E 'ERROR|Fatal error|SUMMARY|artifact' "$log" | head -5
    echo "fuzz.sh: $target FAILED (status $status); log: $log; inputs: $crashes/" >&2
else
    echo "fuzz.sh: $target ran clean for $seconds s; log: $log"
fi
exit $status
