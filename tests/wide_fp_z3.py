#!/usr/bin/env python3
"""Differential test of ferret against z3 on floating-point formats wider
than 128 bits ((_ FloatingPoint 19 237), (11 200), (5 300)).

Random terms over every FP operator, rounding mode and conversion (to and
from bit-vectors of 8..300 bits, other formats narrow and wide, Real
literals) are evaluated under one assignment by both solvers (the
variables defined as constants, so the answer is the evaluator's); the
values of the terms (get-value) must be the same bits.  Cases SMT-LIB
leaves unspecified are kept out by the terms themselves (fp.to_ubv/to_sbv
only of values in range, fp.min/fp.max not of two zeros).
Usage: wide_fp_z3.py FERRET [ROUNDS [SEED]].  Exit 1 on any disagreement.
"""
import random
import re
import subprocess
import sys
import tempfile

FERRET = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 20
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

FORMATS = [(19, 237), (11, 200), (5, 300), (15, 113)]
RMS = ["RNE", "RNA", "RTP", "RTN", "RTZ"]


def sort(f):
    return "(_ FloatingPoint %d %d)" % f


def pattern(f):
    """A random value of format f as (fp s e m), biased to the edges."""
    eb, sb = f
    ones, bias = (1 << eb) - 1, (1 << (eb - 1)) - 1
    k = rng.randrange(6)
    e = [0, ones, bias, bias + rng.randrange(-8, 9), rng.randrange(ones + 1),
         rng.randrange(ones)][k]
    k = rng.randrange(4)
    m = [0, (1 << (sb - 1)) - 1, rng.getrandbits(sb - 1),
         rng.getrandbits(8) << (sb - 9)][k]
    if e == ones and rng.random() < 0.7:
        e = bias
    return "(fp #b%d #b%s #b%s)" % (rng.randrange(2), format(e, "0%db" % eb),
                                   format(m, "0%db" % (sb - 1)))


def rm():
    return rng.choice(RMS)


def leaf(f, vars_):
    k = rng.randrange(8)
    same = [n for n, vf in vars_.items() if vf == f]
    if k < 4 and same:
        return rng.choice(same)
    if k == 4:
        return "((_ to_fp %d %d) %s %s%d.%d)" % (f + (rm(), rng.choice(["", "-"]),
                                                       rng.randrange(10 ** 6), rng.randrange(10 ** 9)))
    if k == 5:
        w = rng.choice([8, 64, 100, 129, 200, 300])
        op = rng.choice(["to_fp", "to_fp_unsigned"])
        return "((_ %s %d %d) %s #b%s)" % ((op,) + f + (rm(), format(rng.getrandbits(w), "0%db" % w)))
    if k == 6:
        g = rng.choice(FORMATS + [(11, 53), (8, 24)])
        return "((_ to_fp %d %d) %s %s)" % (f + (rm(), pattern(g)))
    return pattern(f)


def term(f, vars_, depth):
    if depth == 0 or rng.random() < 0.2:
        return leaf(f, vars_)
    a = lambda: term(f, vars_, depth - 1)  # noqa: E731
    k = rng.randrange(12)
    if k < 4:
        return "(%s %s %s %s)" % (["fp.add", "fp.sub", "fp.mul", "fp.div"][k], rm(), a(), a())
    if k == 4:
        return "(fp.fma %s %s %s %s)" % (rm(), a(), a(), a())
    if k == 5:
        return "(fp.sqrt %s %s)" % (rm(), a())
    if k == 6:
        return "(fp.rem %s %s)" % (a(), a())
    if k == 7:
        return "(fp.roundToIntegral %s %s)" % (rm(), a())
    if k == 8:
        x, y = a(), a()
        return "(ite (and (fp.isZero %s) (fp.isZero %s)) %s (%s %s %s))" % (
            x, y, x, rng.choice(["fp.min", "fp.max"]), x, y)
    if k == 9:
        return "(%s %s)" % (rng.choice(["fp.abs", "fp.neg"]), a())
    if k == 10:  # through another format and back
        g = rng.choice(FORMATS + [(11, 53)])
        return "((_ to_fp %d %d) %s ((_ to_fp %d %d) %s %s))" % (f + (rm(),) + g + (rm(), a()))
    return "(ite %s %s %s)" % (pred(f, vars_, depth - 1), a(), a())


def pred(f, vars_, depth):
    if rng.random() < 0.3:
        return "(%s %s)" % (rng.choice(["fp.isNormal", "fp.isSubnormal", "fp.isZero",
                                        "fp.isInfinite", "fp.isNaN", "fp.isNegative",
                                        "fp.isPositive"]), term(f, vars_, depth))
    return "(%s %s %s)" % (rng.choice(["fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq", "="]),
                           term(f, vars_, depth), term(f, vars_, depth))


def bvterm(f, vars_, depth):
    """fp.to_ubv / fp.to_sbv of a value kept in range: |t| < 2^(w-2)."""
    w = rng.choice([16, 100, 200, 300])
    t = term(f, vars_, depth)
    bound = "((_ to_fp %d %d) RNE %d.0)" % (f + (1 << (w - 2),))
    op = rng.choice(["fp.to_ubv", "fp.to_sbv"])
    arg = "(fp.abs %s)" % t if op == "fp.to_ubv" else t
    return "(ite (fp.lt (fp.abs %s) %s) ((_ %s %d) %s %s) (_ bv0 %d))" % (
        t, bound, op, w, rm(), arg, w), w


