"""The Solver: add / push / pop / check (with assumptions) / model, and
SMT-LIB text in and out."""
import unittest

import ferret
from ferret import *  # noqa: F401,F403
from ferret import Context


class SolverBasics(unittest.TestCase):
    def test_readme_example(self):
        ctx = Context(seed=1, timeout=10)
        x, y = BitVecs("x y", 32, ctx)
        f = FP("f", Float32(ctx))
        s = Solver(ctx)
        s.add(x + y == 10, ULT(x, 3), fpGT(fpMul(RNE(ctx), f, f), 2.0), f < 1.5)
        self.assertEqual(s.check(), sat)
        m = s.model()
        # checked with Python's own arithmetic, not ferret's
        self.assertEqual((m[x] + m[y]) % 2 ** 32, 10)
        self.assertLess(m[x], 3)
        fv = m[f]
        self.assertLess(float(fv), 1.5)
        self.assertGreater(fv.fraction() * fv.fraction(), 2)  # exact square > 2 ...
        self.assertEqual(m["x"], m[x])
        self.assertEqual(set(m.as_dict()), {"x", "y", "f"})

    def test_push_pop_and_assumptions(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        x = BitVec("x", 8, ctx)
        p = Bool("p", ctx)
        s.add(Implies(p, x == 3))
        s.push()
        s.add(UGT(x, 200))
        self.assertEqual(s.check(), sat)
        self.assertGreater(s.model()[x], 200)
        self.assertEqual(s.check(p), unsat)
        self.assertEqual(len(s.assertions()), 2)
        s.pop()
        self.assertEqual(len(s.assertions()), 1)
        self.assertEqual(s.check(p), sat)
        self.assertEqual(s.model()[x], 3)
        self.assertTrue(s.model()[p])
        self.assertEqual(s.check([p, x == 4]), unsat)

    def test_results_compare_by_name(self):
        self.assertEqual(sat, "sat")
        self.assertNotEqual(sat, unsat)
        self.assertEqual(str(unknown), "unknown")

    def test_unsat_proved_and_unknown_reason(self):
        ctx = Context(timeout=0.3)
        s = Solver(ctx)
        x = BitVec("x", 4, ctx)
        s.add(x * x == 2)  # 16 values: enumerated, proved
        self.assertEqual(s.check(), unsat)
        c2 = Context(timeout=0.3)
        s2 = Solver(c2)
        y = BitVec("y", 64, c2)
        s2.add(y * y == 2)
        import threading
        watchdog = threading.Timer(10, c2.interrupt)  # a failure, not a hang
        watchdog.start()
        self.assertEqual(s2.check(), unknown)
        watchdog.cancel()
        self.assertEqual(s2.reason_unknown(), "timeout")
        self.assertEqual(s2.statistics()["reason"], "timeout")


class Extras(unittest.TestCase):
    def test_portfolio_partner_proves_unsat(self):
        import shutil
        if not shutil.which("z3"):
            self.skipTest("no z3 executable (apt-get install z3)")
        ctx = Context(timeout=60)
        x = BitVec("x", 32, ctx)
        s = Solver(ctx)
        s.add(x * x == 2)  # ferret alone cannot refute it in time
        s.add_portfolio("z3 -in")
        self.assertEqual(s.check(), unsat)
        self.assertEqual(s.statistics()["found_by"], "portfolio")
        s.add_portfolio(None)
        self.assertRaises(ferret.OptionError, s.add_portfolio, "no-such-solver-here -in")

    def test_seeds_start_the_search_at_a_model(self):
        ctx = Context(seed=1, max_execs=1)  # one execution: only a seed can succeed
        x = BitVec("x", 64, ctx)
        s = Solver(ctx)
        s.add(x * 0x9E3779B97F4A7C15 == 0x1234567890ABCDEF)  # one solution in 2^64
        self.assertEqual(s.check(), unknown)
        want = 0x1234567890ABCDEF * pow(0x9E3779B97F4A7C15, -1, 2 ** 64) % 2 ** 64
        s.set_seeds({x: want})
        self.assertEqual(s.check(), sat)
        self.assertEqual(s.model()[x], want)
        m = s.model()
        s.set_seeds(None)
        self.assertEqual(s.check(), unknown)
        s.set_seeds(m)
        self.assertEqual(s.check(), sat)

    def test_smt2c_writes_a_fuzz_target(self):
        ctx = Context()
        s = Solver(ctx)
        x = BitVec("x", 8, ctx)
        s.add(ULT(x, 9))
        text = s.smt2c()
        self.assertIn("LLVMFuzzerTestOneInput", text)


class SmtlibText(unittest.TestCase):
    SCRIPT = """
(declare-const a (_ BitVec 16))
(declare-const b (_ FloatingPoint 5 11))
(declare-const r RoundingMode)
(declare-sort U 0)
(declare-const u U)
(declare-fun g ((_ BitVec 16)) Bool)
(define-fun big ((v (_ BitVec 16))) Bool (bvugt v #x1000))
(assert (big a))
(assert (g a))
(assert (fp.lt (fp.add r b b) (fp #b0 #b10000 #b0000000000)))
(assert (not (= r RNE)))
(assert (fp.isNormal b))
"""

    def test_from_smtlib_then_terms(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        added = s.from_smtlib(self.SCRIPT)
        self.assertEqual(len(added), 5)
        a = ferret.parse_term("a", ctx)
        s.add(ULT(a, 0x1010))
        self.assertEqual(s.check(), sat)
        m = s.model()
        self.assertTrue(0x1000 < m["a"] < 0x1010)
        self.assertNotEqual(m["r"], "RNE")
        self.assertLess(float(m["b"]), 1.0)

    def test_to_smtlib_round_trips(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        s.from_smtlib(self.SCRIPT)
        text = s.to_smtlib()
        self.assertIn("(declare-sort U 0)", text)
        self.assertIn("(declare-fun g ((_ BitVec 16)) Bool)", text)
        self.assertTrue(text.rstrip().endswith("(check-sat)"))
        c2 = Context(seed=1)
        s2 = Solver(c2)
        s2.from_smtlib(text)
        self.assertEqual([t.sexpr() for t in s2.assertions()],
                         [t.sexpr() for t in s.assertions()])
        self.assertEqual(s2.check(), sat)
        # the model of the copy satisfies the original
        m = s2.model()
        s.add(ferret.parse_term("(= a #x%04x)" % m["a"], ctx))
        self.assertEqual(s.check(), sat)

    def test_execute_prints_what_ferret_prints(self):
        ctx = Context()
        out = ctx.execute("(declare-const z (_ BitVec 4))(assert (= z #x7))(check-sat)"
                          "(get-value (z))")
        self.assertEqual(out.split(), ["sat", "((z", "#x7))"])

    def test_module_level_text_functions(self):
        ctx = Context()
        added = ferret.from_smtlib("(declare-const q Bool)(assert q)", ctx)
        self.assertEqual([t.sexpr() for t in added], ["q"])
        self.assertIn("(assert q)", ferret.to_smtlib(ctx))


if __name__ == "__main__":
    unittest.main()
