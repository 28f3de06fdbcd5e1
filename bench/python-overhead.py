#!/usr/bin/env python3
"""Overhead of the Python layer (python/ferret) per query against the C API,
on two query streams built the same way on both sides (see
bench/python-overhead.c): push/pop (push, assert, check, value, pop) and
concolic (solve a == c under a path constraint, read the input).

    bench/python-overhead.py [--queries N] [--rounds R]

Builds the C side against build/libferret.a, then runs in turn, R times:
the C program; the package with its compiled extension (ferret._speedups,
`make python-ext`) and the same calls straight through the extension's
functions (the floor of that path); the package with ctypes alone
(FERRET_PY_NO_EXTENSION=1) and the same calls through bare ctypes (the
floor of any layer written with the standard library).  Each Python side
runs in a process of its own.  Times are CPU times of the process (the
machine is shared: wall time would count waits for a core).  Prints, per
stream, the median microseconds per query of each and their ratios to C."""
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


def pushpop_setup():
    ctx = Context()
    return ctx, BitVec("x", 32, ctx)


def concolic_setup():
    """a on bytes 0..3 and b on 4..5 of an 8-byte seed, path b < 100."""
    ctx = Context()
    a, b = BitVec("a", 32, ctx), BitVec("b", 16, ctx)
    cc = Concolic(bytes([1, 0, 0, 0, 5, 0, 0, 0]), ctx)
    cc.bind(a, 0)
    cc.bind(b, 4)
    cc.notify(ULT(b, 100))
    return ctx, a, cc


def py_pushpop(q):
    ctx, x = pushpop_setup()
    s = Solver(ctx)
    t0 = time.process_time()
    for i in range(q):
        k = i % 101
        s.push()
        s.add(x + k == k * 7 % 101)
        if s.check() != sat:
            raise SystemExit("pushpop: not sat")
        s.model()[x]
        s.pop()
    return (time.process_time() - t0) / q * 1e6


def py_concolic(q):
    ctx, a, cc = concolic_setup()
    t0 = time.process_time()
    for i in range(q):
        if cc.solve(a == (i % 101) * 1000) != sat:
            raise SystemExit("concolic: not sat")
        cc.input()
    return (time.process_time() - t0) / q * 1e6


def raw_pushpop(q):
    """The same calls through bare ctypes: the floor of any ctypes layer."""
    from ferret._lib import lib, term_t
    ctx, x = pushpop_setup()
    p, sid, xid = ctx._p, x._sort_id(), x.id
    arr2 = term_t * 2
    limbs = (ctypes.c_uint64 * 1)()
    t0 = time.process_time()
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
    return (time.process_time() - t0) / q * 1e6


def raw_concolic(q):
    from ferret._lib import lib, term_t
    ctx, a, cc = concolic_setup()
    p, cp, sid, aid = ctx._p, cc._p, a._sort_id(), a.id
    arr2 = term_t * 2
    t0 = time.process_time()
    for i in range(q):
        c = lib.ferret_mk_bits64(p, sid, (i % 101) * 1000)
        if lib.ferret_concolic_solve(cp, lib.ferret_mk_term(p, 11, arr2(aid, c), 2, None, 0)) != 10:
            raise SystemExit("concolic: not sat")
        ctypes.string_at(lib.ferret_concolic_input(cp), 8)
    return (time.process_time() - t0) / q * 1e6


def fast_pushpop(q):
    """The same calls through the extension's functions, no wrapper."""
    from ferret._lib import fast
    ctx, x = pushpop_setup()
    p, sid, xid = ctx._p, x._sort_id(), x.id
    t0 = time.process_time()
    for i in range(q):
        k = i % 101
        fast.push(p, 1)
        s = fast.mk2(p, 30, xid, fast.bits64(p, sid, k))
        fast.assert_(p, fast.mk2(p, 11, s, fast.bits64(p, sid, k * 7 % 101)))
        if fast.check(p) != 10:
            raise SystemExit("pushpop: not sat")
        fast.value(p, xid, 1)
        fast.pop(p, 1)
    return (time.process_time() - t0) / q * 1e6


def fast_concolic(q):
    from ferret._lib import fast
    ctx, a, cc = concolic_setup()
    p, cp, sid, aid = ctx._p, cc._p, a._sort_id(), a.id
    t0 = time.process_time()
    for i in range(q):
        c = fast.bits64(p, sid, (i % 101) * 1000)
        if fast.csolve(cp, fast.mk2(p, 11, aid, c), False) != 10:
            raise SystemExit("concolic: not sat")
        fast.cinput(cp, 8)
    return (time.process_time() - t0) / q * 1e6


def side(q):
    """One Python process: the package's path (extension or ctypes, as
    imported) and the floor of that path; prints 'name us' lines."""
    from ferret._lib import fast
    if fast is not None:
        print("pushpop-ext %.3f" % py_pushpop(q))
        print("concolic-ext %.3f" % py_concolic(q))
        print("pushpop-ext-floor %.3f" % fast_pushpop(q))
        print("concolic-ext-floor %.3f" % fast_concolic(q))
    else:
        print("pushpop-ctypes %.3f" % py_pushpop(q))
        print("concolic-ctypes %.3f" % py_concolic(q))
        print("pushpop-ctypes-floor %.3f" % raw_pushpop(q))
        print("concolic-ctypes-floor %.3f" % raw_concolic(q))


COLUMNS = ("ext", "ext-floor", "ctypes", "ctypes-floor")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--queries", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.side:
        side(args.queries)
        return
    exe = os.path.join(ROOT, "build", "python-overhead")
    subprocess.check_call(["make", "-s", "-C", ROOT, "build/libferret.a", "python-ext"])
    subprocess.check_call(["cc", "-O2", "-I" + os.path.join(ROOT, "include"),
                           os.path.join(ROOT, "bench", "python-overhead.c"),
                           os.path.join(ROOT, "build", "libferret.a"), "-lm", "-lpthread",
                           "-o", exe])
    assert ferret.KIND["BVADD"] == 30 and ferret.KIND["EQ"] == 11
    from ferret._lib import extension
    if not extension.startswith("extension"):
        raise SystemExit("the compiled extension is not available: " + extension)
    res = {}
    me = [sys.executable, os.path.abspath(__file__), "--side", "--queries", str(args.queries)]
    for r in range(args.rounds):
        outs = subprocess.check_output([exe, str(args.queries)], text=True)
        outs += subprocess.check_output(me, text=True)
        env = dict(os.environ, FERRET_PY_NO_EXTENSION="1")
        outs += subprocess.check_output(me, text=True, env=env)
        for line in outs.splitlines():
            name, us = line.split()
            res.setdefault(name, []).append(float(us))
    print("python %s, library %s, %d queries x %d rounds" % (
        sys.version.split()[0], ferret.library_path, args.queries, args.rounds))
    print("| stream | C us/query | extension us/query | extension / C | extension floor / C "
          "| ctypes us/query | ctypes / C | bare ctypes / C |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for name in ("pushpop", "concolic"):
        mc = statistics.median(res[name])
        m = [statistics.median(res["%s-%s" % (name, col)]) for col in COLUMNS]
        print("| %s | %.2f | %.2f | %.2fx | %.2fx | %.2f | %.2fx | %.2fx |" % (
            name, mc, m[0], m[0] / mc, m[1] / mc, m[2], m[2] / mc, m[3] / mc))
        for col in ("",) + COLUMNS:
            key = name + ("-" + col if col else "")
            print("  %s runs: %s" % (key, " ".join("%.2f" % v for v in res[key])),
                  file=sys.stderr)


if __name__ == "__main__":
    main()