def run(cmd, text, timeout=60):
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as fh:
        fh.write(text)
        name = fh.name
    try:
        return subprocess.run(cmd + [name], capture_output=True, text=True,
                              timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return "timeout"


TOKEN = re.compile(r"\(fp (#[bx][0-9a-fA-F]+) (#[bx][0-9a-fA-F]+) (#[bx][0-9a-fA-F]+)\)"
                   r"|\(_ (\+zero|-zero|\+oo|-oo|NaN) \d+ \d+\)"
                   r"|#x[0-9a-fA-F]+|#b[01]+|\btrue\b|\bfalse\b")


def num(s):
    return int(s[2:], 16) if s[1] == "x" else int(s[2:], 2)


def values(out):
    res = []
    for m in TOKEN.finditer(out):
        if m.group(1):
            res.append(("fp", num(m.group(1)), num(m.group(2)), num(m.group(3))))
        elif m.group(4):
            res.append(("special", m.group(4)))
        else:
            s = m.group(0)
            res.append(s if s in ("true", "false") else num(s))
    return res


def canon(v, f):
    """fp triples with all-ones exponents as the special they denote;
    zeros likewise."""
    if isinstance(v, tuple) and v[0] == "fp":
        _, s, e, m = v
        if e == (1 << f[0]) - 1:
            return ("special", "NaN" if m else ("-oo" if s else "+oo"))
        if e == 0 and m == 0:
            return ("special", "-zero" if s else "+zero")
    return v


bad = 0
agree = 0
for rnd in range(ROUNDS):
    f = rng.choice(FORMATS[:3])
    vars_ = {"x": f, "y": f, "z": f}
    defs = "".join("(define-fun %s () %s %s)\n" % (n, sort(vf), pattern(vf))
                   for n, vf in vars_.items())
    terms, sorts = [], []
    for i in range(6):
        k = rng.randrange(6)
        if k < 3:
            terms.append(term(f, vars_, 3))
            sorts.append(sort(f))
        elif k < 5:
            terms.append(pred(f, vars_, 2))
            sorts.append("Bool")
        else:
            t, w = bvterm(f, vars_, 2)
            terms.append(t)
            sorts.append("(_ BitVec %d)" % w)
    tdefs = "".join("(define-fun t%d () %s %s)\n" % (i, s, t)
                    for i, (s, t) in enumerate(zip(sorts, terms)))
    q = ("(set-logic QF_BVFP)\n(set-option :produce-models true)\n" + defs + tdefs
         + "(check-sat)\n(get-value (%s))\n" % " ".join("t%d" % i for i in range(len(terms))))
    zo, fo = run(["z3", "-T:60"], q), run([FERRET, "--timeout", "60"], q)
    zv = [canon(v, f) for v in values(zo)]
    fv = [canon(v, f) for v in values(fo)]
    if not zo.startswith("sat") or len(zv) != len(terms):
        print("round %d: z3 did not answer the values: %s" % (rnd, zo[:300]))
        continue
    if not fo.startswith("sat") or zv != fv:
        bad += 1
        print("round %d: values differ\nquery:\n%s\nz3: %s\nferret: %s" % (rnd, q, zo, fo))
    else:
        agree += len(terms)
# 2. the search: random constraints over wide variables; a sat answer's
# model is read back by z3 (the variables defined as its values), an
# unsat answer must be z3's too.
sats = unsats = unknowns = 0
MODEL = re.compile(r"\(define-fun (\w+) \(\) (\(_ FloatingPoint \d+ \d+\)|RoundingMode) (.*)\)\s*$")
for rnd in range(ROUNDS // 2):
    f = rng.choice(FORMATS[:3])
    vars_ = {"x": f, "y": f}
    decl = "".join("(declare-const %s %s)\n" % (n, sort(vf)) for n, vf in vars_.items())
    body = "".join("(assert %s)\n" % pred(f, vars_, 2) for _ in range(rng.randrange(1, 3)))
    q = "(set-logic QF_FP)\n" + decl + body + "(check-sat)\n"
    fo = run([FERRET, "--timeout", "3", "--model"], q)
    first = fo.split("\n")[0].strip()
    if first == "sat":
        sats += 1
        defs = {}
        for line in fo.split("\n")[1:]:
            m = MODEL.match(line.strip())
            if m:
                defs[m.group(1)] = (m.group(2), m.group(3))
        for n, vf in vars_.items():  # a variable the formula lost may be absent
            defs.setdefault(n, (sort(vf), "(_ +zero %d %d)" % vf))
        chk = "(set-logic QF_FP)\n" + "".join(
            "(define-fun %s () %s %s)\n" % (n, s_, v) for n, (s_, v) in defs.items()) + body + "(check-sat)\n"
        z = run(["z3", "-T:60"], chk).strip()
        if z != "sat":
            bad += 1
            print("search round %d: z3 rejects ferret's model (%s)\n%s%s" % (rnd, z, q, fo))
    elif first == "unsat":
        unsats += 1
        z = run(["z3", "-T:60"], q).strip()
        if z == "sat":
            bad += 1
            print("search round %d: ferret unsat, z3 sat\n%s" % (rnd, q))
    else:
        unknowns += 1
print("wide_fp_z3: %d rounds, %d term values agree; search: sat %d (models confirmed by z3), "
      "unsat %d, unknown %d; %d disagreements" % (ROUNDS, agree, sats, unsats, unknowns, bad))
sys.exit(1 if bad else 0)
