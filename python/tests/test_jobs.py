"""sample (an iterator that stops the search when dropped), coverage,
concolic queries, hunt runs."""
import os
import shutil
import tempfile
import threading
import time
import unittest

import ferret
from ferret import *  # noqa: F401,F403
from ferret import Concolic, Context, Coverage


class Sampling(unittest.TestCase):
    def formula(self, ctx):
        x, y = BitVec("x", 8, ctx), BitVec("y", 8, ctx)
        f = FP("f", Float32(ctx))
        return x, y, f, [ULT(x, 40), (x & 3) == 1, UGT(y, x + 2), fpIsNormal(f),
                         fpGT(f, 1.0), fpLT(f, 8.0)]

    def holds(self, smp, x, y, f):
        """The constraints, evaluated by Python on the sample's values."""
        a, b, v = smp[x], smp[y], smp[f]
        return (a < 40 and a & 3 == 1 and b > (a + 2) % 256 and v.is_normal()
                and 1 < v.fraction() < 8)

    def test_samples_are_distinct_models(self):
        ctx = Context(seed=3, timeout=60)  # a limit: a failure, never a hang
        x, y, f, fs = self.formula(ctx)
        run = ferret.sample(fs, n=40, strategy="sm+de")
        seen = set()
        for smp in run:
            self.assertTrue(self.holds(smp, x, y, f), smp)
            key = (smp[x], smp[y], smp[f].bits)
            self.assertNotIn(key, seen)
            seen.add(key)
            self.assertEqual(smp["x"], smp[x])
        self.assertEqual(len(seen), 40)
        self.assertEqual(run.result, sat)
        self.assertEqual(run.statistics()["samples"], 40)
        # the push made for the formula is popped
        self.assertEqual(Solver(ctx).assertions(), [])

    def test_each_strategy_and_projection(self):
        for strategy in ("naive", "de", "sm", "sm+de"):
            ctx = Context(seed=1, timeout=60)
            x, y, f, fs = self.formula(ctx)
            xs = [smp[x] for smp in ferret.sample(fs, n=10, strategy=strategy, project=[x])]
            self.assertEqual(len(xs), 10, strategy)  # x has exactly 10 values: 1, 5, ..., 37
            self.assertEqual(sorted(xs), list(range(1, 40, 4)))
        ctx = Context(seed=1, timeout=1)
        x, y, f, fs = self.formula(ctx)
        run = ferret.sample(fs, n=20, project=[x])  # asks for more than there are
        self.assertEqual(len(list(run)), 10)
        self.assertEqual(run.result, sat)
        self.assertRaises(ferret.OptionError, list, ferret.sample(fs, n=3, strategy="nope"))

    def test_stopping_early_stops_the_search(self):
        ctx = Context(seed=1, timeout=30)
        x = BitVec("x", 64, ctx)
        s = Solver(ctx)
        s.add(UGT(x, 5))
        t0 = time.time()
        got = []
        run = s.sample(n=0)  # no limit: only the break ends it
        for smp in run:
            got.append(smp[x])
            if len(got) == 3:
                break
        run.close()
        self.assertLess(time.time() - t0, 10)
        self.assertEqual(len(got), 3)
        # the callback's answer ended it (not an interrupt, not the timeout)
        st = run.statistics()
        self.assertEqual((st["end"], st["samples"], st["result"]), ("stopped", 3, "sat"))
        self.assertEqual(run.result, sat)
        self.assertEqual(s.check(), sat)
        run = s.sample(n=0)
        next(run)
        self.assertFalse(run.done)
        self.assertEqual(s.check(), sat)  # using the context stops the open search
        self.assertTrue(run.done)
        self.assertEqual(run.result, sat)
        self.assertRaises(StopIteration, next, run)
        # dropping the iterator stops its search at once
        run = s.sample(n=0)
        next(run)
        worker = [t for t in threading.enumerate() if t.name == "ferret-sample"]
        self.assertEqual(len(worker), 1)
        del run
        worker[0].join(5)
        self.assertFalse(worker[0].is_alive())
        self.assertIsNone(ctx._busy)

    def test_parallel_workers(self):
        ctx = Context(seed=3, timeout=60, jobs=2)
        x, y, f, fs = self.formula(ctx)
        smps = list(ferret.sample(fs, n=25))
        self.assertEqual(len(smps), 25)
        self.assertTrue(all(self.holds(smp, x, y, f) for smp in smps))
        self.assertEqual(len({(smp[x], smp[y], smp[f].bits) for smp in smps}), 25)

    def test_unsat_query_gives_no_sample(self):
        ctx = Context(seed=1)
        x = BitVec("x", 4, ctx)
        run = ferret.sample([x * x == 2], n=5)
        self.assertEqual(list(run), [])
        self.assertEqual(run.result, unsat)

    def test_prefer_and_coverage(self):
        ctx = Context(seed=1, timeout=60)
        x, y, f, fs = self.formula(ctx)
        pref = [UGT(y, 200)]
        run = ferret.sample(fs, n=6, prefer=pref, coverage=True)
        smps = list(run)
        self.assertTrue(all(smp[y] > 200 for smp in smps[:3]))
        self.assertTrue(all(0 <= smp.coverage <= 100 for smp in smps))


