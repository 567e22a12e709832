#!/usr/bin/env bash
# Hardware video decoding on this machine, with built binaries only (no swift build): draws
# one frame of a 1280x720 H.264 video layer with --hwdec auto and with --hwdec none, prints
# the decoder line each run wrote and how far the two pictures differ (per channel, 0-255).
#   scripts/hwdec-check.sh PARALLAX_RENDER [CLIP.mp4]
# PARALLAX_RENDER: the parallax-render binary, or the folder holding it. CLIP: any MP4, WebM or
# MKV; without one, ffmpeg makes a 2 s testsrc2 H.264 clip. Exit 1 when a run fails.
set -euo pipefail
render="${1:?usage: scripts/hwdec-check.sh PARALLAX_RENDER [CLIP]}"
[ -d "$render" ] && render="$render/parallax-render"
[ -x "$render" ] || { echo "hwdec-check: $render is not an executable parallax-render" >&2; exit 1; }
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
clip="${2:-}"
if [ -z "$clip" ]; then
    command -v ffmpeg > /dev/null || { echo "hwdec-check: no ffmpeg to make a clip: give one as the second argument" >&2; exit 1; }
    clip="$dir/clip.mp4"
    ffmpeg -v error -y -f lavfi -i testsrc2=s=1280x720:r=30:d=2 -c:v libx264 -pix_fmt yuv420p "$clip"
fi
[ -f "$clip" ] || { echo "hwdec-check: $clip is not a file" >&2; exit 1; }
clip="$(cd "$(dirname "$clip")" && pwd)/$(basename "$clip")"
python3 - "$clip" > "$dir/scene.json" <<'PY'
import json, sys
print(json.dumps({"canvas": {"width": 1280, "height": 720}, "components": [
    {"kind": "layer", "name": "video", "bounds": [1280, 720], "position": [640, 360], "contents": sys.argv[1]}]}))
PY
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
for mode in auto none; do
    if ! "$render" "$dir/scene.json" --time 1.0 --hwdec "$mode" --png "$dir/$mode.png" 2> "$dir/$mode.err"; then
        echo "hwdec-check: parallax-render --hwdec $mode failed: $(tail -n 1 "$dir/$mode.err")" >&2
        exit 1
    fi
    note="$(grep '^note: ' "$dir/$mode.err" || true)"
    echo "--hwdec $mode: ${note:-software (no note line)}"
done
python3 - "$dir/auto.png" "$dir/none.png" <<'PY'
import struct, sys, zlib

def pixels(path):
    """RGBA rows of an 8-bit, non-interlaced PNG (what parallax-render writes)."""
    data = open(path, "rb").read()
    pos, chunks, width, height, kind = 8, b"", 0, 0, 6
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6), f"{path}: unexpected PNG layout"
        elif tag == b"IDAT":
            chunks += body
        pos += 12 + length
    bpp = 4 if kind == 6 else 3
    raw, stride, rows, prev = zlib.decompress(chunks), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows

wa, ha, bpp, a = pixels(sys.argv[1])
wb, hb, _, b = pixels(sys.argv[2])
assert (wa, ha) == (wb, hb), "the two pictures differ in size"
worst, total, count = 0, 0, 0
for ra, rb in zip(a, b):
    for i in range(0, len(ra), bpp):
        for k in range(3):
            d = abs(ra[i + k] - rb[i + k])
            worst, total, count = max(worst, d), total + d, count + 1
print(f"pixel difference auto vs none: max {worst}, mean {total / count:.3f} (of 255, {wa}x{ha})")
PY
