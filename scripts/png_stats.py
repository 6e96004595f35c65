#!/usr/bin/env python3
"""Prints how much of a PNG is white (the widgets' cards) and how many colours
it has; exits 1 when the screenshot is blank or shows no widget. Standard
library only: PNG is zlib-compressed scanlines with a filter byte each."""
import struct, sys, zlib

def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "expects 8-bit RGB or RGBA"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    previous, rows = bytearray(stride), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + left) & 255
            elif kind == 2: line[x] = (line[x] + up) & 255
            elif kind == 3: line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return [tuple(row[x:x + 3]) for row in rows for x in range(0, stride, channels)]

all_pixels = pixels(sys.argv[1])
white = sum(1 for p in all_pixels if min(p) >= 250) / len(all_pixels)
colours = len(set(all_pixels))
print(f"{len(all_pixels)} pixels, {colours} colours, {white:.1%} white")
sys.exit(0 if colours > 50 and white >= 0.05 else 1)