class CoverageTracking(unittest.TestCase):
    def test_coverage_of_samples_and_text(self):
        ctx = Context(seed=1)
        x = BitVec("x", 8, ctx)
        s = Solver(ctx)
        s.add(ULT(x + 3, 100))
        cov = Coverage(s)
        info = cov.add("(define-fun x () (_ BitVec 8) #x00)\n\n")
        self.assertEqual(info["samples"], 1)
        self.assertEqual(info["percent"], 0.0)  # one sample: no bit seen both ways
        info = cov.add("(define-fun x () (_ BitVec 8) #xfc)\n\n")
        # x + 3 was 0x03 then 0xff: bits 2..7 flipped, 0 and 1 did not
        self.assertEqual((info["bits_bv"], info["covered_bv"]), (8, 6))
        smps = list(s.sample(n=30))
        info = cov.add(smps)
        self.assertEqual(info["samples"], 32)
        self.assertGreaterEqual(info["covered_bv"], 6)
        self.assertRaises(ferret.ParseError, cov.add, "{\"x\": ")


class ConcolicQueries(unittest.TestCase):
    def setUp(self):
        self.ctx = Context()
        c = self.ctx
        self.a = BitVec("a", 32, c)
        self.b = BitVec("b", 16, c)
        self.f = FP("f", Float32(c))
        self.seed = bytes([1, 0, 0, 0, 5, 0]) + bytes(4)

    def test_solve_flips_a_branch_near_the_seed(self):
        cc = Concolic(self.seed, self.ctx, timeout_ms=2000)
        cc.bind(self.a, 0)
        cc.bind(self.b, 4, big_endian=True)
        cc.bind(self.f, 6)
        cc.notify(ULT(self.b, 0x0600))  # true on the seed (b = 0x0500, big endian)
        r = cc.solve(self.a == 0xDEADBEEF)
        self.assertEqual(r, sat)
        inp = cc.input()
        self.assertEqual(int.from_bytes(inp[0:4], "little"), 0xDEADBEEF)
        self.assertEqual(inp[4:], self.seed[4:])  # the other bytes kept
        self.assertIn(cc.stage(), ("i2s", "consts", "engine", "gradient", "det", "havoc"))
        r = cc.solve(fpGT(self.f, 100.0))
        self.assertEqual(r, sat)
        import struct
        self.assertGreater(struct.unpack("<f", cc.input()[6:10])[0], 100.0)
        self.assertEqual(cc.solve(UGT(self.b, 0x0700)), unsat)  # contradicts the path
        st = cc.statistics()
        self.assertEqual(st["queries"], 3)

    def test_min_max_all(self):
        cc = Concolic(self.seed, self.ctx)
        cc.bind(self.a, 0)
        cc.bind(self.b, 4)
        cc.notify(ULT(self.b, 100))
        r, optimal = cc.solve_max(self.b)
        self.assertEqual((r, optimal), (sat, True))
        self.assertEqual(int.from_bytes(cc.input()[4:6], "little"), 99)
        r, optimal = cc.solve_min(self.a + 5, signed=True)
        self.assertEqual(r, sat)
        self.assertEqual(int.from_bytes(cc.input()[0:4], "little"), 0x80000000 - 5)
        run = cc.solve_all(Extract(1, 0, self.b))
        vals = {}
        for v, inp in run:
            self.assertEqual(int.from_bytes(inp[4:6], "little") & 3, v)
            vals[v] = inp
        self.assertEqual(set(vals), {0, 1, 2, 3})
        self.assertEqual((run.result, run.complete), (sat, True))
        first = []
        with cc.solve_all(self.a) as run:  # stopped after two of 2^32 values
            for v, inp in run:
                first.append(v)
                if len(first) == 2:
                    break
        self.assertEqual(len(first), 2)

    def test_new_seed_keeps_bindings_and_path(self):
        cc = Concolic(self.seed, self.ctx)
        cc.bind(self.b, 4)
        cc.notify(ULT(self.b, 100))
        self.assertEqual(cc.solve(self.b == 7), sat)
        self.assertEqual(cc.stage(), "i2s")
        seed2 = bytes([1, 0, 0, 0, 7, 0]) + bytes(4)
        cc.set_seed(seed2)
        self.assertEqual(cc.solve(self.b == 7), sat)
        self.assertEqual(cc.stage(), "seed")  # true on the new seed as it is
        self.assertEqual(cc.input(), seed2)
        self.assertRaises(FerretError, cc.set_seed, bytes(3))  # another size

    def test_bad_binding_is_an_error(self):
        cc = Concolic(self.seed, self.ctx)
        self.assertRaises(FerretError, cc.bind, self.a, 8)  # past the end
        cc.bind(self.a, 0)
        self.assertRaises(FerretError, cc.bind, self.a, 0)  # bound already
        self.assertRaises(FerretError, cc.bind, self.a + 1, 0)  # not a variable
        self.assertRaises(ferret.OptionError, cc.set, no_such_stage=1)


