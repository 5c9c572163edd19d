#!/usr/bin/env python3
"""Draws the PhotoCard sample's picture: a landscape at sunset (a sky fading
from deep blue to orange, a sun with a glow, three ranges of hills, a lake
with the sun's reflection), written as 8-bit RGB PNG files with the standard
library only (zlib for the deflate stream).

    scripts/make_photo_png.py Plugins/PhotoCard/Resources

writes photo.png (240 x 150) and photo@2x.png (480 x 300) there. The drawing
is a function of (x, y) in points, sampled 4 times per pixel, so both files
show the same picture at their scale.
"""
import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 240.0, 150.0  # points


def mix(a, b, t):
    t = min(max(t, 0.0), 1.0)
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def smoothstep(e0, e1, x):
    t = min(max((x - e0) / (e1 - e0), 0.0), 1.0)
    return t * t * (3 - 2 * t)


SKY_TOP = (0.16, 0.27, 0.55)
SKY_MIDDLE = (0.55, 0.50, 0.70)
SKY_HORIZON = (1.00, 0.68, 0.42)
SUN = (1.00, 0.93, 0.70)
SUN_X, SUN_Y, SUN_R = 158.0, 84.0, 15.0
HORIZON = 104.0  # the lake's far shore


def ridge(x, base, waves):
    """The height of a range of hills at x: base minus a sum of sines."""
    return base - sum(a * math.sin(x / w + p) for a, w, p in waves)


FAR = (lambda x: ridge(x, 86, [(7, 23, 0.3), (4, 9, 1.7)]), (0.55, 0.47, 0.66))
MIDDLE = (lambda x: ridge(x, 96, [(9, 31, 2.1), (3, 11, 0.4)]), (0.36, 0.34, 0.52))
NEAR = (lambda x: ridge(x, 132, [(10, 40, 4.0), (4, 13, 2.2)]), (0.16, 0.30, 0.24))


def sky(x, y):
    t = y / HORIZON
    colour = mix(SKY_TOP, SKY_MIDDLE, t / 0.55) if t < 0.55 else mix(SKY_MIDDLE, SKY_HORIZON, (t - 0.55) / 0.45)
    d = math.hypot(x - SUN_X, y - SUN_Y)
    glow = math.exp(-((d - SUN_R) / 28.0) ** 2) * 0.55 if d > SUN_R else 1.0
    colour = mix(colour, SUN, glow)
    if d < SUN_R:
        colour = SUN
    return colour


def colour_at(x, y):
    if y < HORIZON:
        colour = sky(x, y)
        for height, tone in (FAR, MIDDLE):
            if y > height(x):
                # hills fade into the haze towards their foot
                colour = mix(tone, SKY_HORIZON, smoothstep(height(x), HORIZON + 10, y) * 0.35)
    else:
        # the lake: the sky mirrored, darker, with a rippled band under the sun
        mirrored = sky(x, 2 * HORIZON - y)
        colour = mix(mirrored, (0.12, 0.18, 0.35), 0.35 + 0.25 * (y - HORIZON) / (HEIGHT - HORIZON))
        ripple = 0.5 + 0.5 * math.sin(y * 1.9 + math.sin(x / 7.0) * 1.5)
        band = math.exp(-((x - SUN_X) / 10.0) ** 2) * ripple * math.exp(-(y - HORIZON) / 30.0)
        colour = mix(colour, SUN, band * 0.8)
    height, tone = NEAR
    if y > height(x):
        shade = smoothstep(height(x), HEIGHT, y)
        colour = mix(tone, (0.06, 0.14, 0.10), shade)
    return colour


def render(scale):
    width, height = int(WIDTH * scale), int(HEIGHT * scale)
    offsets = (0.25, 0.75)
    rows = []
    for py in range(height):
        row = bytearray([0])  # filter type 0 (none) for each row
        for px in range(width):
            r = g = b = 0.0
            for oy in offsets:
                for ox in offsets:
                    c = colour_at((px + ox) / scale, (py + oy) / scale)
                    r, g, b = r + c[0], g + c[1], b + c[2]
            row += bytes(min(255, max(0, round(v / 4 * 255))) for v in (r, g, b))
        rows.append(bytes(row))
    return width, height, b"".join(rows)


def png(width, height, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_photo_png.py OUTPUT_FOLDER")
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    for scale, name in ((1, "photo.png"), (2, "photo@2x.png")):
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(png(*render(scale)))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
