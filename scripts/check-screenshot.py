#!/usr/bin/env python3
# Checks a demo screenshot: a decodable 8-bit RGB(A) PNG whose pixels are not all (nearly)
# the same colour; prints its size, colours and transparent samples (the smoke tests grep it).
#   scripts/check-screenshot.py PATH
import struct, sys, zlib
path = sys.argv[1]
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: not a PNG")
pos, idat, w, h, depth, ctype = 8, b"", 0, 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
if depth != 8 or ctype not in (2, 6):
    sys.exit(f"{path}: expected 8-bit RGB/RGBA, found depth {depth} colour type {ctype}")
bpp = 4 if ctype == 6 else 3
raw, stride = zlib.decompress(idat), w * bpp
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
colours, background = {}, rows[0][:3]
for row in rows[::4]:
    for x in range(0, stride, bpp * 4):
        px = row[x:x + 3]; colours[px] = colours.get(px, 0) + 1
samples = sum(colours.values())
top = max(colours.values())
transparent = sum(1 for row in rows[::4] for x in range(3, stride, bpp * 4) if bpp == 4 and row[x] == 0)
print(f"{path}: {w}x{h}, {len(colours)} distinct colours in {samples} samples, most common {100 * top / samples:.1f}%, {transparent} transparent")
if len(colours) < 16 or top > 0.98 * samples:
    sys.exit(f"{path}: the screenshot is (nearly) uniform")
