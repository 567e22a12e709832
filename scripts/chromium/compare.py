#!/usr/bin/env python3
"""Compares a parallax-render PNG with Chromium's screenshot of the CSS equivalent.

compare.py images DIR    writes the cases' images (frame30.png, badge.png) into DIR
compare.py OURS THEIRS   prints the largest channel difference outside edges and exits 1
                         when it is over 1/255

Edges (antialiased geometry, a band's boundary in an image) are left out: a pixel whose 3x3
neighbourhood in either image spans more than 24 levels in some channel.
"""
import struct
import sys
import zlib


def write_png(path, width, height, pixel):
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def read_png(path):
    """RGBA rows of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = open(path, "rb").read()
    width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", data[16:29])
    if depth != 8 or kind not in (2, 6) or interlace:
        sys.exit(f"compare.py: {path}: only 8-bit RGB or RGBA PNGs without interlacing")
    channels = 4 if kind == 6 else 3
    offset, compressed = 8, b""
    while offset < len(data):
        length = struct.unpack(">I", data[offset:offset + 4])[0]
        if data[offset + 4:offset + 8] == b"IDAT":
            compressed += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw = zlib.decompress(compressed)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind_of_filter = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind_of_filter == 1:
                line[i] = (line[i] + a) & 255
            elif kind_of_filter == 2:
                line[i] = (line[i] + b) & 255
            elif kind_of_filter == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind_of_filter == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def is_edge(rows, x, y, width, height):
    for channel in range(3):
        values = [rows[j][i][channel] for j in range(max(0, y - 1), min(height, y + 2))
                  for i in range(max(0, x - 1), min(width, x + 2))]
        if max(values) - min(values) > 24:
            return True
    return False


def make_images(folder):
    def frame(x, y):
        # A 30 x 30 nine-slice frame: 10-pixel borders in flat colours per piece, a gradient centre.
        column = 0 if x < 10 else 1 if x < 20 else 2
        row = 0 if y < 10 else 1 if y < 20 else 2
        if column == 1 and row == 1:
            return (100 + 10 * (x - 10), 50 + 10 * (y - 10), 200, 255)
        return ((60, 200, 90, 255), (240, 180, 40, 255), (200, 60, 160, 255))[(column + row) % 3]

    def badge(x, y):
        # 40 x 20: translucent white on the left, translucent cyan on the right.
        return (255, 255, 255, 128) if x < 20 else (0, 255, 255, 200)

    write_png(f"{folder}/frame30.png", 30, 30, frame)
    write_png(f"{folder}/badge.png", 40, 20, badge)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "images":
        make_images(sys.argv[2])
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ours, theirs = read_png(sys.argv[1]), read_png(sys.argv[2])
    if ours[:2] != theirs[:2]:
        sys.exit(f"compare.py: sizes differ: {ours[:2]} and {theirs[:2]}")
    width, height = ours[:2]
    largest, compared, worst = 0, 0, None
    for y in range(height):
        for x in range(width):
            if is_edge(ours[2], x, y, width, height) or is_edge(theirs[2], x, y, width, height):
                continue
            compared += 1
            d = max(abs(a - b) for a, b in zip(ours[2][y][x], theirs[2][y][x]))
            if d > largest:
                largest, worst = d, (x, y, ours[2][y][x], theirs[2][y][x])
    print(f"{compared} of {width * height} pixels compared, largest difference {largest}/255"
          + (f" at {worst[:2]}: ours {worst[2]}, Chromium {worst[3]}" if worst else ""))
    sys.exit(1 if largest > 1 or compared == 0 else 0)


if __name__ == "__main__":
    main()
