"""Interop with z3py (Debian's python3-z3): skipped, saying so, without it.
z3 is also the oracle here: ferret's models are checked by z3."""
import random
import re
import unittest

import ferret
from ferret import Context

try:
    import z3
except ImportError:  # pragma: no cover
    z3 = None

NEED = "z3py is not installed (apt-get install python3-z3; run with /usr/bin/python3)"


def z3_accepts(formulas, zmodel):
    """z3 itself: the formulas with the model's values substituted simplify
    to true."""
    for e in formulas:
        v = z3.simplify(z3.substitute(e, *[(c, zmodel[c]) for c in zmodel]))
        if not z3.is_true(v):
            return False
    return True


@unittest.skipIf(z3 is None, NEED)
class FromZ3(unittest.TestCase):
    def test_solver_of_bv_and_fp(self):
        x, y = z3.BitVecs("x y", 32)
        f = z3.FP("f", z3.Float32())
        g = z3.FP("g", z3.Float64())
        r = z3.Const("r", z3.RNE().sort())
        fs = [x + y == 10, z3.ULT(x, 3), x * 3 != y,
              z3.fpGT(z3.fpMul(z3.RNE(), f, f), z3.FPVal(2.0, z3.Float32())),
              z3.fpLT(f, z3.FPVal(1.5, z3.Float32())),
              z3.fpEQ(g, z3.fpToFP(r, f, z3.Float64())), r != z3.RTZ()]
        s = z3.Solver()
        s.add(*fs)
        res, m = ferret.from_z3(s, seed=1, timeout=10)
        self.assertEqual(res, ferret.sat)
        self.assertTrue(res == z3.sat)  # compares with z3's results by name
        self.assertEqual(m[x].sort(), z3.BitVecSort(32))
        self.assertTrue(z3_accepts(fs, m))
        # and z3 finds the model consistent when it is asserted
        s.add(*[c == m[c] for c in m])
        self.assertEqual(s.check(), z3.sat)
        self.assertTrue(z3.is_true(m.eval(x + y == 10)))
        self.assertEqual(m["x"].as_long() + m["y"].as_long(), 10)

    def test_single_expression_and_unsat(self):
        a = z3.BitVec("a", 8)
        res, m = ferret.from_z3(z3.And(a * a == 2, z3.ULT(a, 16)))
        self.assertEqual(res, ferret.unsat)  # 16 values: enumerated
        self.assertIsNone(m)
        res, m = ferret.from_z3([a > 5, a < 9], seed=1)
        self.assertEqual(res, ferret.sat)
        self.assertIn(m[a].as_signed_long(), (6, 7, 8))

    def test_fp_semantics_agree_with_z3(self):
        """ferret's exact FP operations, for every rounding mode, against
        z3's on random Float16 operands (through a model)."""
        rnd = random.Random(4)
        ctx = Context(seed=1)
        srt = ferret.Float16(ctx)
        a, b, out = ferret.FP("a", srt), ferret.FP("b", srt), ferret.FP("out", srt)
        s = ferret.Solver(ctx)
        zs = z3.FPSort(5, 11)
        ops = [("fpAdd", ferret.fpAdd, z3.fpAdd), ("fpMul", ferret.fpMul, z3.fpMul),
               ("fpDiv", ferret.fpDiv, z3.fpDiv)]
        for _ in range(40):
            ba, bb = rnd.getrandbits(16), rnd.getrandbits(16)
            for rm in ferret.RM_NAMES:
                zrm = getattr(z3, rm)()
                for name, fop, zop in ops:
                    s.push()
                    s.add(a == ferret.FPBits(ba, srt), b == ferret.FPBits(bb, srt),
                          out == fop(ferret.RoundingMode(rm, ctx), a, b))
                    self.assertEqual(s.check(), ferret.sat)
                    got = s.model()[out]
                    s.pop()
                    za = z3.fpBVToFP(z3.BitVecVal(ba, 16), zs)
                    zb = z3.fpBVToFP(z3.BitVecVal(bb, 16), zs)
                    want = z3.simplify(zop(zrm, za, zb))
                    if z3.is_true(z3.simplify(z3.fpIsNaN(want))):
                        self.assertTrue(got.is_nan(), (name, rm, ba, bb))
                        continue
                    wbits = z3.simplify(z3.fpToIEEEBV(want)).as_long()
                    self.assertEqual(got.bits, wbits, (name, rm, hex(ba), hex(bb)))

    def test_value_conversion_to_z3_is_exact(self):
        """Every FP class of Float32 comes back as the z3 value with the
        same bits."""
        f = z3.FP("f", z3.Float32())
        for bits in (0, 0x80000000, 1, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x7F800000,
                     0xFF800000, 0x3F800000, 0xC0490FDB):
            want = z3.fpBVToFP(z3.BitVecVal(bits, 32), z3.Float32())
            res, m = ferret.from_z3(f == want)
            self.assertEqual(res, ferret.sat)
            self.assertTrue(z3.is_true(z3.simplify(m[f] == want)), hex(bits))
            self.assertEqual(m.ferret[m.ferret.decls()[0]].bits, bits)
        res, m = ferret.from_z3(z3.fpIsNaN(f))
        self.assertTrue(z3.is_true(z3.simplify(z3.fpIsNaN(m[f]))))


@unittest.skipIf(z3 is None, NEED)
class CheckedSolver(unittest.TestCase):
    def test_solver_after_z3_gave_up_is_refused(self):
        """After an unknown check z3 prints its bit-blasted assertions over
        fresh constants: a model of those says nothing about x and y."""
        x, y = z3.FPs("x y", z3.Float64())
        fs = [z3.fpEQ(z3.fpAdd(z3.RNE(), z3.fpMul(z3.RNE(), x, x), y),
                      z3.FPVal(93860.49291464812, z3.Float64())),
              z3.fpGT(x, z3.FPVal(1.0, z3.Float64()))]
        s = z3.Solver()
        s.set("timeout", 1000)
        s.add(*fs)
        if s.check() != z3.unknown:
            self.skipTest("z3 answered within a second")
        names = re.findall(r"^\(declare-fun (\S+) ", s.to_smt2(), re.M)
        if "x" in names:
            self.skipTest("z3 kept the formulas as given (it gave up before bit-blasting)")
        self.assertRaises(ferret.FerretError, ferret.from_z3, s, timeout=1)
        res, m = ferret.from_z3(fs, timeout=1)  # the formulas themselves are fine
        if res == ferret.sat:
            self.assertTrue(z3_accepts(fs, m))


class Availability(unittest.TestCase):
    def test_from_z3_needs_z3(self):
        if z3 is not None:
            self.skipTest("z3py is installed: nothing to check")
        self.assertRaises(ImportError, ferret.from_z3, None)


if __name__ == "__main__":
    unittest.main()
