#!/usr/bin/env python3
"""Differential test of ferret against z3 on bit-vectors of 129..600 bits.

Random terms over every QF_BV operator at wide widths:
  1. values: the same random assignment is given to both solvers and the
     values of the terms are compared (get-value), which checks ferret's
     evaluator on every operator against z3;
  2. models: random predicates over such terms; a sat answer of ferret is
     read back by z3 (its model asserted as equalities must be sat), an
     unsat answer of ferret must be z3's too, and z3's model given to
     ferret must be accepted.
Usage: wide_z3.py FERRET [ROUNDS [SEED]].  Prints one line per
disagreement and a summary; exit 1 on any disagreement.
"""
import random
import re
import subprocess
import sys
import tempfile

FERRET = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 40
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

BIN = ["bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem",
       "bvsmod", "bvshl", "bvlshr", "bvashr", "bvand", "bvor", "bvxor",
       "bvnand", "bvnor", "bvxnor"]
UN = ["bvnot", "bvneg"]
PRED = ["bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt",
        "bvsge", "=", "distinct"]


def const(w, v):
    return "(_ bv%d %d)" % (v % (1 << w), w)


def value(w):
    k = rng.randrange(6)
    if k == 0:
        return 0
    if k == 1:
        return (1 << w) - 1
    if k == 2:
        return 1 << rng.randrange(w)
    if k == 3:
        return rng.randrange(20)
    if k == 4:
        return (1 << (w - 1)) + rng.randrange(3) - 1 if w > 2 else 1
    return rng.getrandbits(rng.randrange(1, w + 1))


