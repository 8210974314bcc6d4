"""Just enough of PNG to read a browser's screenshot (8-bit RGB or RGBA, not interlaced), to
tell a painted picture from a blank one by what the screen shows, as smoke/png.mjs does for
the smoke suite: an image's natural size says it loaded, not that it was painted."""

from __future__ import annotations

import struct
import zlib


def colours_in(png: bytes, step: int = 2) -> int:
    """How many different colours (to 4 bits a channel) the picture shows, every ``step``-th
    pixel of every ``step``-th row: a blank box shows one or two, a still board dozens."""
    bpp, rows = decoded(png)
    stride = len(rows[0]) if rows else 0
    seen = {
        (row[i] >> 4, row[i + 1] >> 4, row[i + 2] >> 4)
        for row in rows[::step]
        for i in range(0, stride, bpp * step)
    }
    return len(seen)


def far_apart(one: bytes, other: bytes, by: int = 96) -> int:
    """How many pixels of two pictures of one size differ by more than ``by`` in a channel:
    a line of text or a border drawn in one only, not the few levels a gradient's dithering
    differs by where a box lies elsewhere on the screen."""
    bpp, a = decoded(one)
    _, b = decoded(other)
    if len(a) != len(b) or (a and len(a[0]) != len(b[0])):
        raise ValueError("pictures of different sizes")
    return sum(
        any(abs(ra[x + i] - rb[x + i]) > by for i in range(3))
        for ra, rb in zip(a, b, strict=True)
        for x in range(0, len(ra), bpp)
    )


def decoded(png: bytes) -> tuple[int, list[bytearray]]:
    """The bytes a pixel takes, and the picture's rows unfiltered."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, header, data = 8, b"", b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"PNG of depth {depth}, colour type {colour}, interlace {interlace}")
    bpp = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(data), width * bpp
    rows: list[bytearray] = []
    above = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]
        row = bytearray(stride)
        for x in range(stride):
            a = row[x - bpp] if x >= bpp else 0
            b = above[x]
            c = above[x - bpp] if x >= bpp else 0
            if kind == 0:
                guess = 0
            elif kind == 1:
                guess = a
            elif kind == 2:
                guess = b
            elif kind == 3:
                guess = (a + b) >> 1
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                guess = a if pa <= pb and pa <= pc else b if pb <= pc else c
            row[x] = (line[x] + guess) & 0xFF
        rows.append(row)
        above = row
    return bpp, rows
