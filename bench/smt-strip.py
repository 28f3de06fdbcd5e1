#!/usr/bin/env python3
"""Drop the commands that make a solver solve or answer from SMT-LIB files,
so that what remains measures reading and type checking only:

    bench/smt-strip.py FILE... > out.smt2

Each file's remaining commands are written followed by (reset), so many
files concatenate into one script.  Comments are dropped; strings and
|quoted symbols| are respected.
"""
import sys

DROP = {b"check-sat", b"check-sat-assuming", b"check-sat-using", b"get-model",
        b"get-value", b"get-assignment", b"get-unsat-core", b"get-proof",
        b"get-info", b"get-unsat-assumptions", b"get-assertions", b"exit",
        b"get-option", b"echo", b"set-option"}


def commands(data):
    """Yield the top-level commands of data (bytes) as byte strings."""
    i, n, depth, start = 0, len(data), 0, None
    while i < n:
        c = data[i]
        if c == 0x3B:  # ;
            j = data.find(b"\n", i)
            i = n if j < 0 else j + 1
            continue
        if c == 0x22 or c == 0x7C:  # " or |
            j = i + 1
            while j < n:
                if data[j] == c:
                    if c == 0x22 and j + 1 < n and data[j + 1] == 0x22:
                        j += 2
                        continue
                    break
                j += 1
            i = j + 1
            continue
        if c == 0x28:
            if depth == 0:
                start = i
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0 and start is not None:
                yield data[start:i + 1]
                start = None
        i += 1


out = sys.stdout.buffer
for path in sys.argv[1:]:
    with open(path, "rb") as fp:
        data = fp.read()
    for cmd in commands(data):
        name = cmd[1:].lstrip().split(None, 1)[0].rstrip(b")") if len(cmd) > 2 else b""
        if name in DROP:
            continue
        out.write(cmd)
        out.write(b"\n")
    out.write(b"(reset)\n")
