#!/usr/bin/env python3
"""SymCC's simple runtime only logs the models it finds ("Found diverging
input:" and one "stdinN -> #xHH" line per input byte); it writes no input
file.  This turns each logged model into an input, as the QSYM and ferret
runtimes write theirs: the current input with the model's bytes in place
(bytes past its end are zeros).

    simple-inputs.py LOG INPUT OUT_DIR      writes OUT_DIR/000000, 000001, ...
"""
import os
import re
import sys

BYTE = re.compile(r"^\s*stdin(\d+) -> #x([0-9a-fA-F]{2})\s*$")


def write_models(log, input_file, out):
    """Writes the models logged in LOG as inputs into OUT (bench/symcc/drive.py calls this)."""
    with open(input_file, "rb") as f:
        base = f.read()
    models, current = [], None
    if not os.path.exists(log):
        return
    with open(log, errors="replace") as f:
        for line in f:
            if line.startswith("Found diverging input"):
                current = {}
                models.append(current)
                continue
            m = BYTE.match(line) if current is not None else None
            if m:
                current[int(m.group(1))] = int(m.group(2), 16)
            else:
                current = None
    written = set()
    for model in models:
        data = bytearray(base)
        for offset, value in model.items():
            if offset >= len(data):
                data.extend(b"\0" * (offset + 1 - len(data)))
            data[offset] = value
        data = bytes(data)
        if data == base or data in written:
            continue
        with open("%s/%06d" % (out, len(written)), "wb") as f:
            f.write(data)
        written.add(data)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    write_models(*sys.argv[1:])


if __name__ == "__main__":
    main()
