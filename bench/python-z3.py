#!/usr/bin/env /usr/bin/python3
"""A z3py script's formulas solved two ways: z3's own check, and ferret
through ferret.from_z3 (z3's SMT-LIB printer -> ferret's reader -> check ->
model back as z3 values).  Every ferret model is checked by z3 (the formula
with the model substituted simplifies to true).

    bench/python-z3.py [--count N] [--timeout S] [--seed K]

Needs Debian's python3-z3 (run with /usr/bin/python3).  Prints a line per
formula family and a total: formulas, answered sat by each, wrong models,
median and total seconds of each."""
import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

import z3  # noqa: E402

import ferret  # noqa: E402


def families(rnd):
    """name -> a function making one formula (a list of z3 Bool terms)."""
    F32, F64 = z3.Float32(), z3.Float64()

    def fp_sum():
        x, y = z3.FPs("x y", F32)
        c = z3.FPVal(rnd.uniform(-1e4, 1e4), F32)
        return [z3.fpAdd(z3.RNE(), x, y) == c, z3.fpLT(x, y), z3.fpIsNormal(x),
                z3.fpGT(y, z3.FPVal(rnd.uniform(0, 100), F32))]

    def fp_square():
        x, y = z3.FPs("x y", F64)
        c = z3.FPVal(rnd.uniform(1, 1e6), F64)
        return [z3.fpEQ(z3.fpAdd(z3.RNE(), z3.fpMul(z3.RNE(), x, x), y), c),
                z3.fpGT(x, z3.FPVal(1.0, F64)), z3.fpLT(y, z3.FPVal(1.0, F64)),
                z3.fpGT(y, z3.FPVal(-1.0, F64))]

    def bv_factor():
        a, b = z3.BitVecs("a b", 32)
        p, q = rnd.choice([3, 5, 7, 11, 13, 101, 251]), rnd.randint(1000, 60000)
        return [a * b == p * q, z3.UGT(a, 1), z3.UGT(b, 1), z3.ULT(a, 65536),
                z3.ULT(b, 65536)]

    def mixed():
        x = z3.FP("x", F32)
        k = z3.BitVec("k", 32)
        n = rnd.randint(-10 ** 6, 10 ** 6)
        return [z3.fpToSBV(z3.RTZ(), x, z3.BitVecSort(32)) == k, k == n,
                z3.fpGT(z3.fpMul(z3.RNE(), x, z3.FPVal(1.5, F32)),
                        z3.FPVal(float(n), F32)), z3.fpIsNormal(x)]

    return {"fp_sum": fp_sum, "fp_square": fp_square, "bv_factor": bv_factor,
            "mixed": mixed}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10, help="formulas per family")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--families", default="", help="comma-separated subset")
    ap.add_argument("--dump", default="", help="directory for models z3 rejects")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    fams = families(rnd)
    rows = []
    print("z3 %s, ferret %s (%s)" % (z3.get_version_string(), ferret.version(),
                                     ferret.library_path))
    print("| family | formulas | z3 sat | ferret sat | ferret wrong | z3 median s | "
          "ferret median s | z3 total s | ferret total s |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    tot = {"n": 0, "zs": 0, "fs": 0, "wrong": 0, "zt": [], "ft": []}
    for name, make in fams.items():
        if args.families and name not in args.families.split(","):
            for _ in range(args.count):  # the same formulas whatever the subset
                make()
            continue
        zt, ft, zs, fs, wrong = [], [], 0, 0, 0
        for _ in range(args.count):
            fs_ = make()
            s = z3.Solver()
            s.set("timeout", int(args.timeout * 1000))
            s.add(*fs_)
            t0 = time.perf_counter()
            zr = s.check()
            zt.append(time.perf_counter() - t0)
            zs += zr == z3.sat
            t0 = time.perf_counter()
            # the formulas, not the z3 Solver: once z3 gave up on a check,
            # the solver prints z3's internal bit-blasted assertions instead
            fr, m = ferret.from_z3(fs_, timeout=args.timeout, seed=1)
            ft.append(time.perf_counter() - t0)
            if fr == ferret.sat:
                fs += 1
                ok = all(z3.is_true(z3.simplify(z3.substitute(e, *[(c, m[c]) for c in m])))
                         for e in fs_)
                wrong += not ok
                if not ok and args.dump:
                    path = os.path.join(args.dump, "wrong-%s-%d.smt2" % (name, wrong))
                    with open(path, "w") as fh:
                        fh.write(s.to_smt2() + "\n; ferret's model\n; " +
                                 m.ferret.sexpr().replace("\n", "\n; ") + "\n")
                    print("  model rejected by z3: %s" % path, file=sys.stderr)
        print("| %s | %d | %d | %d | %d | %.4f | %.4f | %.2f | %.2f |" % (
            name, args.count, zs, fs, wrong, statistics.median(zt), statistics.median(ft),
            sum(zt), sum(ft)))
        tot["n"] += args.count
        tot["zs"] += zs
        tot["fs"] += fs
        tot["wrong"] += wrong
        tot["zt"] += zt
        tot["ft"] += ft
    print("| all | %d | %d | %d | %d | %.4f | %.4f | %.2f | %.2f |" % (
        tot["n"], tot["zs"], tot["fs"], tot["wrong"], statistics.median(tot["zt"]),
        statistics.median(tot["ft"]), sum(tot["zt"]), sum(tot["ft"])))


if __name__ == "__main__":
    main()
