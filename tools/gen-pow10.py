#!/usr/bin/env python3
"""Print the table of src/base/dtoa.c: for q = -348, -340, ..., 340, the
power 10^q as f * 2^e with f a 64-bit integer whose top bit is set, f the
nearest such integer (ties up), exact by Python's integers.

    python3 tools/gen-pow10.py
"""


def nearest(num, den):
    """round(num / den), ties up."""
    return (2 * num + den) // (2 * den)


def power(q):
    if q >= 0:
        num, den = 10 ** q, 1
    else:
        num, den = 1, 10 ** -q
    # the shift s with 2^63 <= num * 2^s / den < 2^64
    s = 63 - (num.bit_length() - den.bit_length())
    while True:
        n, d = (num << s, den) if s >= 0 else (num, den << -s)
        if n >= d << 64:
            s -= 1
        elif n < d << 63:
            s += 1
        else:
            break
    f = nearest(n, d)
    if f == 1 << 64:  # rounded up out of range
        f, s = 1 << 63, s - 1
    return f, -s


rows = ["{0x%016xull, %d}" % power(q) for q in range(-348, 341, 8)]
for i in range(0, len(rows), 3):
    print("    " + ", ".join(rows[i:i + 3]) + ",")