class Hunt(unittest.TestCase):
    def test_gen_writes_scripts_ferret_reads(self):
        d = tempfile.mkdtemp()
        try:
            n = ferret.hunt(d, mode="gen", count=3, seed=2)
            self.assertEqual(n, 0)
            files = sorted(x for x in os.listdir(d) if x.endswith(".smt2"))
            self.assertEqual(len(files), 3)
            for name in files:
                c = Context(max_execs=2000)
                with open(os.path.join(d, name)) as fh:
                    text = fh.read()
                self.assertIn("(check-sat)", text)
                c.set(parse_only=True)
                c.execute(text)  # well-formed: no error raised
                self.assertGreater(len(Solver(c).assertions()), 0)
        finally:
            shutil.rmtree(d)

    def test_bug_mode_against_ferret_itself(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        cands = [os.path.join(root, os.environ.get("FERRET", "build/ferret")),
                 os.path.join(os.path.dirname(ferret.library_path), "ferret")]
        exes = [c for c in cands if os.access(c, os.X_OK)]
        if not exes:
            self.skipTest("no ferret executable (%s)" % ", ".join(cands))
        exe = exes[0]
        d = tempfile.mkdtemp()
        try:
            n = ferret.hunt(d, mode="bug", solvers=[exe + " --timeout 2"], count=3, timeout=5)
            self.assertEqual(n, 0)  # ferret's models pass ferret's evaluator
            with open(os.path.join(d, "log.tsv")) as fh:
                self.assertGreaterEqual(len(fh.read().splitlines()), 3)
        finally:
            shutil.rmtree(d)
        self.assertRaises(ferret.OptionError, ferret.hunt, d, mode="nope")


if __name__ == "__main__":
    unittest.main()


class StructLayouts(unittest.TestCase):
    """The option structures the library initialises are as large as the C
    ones: an init call writes the C size, so a field missing on the Python
    side would be written past the end of the Python buffer."""

    def test_init_writes_inside_the_structure(self):
        import ctypes
        from ferret import _lib
        lib = _lib.lib
        for name, cls in (("ferret_sample_options_init", _lib.SampleOptions),
                          ("ferret_hunt_options_init", _lib.HuntOptions)):
            size = ctypes.sizeof(cls)
            buf = (ctypes.c_uint8 * (size + 256))(*([0xAB] * (size + 256)))
            getattr(lib, name)(ctypes.cast(buf, ctypes.POINTER(cls)))
            tail = bytes(buf[size:])
            self.assertEqual(tail, b"\xab" * 256,
                             "%s wrote past the %d bytes of %s" % (name, size, cls.__name__))
