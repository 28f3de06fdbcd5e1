#!/usr/bin/env python3
"""Writes the seed inputs of the SymCC benchmark (bench/symcc-explore.sh):
OUT_DIR/NAME/* for NAME in jhead, libpng, jq-json, stb-image.  Every seed is
built here from the file formats' definitions (no file of the programs'
own test suites), small so that an execution stays short.

    bench/symcc/seeds.py OUT_DIR
"""
import os
import struct
import sys
import zlib


def png(width, height, colour_type, depth, rows, extra=b""):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    raw = b"".join(b"\0" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def exif_jpeg():
    """A JPEG header with an EXIF block (little-endian TIFF) holding the
    rationals jhead turns into doubles: exposure time, f-number, focal
    length, exposure bias, subject distance; then a frame header, a scan
    header and the end marker (no image data: jhead reads metadata only)."""
    entries = [  # tag, type, count, value (rationals: numerator, denominator)
        (0x829A, 5, 1, (1, 60)),       # ExposureTime
        (0x829D, 5, 1, (28, 10)),      # FNumber
        (0x9204, 10, 1, (-1, 3)),      # ExposureBiasValue (signed)
        (0x9206, 5, 1, (150, 100)),    # SubjectDistance
        (0x920A, 5, 1, (55, 10)),      # FocalLength
        (0x8827, 3, 1, 200),           # ISO speed
        (0x9209, 3, 1, 0x19),          # Flash
    ]
    sub_at = 8 + 2 + 12 + 4            # after IFD0 (one entry: ExifOffset)
    data_at = sub_at + 2 + 12 * len(entries) + 4
    sub = struct.pack("<H", len(entries))
    data = b""
    for tag, kind, count, value in entries:
        if kind in (5, 10):
            sub += struct.pack("<HHII", tag, kind, count, data_at + len(data))
            data += struct.pack("<ii" if kind == 10 else "<II", *value)
        else:
            sub += struct.pack("<HHIHH", tag, kind, count, value, 0)
    sub += struct.pack("<I", 0)
    ifd0 = struct.pack("<H", 1) + struct.pack("<HHII", 0x8769, 4, 1, sub_at) + struct.pack("<I", 0)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd0 + sub + data
    app1 = b"Exif\0\0" + tiff
    sof = struct.pack(">BHHB", 8, 16, 24, 1) + bytes([1, 0x11, 0])
    sos = struct.pack(">B", 1) + bytes([1, 0]) + bytes([0, 63, 0])
    seg = lambda marker, body: bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    return b"\xff\xd8" + seg(0xE1, app1) + seg(0xC0, sof) + seg(0xDA, sos) + b"\x00\x00\xff\xd9"


def bmp():
    width, height = 2, 2
    rows = b"".join(bytes([10 * y, 20 * x, 30, 0, 0, 0][:3 * width]) + b"\0\0" for y in range(height) for x in [1])
    header = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(header) + len(rows), 0, 0, 14 + len(header)) + header + rows


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    grey = png(4, 2, 0, 8, [bytes([0, 64, 128, 255]), bytes([255, 128, 64, 0])],
               png_chunk(b"gAMA", struct.pack(">I", 45455)))
    palette = png(2, 2, 3, 2, [b"\x10", b"\x20"],
                  png_chunk(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0])) +
                  png_chunk(b"tRNS", b"\x80"))
    rgba = png(1, 1, 6, 8, [b"\x01\x02\x03\x04"])
    seeds = {
        "jhead": {"exif.jpg": exif_jpeg()},
        "libpng": {"grey.png": grey, "palette.png": palette},
        "jq-json": {"numbers.json": b'[1.5, -0.25e3, 12345678901234567890, 5e-324, {"a": 0.1}]\n',
                    "text.json": b'{"name": "x\\u00e9", "list": [true, null, 7]}\n'},
        "stb-image": {"rgba.png": rgba, "image.bmp": bmp(),
                      "image.ppm": b"P6\n2 1\n255\n\x01\x02\x03\x04\x05\x06"},
    }
    for name, files in seeds.items():
        os.makedirs(os.path.join(out, name), exist_ok=True)
        for file, data in files.items():
            with open(os.path.join(out, name, file), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
