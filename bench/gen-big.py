#!/usr/bin/env python3
"""Generate a large QF_BVFP script for the reader benchmark (bench/read-speed.sh).

    bench/gen-big.py [MEGABYTES] [SEED] > big.smt2

Many declarations (Float32, Float64, 32- and 64-bit vectors, interleaved
with the assertions that use them), assertions with nested lets, FP
arithmetic under all rounding modes, conversions, extracts, (fp ...)
literals, to_fp of decimals drawn from a pool of 1000 values, and
comparisons.  No check-sat: the benchmark measures reading only.
Deterministic for a given seed.
"""
import random
import sys

target = int(float(sys.argv[1]) * 1e6) if len(sys.argv) > 1 else 30_000_000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
RMS = ["RNE", "RNA", "RTP", "RTN", "RTZ"]
FMT = {32: (8, 24), 64: (11, 53)}
decimals = ["%d.%d" % (rng.randrange(0, 100000), rng.randrange(0, 10**6)) for _ in range(1000)]
out = sys.stdout
out.write("(set-info :smt-lib-version 2.6)\n(set-logic QF_BVFP)\n")
written = 0
fvars = {32: [], 64: []}
bvars = {32: [], 64: []}
n = 0


def declare(kind, width):
    global n, written
    n += 1
    name = "%s%d_%d" % (kind, width, n)
    if kind == "f":
        eb, sb = FMT[width]
        line = "(declare-fun %s () (_ FloatingPoint %d %d))\n" % (name, eb, sb)
        fvars[width].append(name)
    else:
        line = "(declare-fun %s () (_ BitVec %d))\n" % (name, width)
        bvars[width].append(name)
    out.write(line)
    written += len(line)
    return name


def fvar(w):
    vs = fvars[w]
    # mostly recent variables, sometimes old ones (long-range sharing)
    return vs[-1 - min(len(vs) - 1, int(rng.expovariate(0.3)))] if rng.random() < 0.9 else rng.choice(vs)


def bvar(w):
    vs = bvars[w]
    return vs[-1 - min(len(vs) - 1, int(rng.expovariate(0.3)))]


def fp_literal(w):
    eb, sb = FMT[w]
    return "(fp #b%d #b%s #b%s)" % (rng.randrange(2),
                                   "".join(rng.choice("01") for _ in range(eb)),
                                   "".join(rng.choice("01") for _ in range(sb - 1)))


def fp_atom(w, lets):
    r = rng.random()
    if lets and r < 0.4:
        return rng.choice(lets)
    if r < 0.75:
        return fvar(w)
    if r < 0.85:
        return fp_literal(w)
    eb, sb = FMT[w]
    if r < 0.95:
        return "((_ to_fp %d %d) %s %s)" % (eb, sb, rng.choice(RMS), rng.choice(decimals))
    return "((_ to_fp %d %d) %s %s)" % (eb, sb, rng.choice(RMS), bvar(w))


def fp_term(w, lets, depth):
    if depth == 0:
        return fp_atom(w, lets)
    r = rng.random()
    a = fp_term(w, lets, depth - 1)
    b = fp_term(w, lets, depth - 1)
    rm = rng.choice(RMS)
    if r < 0.6:
        op = rng.choice(["fp.add", "fp.sub", "fp.mul", "fp.div"])
        return "(%s %s %s %s)" % (op, rm, a, b)
    if r < 0.7:
        return "(fp.fma %s %s %s %s)" % (rm, a, b, fp_atom(w, lets))
    if r < 0.8:
        return "(fp.sqrt %s %s)" % (rm, a)
    if r < 0.9:
        return "(%s %s %s)" % (rng.choice(["fp.min", "fp.max", "fp.rem"]), a, b)
    other = 64 if w == 32 else 32
    eb, sb = FMT[w]
    return "((_ to_fp %d %d) %s %s)" % (eb, sb, rm, fp_term(other, [], 0))


def bool_term(w, lets):
    r = rng.random()
    a = fp_term(w, lets, 1)
    if r < 0.5:
        return "(%s %s %s)" % (rng.choice(["fp.lt", "fp.leq", "fp.gt", "fp.geq", "fp.eq"]), a, fp_term(w, lets, 1))
    if r < 0.65:
        return "(%s %s)" % (rng.choice(["fp.isNaN", "fp.isInfinite", "fp.isZero", "fp.isNormal",
                                         "fp.isSubnormal", "fp.isNegative", "fp.isPositive"]), a)
    if r < 0.8:
        return "(= ((_ fp.to_sbv %d) %s %s) %s)" % (w, rng.choice(RMS), a, bvar(w))
    hi = rng.randrange(1, w)
    lo = rng.randrange(0, hi)
    x = bvar(w)
    return "(bvult ((_ extract %d %d) %s) ((_ extract %d %d) (bvadd %s #x%0*x)))" % (
        hi, lo, x, hi, lo, bvar(w), w // 4, rng.getrandbits(w))


while written < target:
    for w in (32, 64):
        for _ in range(2):
            declare("f", w)
        declare("b", w)
    w = rng.choice((32, 64))
    lets1 = ["?a%d" % i for i in range(rng.randrange(1, 4))]
    binds1 = " ".join("(%s %s)" % (v, fp_term(w, [], 1)) for v in lets1)
    lets2 = ["?c%d" % i for i in range(rng.randrange(1, 3))]
    binds2 = " ".join("(%s %s)" % (v, fp_term(w, lets1, 1)) for v in lets2)
    body = " ".join(bool_term(w, lets1 + lets2) for _ in range(rng.randrange(2, 5)))
    line = "(assert (let (%s) (let (%s) (%s %s))))\n" % (
        binds1, binds2, rng.choice(["or", "and"]), body)
    out.write(line)
    written += len(line)
