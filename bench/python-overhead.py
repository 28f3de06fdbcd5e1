#!/usr/bin/env python3
"""Overhead of the Python layer (python/ferret) per query against the C API,
on two query streams built the same way on both sides (see
bench/python-overhead.c): push/pop (push, assert, check, value, pop) and
concolic (solve a == c under a path constraint, read the input).

    bench/python-overhead.py [--queries N] [--rounds R]

Builds the C side against build/libferret.a, then runs C, Python and the
same calls through bare ctypes (the floor of any ctypes layer) in turn R
times and prints, per stream, the median microseconds per query of each and
their ratios to C."""
import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

import ferret  # noqa: E402
from ferret import (BitVec, Concolic, Context, Solver, ULT, sat)  # noqa: E402


def py_pushpop(q):
    ctx = Context()
    x = BitVec("x", 32, ctx)
    s = Solver(ctx)
    t0 = time.perf_counter()
    for i in range(q):
        k = i % 101
        s.push()
        s.add(x + k == k * 7 % 101)
        if s.check() != sat:
            raise SystemExit("pushpop: not sat")
        s.model()[x]
        s.pop()
    return (time.perf_counter() - t0) / q * 1e6


def py_concolic(q):
    ctx = Context()
    a, b = BitVec("a", 32, ctx), BitVec("b", 16, ctx)
    cc = Concolic(bytes([1, 0, 0, 0, 5, 0, 0, 0]), ctx)
    cc.bind(a, 0)
    cc.bind(b, 4)
    cc.notify(ULT(b, 100))
    t0 = time.perf_counter()
    for i in range(q):
        if cc.solve(a == (i % 101) * 1000) != sat:
            raise SystemExit("concolic: not sat")
        cc.input()
    return (time.perf_counter() - t0) / q * 1e6


def raw_pushpop(q):
    """The same calls through bare ctypes: the floor of any ctypes layer."""
    from ferret._lib import lib, term_t
    ctx = Context()
    x = BitVec("x", 32, ctx)
    p, sid, xid = ctx._p, x._sort_id(), x.id
    arr2 = term_t * 2
    limbs = (ctypes.c_uint64 * 1)()
    t0 = time.perf_counter()
    for i in range(q):
        k = i % 101
        lib.ferret_push(p, 1)
        s = lib.ferret_mk_term(p, 30, arr2(xid, lib.ferret_mk_bits64(p, sid, k)), 2, None, 0)
        e = lib.ferret_mk_term(p, 11, arr2(s, lib.ferret_mk_bits64(p, sid, k * 7 % 101)), 2,
                               None, 0)
        lib.ferret_assert(p, e)
        if lib.ferret_check_sat(p) != 10:
            raise SystemExit("pushpop: not sat")
        lib.ferret_get_value(p, xid, limbs, 1, None)
        lib.ferret_pop(p, 1)
    return (time.perf_counter() - t0) / q * 1e6


def raw_concolic(q):
    from ferret._lib import lib, term_t
    ctx = Context()
    a, b = BitVec("a", 32, ctx), BitVec("b", 16, ctx)
    cc = Concolic(bytes([1, 0, 0, 0, 5, 0, 0, 0]), ctx)
    cc.bind(a, 0)
    cc.bind(b, 4)
    cc.notify(ULT(b, 100))
    p, cp, sid, aid = ctx._p, cc._p, a._sort_id(), a.id
    arr2 = term_t * 2
    t0 = time.perf_counter()
    for i in range(q):
        c = lib.ferret_mk_bits64(p, sid, (i % 101) * 1000)
        if lib.ferret_concolic_solve(cp, lib.ferret_mk_term(p, 11, arr2(aid, c), 2, None, 0)) != 10:
            raise SystemExit("concolic: not sat")
        ctypes.string_at(lib.ferret_concolic_input(cp), 8)
    return (time.perf_counter() - t0) / q * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--queries", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    exe = os.path.join(ROOT, "build", "python-overhead")
    subprocess.check_call(["make", "-s", "-C", ROOT, "build/libferret.a"])
    subprocess.check_call(["cc", "-O2", "-I" + os.path.join(ROOT, "include"),
                           os.path.join(ROOT, "bench", "python-overhead.c"),
                           os.path.join(ROOT, "build", "libferret.a"), "-lm", "-lpthread",
                           "-o", exe])
    assert ferret.KIND["BVADD"] == 30 and ferret.KIND["EQ"] == 11
    res = {"pushpop": ([], [], []), "concolic": ([], [], [])}
    for r in range(args.rounds):
        out = subprocess.check_output([exe, str(args.queries)], text=True)
        for line in out.splitlines():
            name, us = line.split()
            res[name][0].append(float(us))
        res["pushpop"][1].append(py_pushpop(args.queries))
        res["concolic"][1].append(py_concolic(args.queries))
        res["pushpop"][2].append(raw_pushpop(args.queries))
        res["concolic"][2].append(raw_concolic(args.queries))
    print("python %s, library %s, %d queries x %d rounds" % (
        sys.version.split()[0], ferret.library_path, args.queries, args.rounds))
    print("| stream | C us/query | Python us/query | Python / C | bare ctypes us/query | "
          "bare ctypes / C |")
    print("|---|--:|--:|--:|--:|--:|")
    for name, (c, p, r) in res.items():
        mc, mp, mr = statistics.median(c), statistics.median(p), statistics.median(r)
        print("| %s | %.1f | %.1f | %.2fx | %.1f | %.2fx |" % (name, mc, mp, mp / mc, mr, mr / mc))
        print("  C runs: %s; Python runs: %s; bare ctypes runs: %s" % (
            " ".join("%.1f" % v for v in c), " ".join("%.1f" % v for v in p),
            " ".join("%.1f" % v for v in r)), file=sys.stderr)


if __name__ == "__main__":
    main()