def term(w, vars_, depth):
    """A random term of width w over vars_ (name -> width)."""
    same = [n for n, vw in vars_.items() if vw == w]
    if depth == 0 or rng.random() < 0.2:
        if same and rng.random() < 0.8:
            return rng.choice(same)
        return const(w, value(w))
    k = rng.randrange(10)
    if k < 5:
        return "(%s %s %s)" % (rng.choice(BIN), term(w, vars_, depth - 1),
                               term(w, vars_, depth - 1))
    if k == 5:
        return "(%s %s)" % (rng.choice(UN), term(w, vars_, depth - 1))
    if k == 6:
        r = rng.randrange(3 * w)
        return "((_ %s %d) %s)" % (rng.choice(["rotate_left", "rotate_right"]),
                                   r, term(w, vars_, depth - 1))
    if k == 7:  # concat of two parts, or an extract of something wider
        if w > 2 and rng.random() < 0.5:
            hi = rng.randrange(1, w)
            return "(concat %s %s)" % (term(hi, vars_, depth - 1),
                                      term(w - hi, vars_, depth - 1))
        wide = w + rng.randrange(1, 200)
        lo = rng.randrange(wide - w + 1)
        return "((_ extract %d %d) %s)" % (lo + w - 1, lo,
                                           term(wide, vars_, depth - 1))
    if k == 8:  # extensions and repeat of something narrower
        n = rng.randrange(1, w)
        if rng.random() < 0.2 and w % n == 0 and w // n > 1:
            return "((_ repeat %d) %s)" % (w // n, term(n, vars_, depth - 1))
        ext = rng.choice(["zero_extend", "sign_extend"])
        return "((_ %s %d) %s)" % (ext, w - n, term(n, vars_, depth - 1))
    # ite on a predicate or bvcomp
    c = pred(w, vars_, depth - 1)
    return "(ite %s %s %s)" % (c, term(w, vars_, depth - 1),
                               term(w, vars_, depth - 1))


def pred(w, vars_, depth):
    if rng.random() < 0.15:
        return "(= (bvcomp %s %s) #b1)" % (term(w, vars_, depth),
                                            term(w, vars_, depth))
    return "(%s %s %s)" % (rng.choice(PRED), term(w, vars_, depth),
                           term(w, vars_, depth))


def run(cmd, text, timeout=30):
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write(text)
        name = f.name
    try:
        p = subprocess.run(cmd + [name], capture_output=True, text=True,
                           timeout=timeout)
        return p.stdout
    except subprocess.TimeoutExpired:
        return "timeout"


def values(out):
    """Every #x/#b literal or true/false of a get-value/get-model answer,
    by the text before it (the term or the name)."""
    res = []
    for m in re.finditer(r"#x[0-9a-fA-F]+|#b[01]+|\btrue\b|\bfalse\b", out):
        s = m.group(0)
        if s in ("true", "false"):
            res.append(s)
        elif s[1] == "x":
            res.append(int(s[2:], 16))
        else:
            res.append(int(s[2:], 2))
    return res


def model(out, names):
    """name -> integer from a get-model answer (z3's or ferret's)."""
    res = {}
    for n in names:
        m = re.search(r"define-fun %s \(\) \(_ BitVec \d+\)\s+(#x[0-9a-fA-F]+|#b[01]+)"
                      % re.escape(n), out)
        if m:
            s = m.group(1)
            res[n] = int(s[2:], 16) if s[1] == "x" else int(s[2:], 2)
    return res


def decls(vars_):
    return "".join("(declare-const %s (_ BitVec %d))\n" % (n, w)
                   for n, w in vars_.items())


def fixed(vars_, vals):
    return "".join("(assert (= %s %s))\n" % (n, const(vars_[n], vals[n]))
                   for n in vars_)


bad = 0
stats = {"values": 0, "sat": 0, "unsat": 0, "unknown": 0, "z3-model": 0}
for rnd in range(ROUNDS):
    w = rng.randrange(129, 601)
    vars_ = {"x": w, "y": w}
    if rng.random() < 0.5:
        vars_["z"] = rng.randrange(129, 601)
    # 1. values under one assignment
    vals = {n: value(vw) for n, vw in vars_.items()}
    terms = [term(w, vars_, 3) for _ in range(4)] + [pred(w, vars_, 2)]
    defs = "".join("(define-fun t%d () %s %s)\n"
                   % (i, "(_ BitVec %d)" % w if i < 4 else "Bool", t)
                   for i, t in enumerate(terms))
    q = ("(set-logic QF_BV)\n(set-option :produce-models true)\n" + decls(vars_) + defs
         + fixed(vars_, vals) + "(check-sat)\n(get-value (%s))\n"
         % " ".join("t%d" % i for i in range(len(terms))))
    zo, fo = run(["z3", "-T:20"], q), run([FERRET, "--timeout", "20"], q)
    zv, fv = values(zo), values(fo)
    if not zo.startswith("sat") or len(zv) != len(terms):
        print("round %d: z3 did not answer the values: %s" % (rnd, zo[:200]))
        continue
    if not fo.startswith("sat") or zv != fv:
        bad += 1
        print("round %d: values differ\nquery:\n%s\nz3: %s\nferret: %s" % (rnd, q, zo, fo))
    else:
        stats["values"] += len(terms)
    # 2. models of random predicates
    body = "".join("(assert %s)\n" % pred(w, vars_, 2)
                   for _ in range(rng.randrange(1, 4)))
    q = "(set-logic QF_BV)\n(set-option :produce-models true)\n" + decls(vars_) + body
    fo = run([FERRET, "--timeout", "2", "--model"], q + "(check-sat)\n")
    zo = run(["z3", "-T:20"], q + "(check-sat)\n(get-model)\n")
    z = zo.split("\n")[0].strip()
    f = fo.split("\n")[0].strip()
    if f == "sat":
        m = model(fo, vars_)
        if len(m) != len(vars_):
            bad += 1
            print("round %d: ferret's model misses variables:\n%s" % (rnd, fo))
            continue
        chk = run(["z3", "-T:20"], "(set-logic QF_BV)\n" + decls(vars_) + fixed(vars_, m)
                  + body + "(check-sat)\n").strip()
        if chk != "sat":
            bad += 1
            print("round %d: z3 rejects ferret's model (%s)\n%s%s" % (rnd, chk, q, fo))
        stats["sat"] += 1
    elif f == "unsat":
        if z != "unsat":
            bad += 1
            print("round %d: ferret unsat, z3 %s\n%s" % (rnd, z, q))
        stats["unsat"] += 1
    else:
        stats["unknown"] += 1
    if z == "sat":  # z3's model must satisfy the formula for ferret too
        m = model(zo, vars_)
        for n in vars_:  # z3 leaves out variables it does not care about
            m.setdefault(n, 0)
        chk = run([FERRET, "--timeout", "20"], "(set-logic QF_BV)\n" + decls(vars_)
                  + fixed(vars_, m) + body + "(check-sat)\n").strip()
        if chk != "sat":
            bad += 1
            print("round %d: ferret rejects z3's model (%s)\n%s%s" % (rnd, chk, q, zo))
        stats["z3-model"] += 1
print("wide_z3: %d rounds, %d term values agree, ferret sat %d (models confirmed by z3), "
      "unsat %d, unknown %d, z3 models accepted %d, %d disagreements"
      % (ROUNDS, stats["values"], stats["sat"], stats["unsat"], stats["unknown"],
         stats["z3-model"], bad))
sys.exit(1 if bad else 0)
