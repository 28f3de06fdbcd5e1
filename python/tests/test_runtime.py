"""Ctrl-C, threads with separate contexts, memory over many queries."""
import os
import signal
import threading
import time
import unittest

import ferret
from ferret import *  # noqa: F401,F403
from ferret import Context


def hard(ctx):
    """A query ferret can neither solve nor refute quickly: x*x = 2 over 64
    bits has no solution (odd squares are 1 mod 8), and 2^64 inputs are
    too many to enumerate."""
    x = BitVec("x", 64, ctx)
    s = Solver(ctx)
    s.add(x * x == 2)
    return s


def rss_kib():
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Interrupt(unittest.TestCase):
    @unittest.skipUnless(threading.current_thread() is threading.main_thread(),
                         "signals reach the main thread only")
    def test_ctrl_c_stops_a_check_without_time_limit(self):
        s = hard(Context())
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        watchdog = threading.Timer(10, s.interrupt)  # a failure, not a hang
        t0 = time.time()
        timer.start()
        watchdog.start()
        with self.assertRaises(KeyboardInterrupt):
            s.check()
            time.sleep(5)  # the KeyboardInterrupt may come right after the call
        took = time.time() - t0
        watchdog.cancel()
        timer.join()
        self.assertLess(took, 5)
        self.assertGreaterEqual(took, 0.25)
        self.assertEqual(s.reason_unknown(), "interrupted")
        # the context is usable afterwards, and a later check is not cut short
        s.ctx.set(timeout_ms=300)
        t0 = time.time()
        self.assertEqual(s.check(), unknown)
        self.assertEqual(s.reason_unknown(), "timeout")
        self.assertGreater(time.time() - t0, 0.25)

    @unittest.skipUnless(threading.current_thread() is threading.main_thread(),
                         "signals reach the main thread only")
    def test_ctrl_c_stops_sampling(self):
        ctx = Context(seed=1)
        x = BitVec("x", 64, ctx)
        s = Solver(ctx)
        s.add(x * x == 2)  # no sample ever comes
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        watchdog = threading.Timer(10, ctx.interrupt)  # a failure, not a hang
        t0 = time.time()
        timer.start()
        watchdog.start()
        with self.assertRaises(KeyboardInterrupt):
            for _ in s.sample(n=1):
                pass
            time.sleep(5)
        watchdog.cancel()
        timer.join()
        self.assertLess(time.time() - t0, 5)
        ctx.set(max_execs=1000)  # usable again, its own limits apply
        self.assertEqual(s.check(), unknown)
        self.assertEqual(s.reason_unknown(), "budget")

    @unittest.skipUnless(threading.current_thread() is threading.main_thread(),
                         "signals reach the main thread only")
    def test_the_programs_own_wakeup_fd_is_kept(self):
        """A program's wake-up descriptor (asyncio's, say) gets the signal
        bytes while a check runs, and is installed again after it."""
        r, w = os.pipe()
        os.set_blocking(w, False)
        os.set_blocking(r, False)
        old = signal.set_wakeup_fd(w)
        try:
            s = hard(Context())
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            watchdog = threading.Timer(10, s.interrupt)
            timer.start()
            watchdog.start()
            with self.assertRaises(KeyboardInterrupt):
                s.check()
                time.sleep(5)
            watchdog.cancel()
            timer.join()
            self.assertEqual(s.reason_unknown(), "interrupted")
            time.sleep(0.1)  # the forwarding thread
            self.assertIn(bytes([signal.SIGINT]), os.read(r, 64))
        finally:
            self.assertEqual(signal.set_wakeup_fd(old), w)  # ours was back in place
            os.close(r)
            os.close(w)

    def test_interrupt_from_another_thread(self):
        s = hard(Context())
        timer = threading.Timer(0.3, s.interrupt)
        t0 = time.time()
        timer.start()
        self.assertEqual(s.check(), unknown)
        took = time.time() - t0
        timer.join()
        self.assertLess(took, 5)
        self.assertGreaterEqual(took, 0.25)
        self.assertEqual(s.reason_unknown(), "interrupted")


