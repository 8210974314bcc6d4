"""The e2e suite tells a painted preview from a blank one by counting a screenshot's colours
(e2e/pixels.py): a blank picture must count as one colour whatever PNG filters the browser
chose, and a picture of many colours as many, or the preview tests could never fail."""

from __future__ import annotations

import struct
import zlib

import pytest

from e2e.pixels import colours_in


def png(rows: list[list[tuple[int, int, int]]], alpha: bool = False) -> bytes:
    """A PNG of these pixels, each row under another of PNG's five filters in turn."""
    bpp = 4 if alpha else 3
    raw = b""
    above = bytes(len(rows[0]) * bpp)
    for y, pixels in enumerate(rows):
        line = b"".join(bytes([*p, 255][:bpp]) for p in pixels)
        kind = y % 5
        out = bytearray()
        for x, value in enumerate(line):
            a = line[x - bpp] if x >= bpp else 0
            b, c = above[x], above[x - bpp] if x >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            paeth = a if pa <= pb and pa <= pc else b if pb <= pc else c
            guess = [0, a, b, (a + b) >> 1, paeth][kind]
            out.append((value - guess) & 0xFF)
        raw += bytes([kind]) + out
        above = line

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 6 if alpha else 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("alpha", [False, True])
def test_a_blank_picture_is_one_colour_and_a_painted_one_many(alpha: bool) -> None:
    blank = [[(240, 230, 200)] * 40 for _ in range(30)]
    assert colours_in(png(blank, alpha)) == 1
    painted = [[((x * 16) % 256, (y * 32) % 256, 100) for x in range(40)] for y in range(30)]
    expected = {
        ((x * 16 % 256) >> 4, (y * 32 % 256) >> 4, 100 >> 4)
        for y in range(0, 30, 2)
        for x in range(0, 40, 2)
    }
    assert colours_in(png(painted, alpha)) == len(expected) > 8


def test_what_is_not_an_rgb_png_is_refused() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        colours_in(b"GIF89a" + bytes(20))
