#!/usr/bin/env python3
"""Writes the repository's example and test PNGs, drawn here from numbers (no other
source, so they are free of any licence): run it from the repository's root.

- Examples/images/{orange,blue,green,gray}@2x.png: 58 × 58-pixel settings icons (29 × 29
  points at scale 2), a rounded square in a colour with a white ring, transparent at the
  corners (alpha anti-aliased by 4 × 4 supersampling).
- Tests/CellLayoutTests/Fixtures/Images/quad.png: 2 × 2 pixels, for goldens computed by
  hand: red (255, 0, 0, 255), blue at half alpha (0, 0, 255, 128) on the top row; green
  fully transparent (0, 255, 0, 0), white (255, 255, 255, 255) on the bottom row.
- Tests/CellLayoutTests/Fixtures/Images/gray-16bit.png: 1 × 1 pixel, 16-bit grayscale
  0x8000 (libpng strips it to 8 bits: 128, opaque).
- Tests/CellLayoutTests/Fixtures/Images/huge.png: a header saying 10000 × 10000 pixels
  before one row of data (60 bytes: refused by its size before any pixel is decoded).

PNG is written with zlib and struct only (8-bit RGBA or 16-bit gray, no interlace).
"""
import os
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rows, color_type=6, depth=8):
    """rows: one bytes object per row (filter byte added here)."""
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def icon(rgb, size=58, radius=13, ring=(14, 5)):
    """A rounded square of `rgb` with a white ring (outer radius, thickness) centred."""
    n = 4  # subsamples a side
    rows = []
    c = size / 2
    for y in range(size):
        row = bytearray()
        for x in range(size):
            inside = white = 0
            for sy in range(n):
                for sx in range(n):
                    px, py = x + (sx + 0.5) / n, y + (sy + 0.5) / n
                    qx = max(abs(px - c) - (c - radius), 0)
                    qy = max(abs(py - c) - (c - radius), 0)
                    if qx * qx + qy * qy <= radius * radius:
                        inside += 1
                        d = ((px - c) ** 2 + (py - c) ** 2) ** 0.5
                        if ring[0] - ring[1] <= d <= ring[0]:
                            white += 1
            if inside == 0:
                row += bytes((0, 0, 0, 0))
                continue
            # Colour: the white ring's share of the covered subsamples mixed over the fill.
            t = white / inside
            row += bytes(round(ch * (1 - t) + 255 * t) for ch in rgb) + bytes((round(255 * inside / (n * n)),))
        rows.append(bytes(row))
    return png(size, size, rows)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    for name, rgb in [("orange", (255, 149, 0)), ("blue", (0, 122, 255)), ("green", (52, 199, 89)),
                      ("gray", (142, 142, 147))]:
        write(f"Examples/images/{name}@2x.png", icon(rgb))
    write("Tests/CellLayoutTests/Fixtures/Images/quad.png",
          png(2, 2, [bytes((255, 0, 0, 255, 0, 0, 255, 128)), bytes((0, 255, 0, 0, 255, 255, 255, 255))]))
    write("Tests/CellLayoutTests/Fixtures/Images/huge.png", png(10000, 10000, [bytes(4)]))
    write("Tests/CellLayoutTests/Fixtures/Images/gray-16bit.png", png(1, 1, [b"\x80\x00"], color_type=0, depth=16))