class Threads(unittest.TestCase):
    def test_two_threads_two_contexts(self):
        """A long check in one thread does not hold back another thread's
        queries: the GIL is released while ferret searches."""
        marks = {}

        def long_check():
            s = hard(Context(timeout_ms=1500))
            marks["long_start"] = time.time()
            marks["long_result"] = s.check()
            marks["long_end"] = time.time()

        def short_queries():
            ctx = Context(seed=2)
            x = BitVec("x", 16, ctx)
            s = Solver(ctx)
            time.sleep(0.2)
            got = []
            for k in range(30):
                s.push()
                s.add(x * 3 == k)
                self.assertEqual(s.check(), sat)
                got.append((s.model()[x] * 3) % 65536 == k)
                s.pop()
            marks["short_end"] = time.time()
            marks["short_ok"] = all(got)

        ts = [threading.Thread(target=long_check), threading.Thread(target=short_queries)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(marks["long_result"], unknown)
        self.assertTrue(marks["short_ok"])
        # the short queries ended while the long check still ran
        self.assertLess(marks["short_end"], marks["long_end"] - 0.5)

    def test_default_context_is_per_thread(self):
        ids = []

        def f():
            ids.append(id(ferret.main_ctx()))
        t = threading.Thread(target=f)
        t.start()
        t.join()
        self.assertNotEqual(ids[0], id(ferret.main_ctx()))


QUERIES = int(os.environ.get("FERRET_PY_QUERIES", "10000"))


class Memory(unittest.TestCase):
    def assert_flat(self, n, step, what, limit_kib=4096):
        """RSS after the first fifth of n calls of step(i) and at the end:
        growth bounded (FERRET_PY_QUERIES sets n, default 10000)."""
        warm = n // 5
        mark = 0
        for i in range(n):
            if i == warm:
                mark = rss_kib()
            step(i)
        grown = rss_kib() - mark
        if os.environ.get("FERRET_PY_REPORT"):
            print("\n%s, %d queries (%s): RSS %d KiB after %d, grew %d KiB after" % (
                what, n, ferret.extension, mark, warm, grown))
        self.assertLess(grown, limit_kib, "RSS grew by %d KiB over %d queries" % (grown, n - warm))

    def test_memory_flat_over_many_small_queries(self):
        ctx = Context(seed=1)
        x = BitVec("x", 32, ctx)
        f = FP("f", Float32(ctx))
        s = Solver(ctx)

        def step(i):
            s.push()
            # 101 distinct queries, over and over: the term store stops
            # growing once it has them all, so what grows is a leak
            k = i % 101
            s.add(x + k == (k * 7) % 101, fpGT(f, float(k % 17)))
            self.assertEqual(s.check(), sat)
            m = s.model()
            self.assertEqual((m[x] + k) % 2 ** 32, (k * 7) % 101)
            self.assertGreater(m[f], k % 17)
            s.pop()

        self.assert_flat(QUERIES, step, "push/pop")

    @unittest.skipIf("libasan" in os.environ.get("LD_PRELOAD", ""),
                     "under ASan, RSS counts the freed memory it keeps in quarantine "
                     "(make python runs this test on the release library)")
    def test_memory_flat_over_concolic_queries_and_constants(self):
        """The other per-query calls: concolic solve and input, operators
        with an int on either side, constants' values, values wider than
        64 bits."""
        ctx = Context()
        a, b, w = BitVec("a", 32, ctx), BitVec("b", 16, ctx), BitVec("w", 100, ctx)
        cc = Concolic(bytes([1, 0, 0, 0, 5, 0, 0, 0]), ctx)
        cc.bind(a, 0)
        cc.bind(b, 4)
        cc.notify(ULT(b, 100))
        s = Solver(ctx)

        def step(i):
            k = i % 101
            self.assertEqual(cc.solve(a == k * 1000), sat)
            self.assertEqual(int.from_bytes(cc.input()[:4], "little"), k * 1000)
            self.assertEqual((k - a).arg(0).value(), k)
            self.assertEqual((w + (2 ** 99 + k)).arg(1).value(), 2 ** 99 + k)
            if i % 10 == 0:
                s.push()
                s.add(w == 2 ** 99 + k)
                self.assertEqual(s.check(), sat)
                self.assertEqual(s.model()[w], 2 ** 99 + k)
                s.pop()

        # a Python object lost per query (an input's bytes: 41 bytes) grows
        # RSS by more than 256 KiB over 8,000 queries
        self.assert_flat(QUERIES, step, "concolic", 256)


if __name__ == "__main__":
    unittest.main()


class Lifetimes(unittest.TestCase):
    def test_garbage_collected_together_in_any_order(self):
        """A context and the concolic context and coverage tracker living in
        it, collected in one cycle (the context first): no crash."""
        import subprocess
        import sys
        code = (
            "import gc, ferret\n"
            "ctx = ferret.Context()\n"
            "x = ferret.BitVec('x', 8, ctx)\n"
            "s = ferret.Solver(ctx); s.add(ferret.ULT(x + 1, 9))\n"
            "cc = ferret.Concolic(bytes(4), ctx); cc.bind(x, 0)\n"
            "cov = ferret.Coverage(ctx)\n"
            "cycle = [ctx, cc, cov]; cycle.append(cycle)\n"
            "del cc, cov, cycle, x, s\n"
            "gc.collect()\n"
            "ctx2 = ferret.Context()\n"
            "cc2 = ferret.Concolic(bytes(4), ctx2)\n"
            "cov2 = ferret.Coverage(ctx2)\n"
            "ctx2.__del__()  # the order a collector may pick: the context first\n"
            "assert not ctx2._owned, 'objects in the context outlived it'\n"
            "del cc2, cov2\n"
            "ctx3 = ferret.Context()\n"
            "y = ferret.BitVec('y', 8, ctx3)\n"
            "unused = ferret.sample([y == 1], n=1, strategy='bogus')  # never iterated\n"
            "ctx4 = ferret.Context()\n"
            "z = ferret.BitVec('z', 64, ctx4)\n"
            "open_run = ferret.sample([ferret.UGT(z, 5)], n=0)\n"
            "next(open_run)  # a search left running in its thread at exit\n"
            "print('collected')\n")
        env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(
            os.path.abspath(ferret.__file__))))
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=60)
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "collected"), r.stderr)
