"""The two paths of the per-query calls: the compiled extension
ferret._speedups and ctypes (FERRET_PY_NO_EXTENSION=1).  `make python` runs
the whole suite on each; these tests check that the path is the one asked
for, that the extension's answers are those of the ctypes calls and of
Python's own arithmetic, and the values read without text (constants'
bits, samples, the unspecified flag of a model value)."""
import ctypes
import json
import os
import unittest

import ferret
from ferret import *  # noqa: F401,F403
from ferret import Context
from ferret import _lib


def _ctypes_mk2(ctx, kind, a, b):
    return _lib.lib.ferret_mk_term(ctx._p, ferret.KIND[kind], (_lib.term_t * 2)(a, b), 2,
                                   None, 0)


class Path(unittest.TestCase):
    def test_the_path_asked_for(self):
        if os.environ.get("FERRET_PY_NO_EXTENSION", "") not in ("", "0"):
            self.assertIsNone(_lib.fast)
            self.assertTrue(_lib.extension.startswith("ctypes"), _lib.extension)
        elif os.environ.get("FERRET_PY_EXPECT_EXTENSION") == "1":
            self.assertIsNotNone(_lib.fast, _lib.extension)
            self.assertTrue(_lib.extension.startswith("extension"), _lib.extension)
            other = os.environ.get("FERRET_PY_EXTENSION")
            if other:
                self.assertEqual(os.path.realpath(_lib.fast.__file__), os.path.realpath(other))
        elif _lib.fast is None:
            self.skipTest("the extension is not in use: " + _lib.extension)


@unittest.skipIf(_lib.fast is None, "the compiled extension is not in use: " + _lib.extension)
class ExtensionAgreesWithCtypes(unittest.TestCase):
    def test_terms_are_the_same_ids(self):
        """Hash-consing: a term built through the extension and the same
        term built through ctypes are one id."""
        fast = _lib.fast
        ctx = Context()
        x, y = BitVec("x", 32, ctx), BitVec("y", 32, ctx)
        s32 = x._sort_id()
        c = fast.bits64(ctx._p, s32, 0x1234)
        self.assertEqual(c, _lib.lib.ferret_mk_bits64(ctx._p, s32, 0x1234))
        self.assertEqual(fast.mk2(ctx._p, ferret.KIND["BVADD"], x.id, c),
                         _ctypes_mk2(ctx, "BVADD", x.id, c))
        self.assertEqual((x + 0x1234).id, _ctypes_mk2(ctx, "BVADD", x.id, c))
        self.assertEqual((0x1234 - y).id, _ctypes_mk2(ctx, "BVSUB", c, y.id))
        # an ill-sorted application: 0 on both paths, the same error record
        b = Bool("b", ctx)
        self.assertEqual(fast.mk2(ctx._p, ferret.KIND["BVADD"], x.id, b.id), 0)
        self.assertRaises(SortError, lambda: x + b)

    def test_operators_take_the_general_path_where_they_must(self):
        """Cases binop leaves to Python give the same terms and errors as
        the Python code computes them."""
        ctx = Context()
        x, w = BitVec("x", 8, ctx), BitVec("w", 100, ctx)
        f = FP("f", Float32(ctx))
        # negative ints and ints wider than the sort: modulo 2^width
        self.assertTrue((x + -1).eq(x + 255))
        self.assertTrue((x + 257).eq(x + 1))
        self.assertEqual((x + -1).arg(1).value(), 255)
        self.assertTrue((BitVec("z", 64, ctx) * -1).arg(1).value() == 2 ** 64 - 1)
        # wider than 64 bits, FP, bool: not the extension's case
        self.assertEqual((w + (2 ** 99 + 3)).arg(1).value(), 2 ** 99 + 3)
        self.assertTrue((f + 1).eq(fpAdd(RNE(ctx), f, FPVal(1.0, Float32(ctx)))))
        self.assertRaises(SortError, lambda: x == True)  # noqa: E712
        other = BitVec("x", 8, Context())
        with self.assertRaises(FerretError) as e:
            x + other
        self.assertIn("different contexts", str(e.exception))
        self.assertIsNone(_lib.fast.binop(x, other, ferret.KIND["BVADD"], False))
        self.assertIsNone(_lib.fast.binop(x, 1.5, ferret.KIND["BVADD"], False))

    def test_values_wider_than_a_limb(self):
        ctx = Context()
        v, q = BitVec("v", 128, ctx), FP("q", Float128(ctx))
        big = 2 ** 127 + 2 ** 64 + 5
        s = Solver(ctx)
        s.add(v == big, q == FPVal("-1.5", Float128(ctx)))
        self.assertEqual(s.check(), sat)
        r = _lib.fast.value(ctx._p, v.id, 2)
        self.assertEqual(r, (big, False))
        limbs = (ctypes.c_uint64 * 2)()
        self.assertEqual(_lib.lib.ferret_get_value(ctx._p, v.id, limbs, 2, None), 0)
        self.assertEqual(limbs[0] | limbs[1] << 64, big)
        m = s.model()
        self.assertEqual(m[q].fraction(), -1.5)
        self.assertEqual(m[q].bits, 0xbfff8 << 108)
        # a status for a term with no value: an array has no bits
        a = Array("a", BitVecSort(8, ctx), BitVecSort(8, ctx))
        self.assertEqual(_lib.fast.value(ctx._p, a.id, 1), 3)  # FERRET_ERROR_UNSUPPORTED


class ValuesWithoutText(unittest.TestCase):
    def test_constant_values(self):
        ctx = Context()
        self.assertEqual(BitVecVal(-3, 8, ctx).value(), 253)
        self.assertEqual(BitVecVal(2 ** 70 + 9, 72, ctx).as_long(), 2 ** 70 + 9)
        self.assertIs(BoolVal(True, ctx).value(), True)
        self.assertEqual(RTN(ctx).value(), "RTN")
        nan = FPBits(0xff800001, Float32(ctx)).value()  # made canonical
        self.assertEqual(nan.bits, 0x7fc00000)
        tenth = FPVal("0.1", Float16(ctx), "RTP").value()
        self.assertEqual(tenth.fields(), (0, 11, 0x267))  # 0.1000976..., above 1/10
        self.assertGreater(tenth.fraction(), ferret.values.Fraction(1, 10))
        self.assertEqual(parse_term("(fp #b1 #b10000000 #b10000000000000000000000)",
                                    ctx).value(), -3.0)
        x = BitVec("x", 8, ctx)
        self.assertRaises(SortError, x.value)
        self.assertRaises(SortError, (x + 1).value)

    def test_sample_values_match_the_sample_text(self):
        """Sample values come from the value constants; the JSON line the
        library wrote for the same sample must say the same bits."""
        ctx = Context(seed=4)
        u, f = BitVec("u", 12, ctx), FP("f", Float32(ctx))
        b, r = Bool("b", ctx), Const("r", RoundingModeSort(ctx))
        fs = [ULT(u, 3000), fpIsNormal(f) | fpIsNaN(f), b == (u > 5),
              fpGT(fpAdd(r, f, FPVal(1.0, Float32(ctx))), FPVal(2.0, Float32(ctx)))
              | fpIsNaN(f)]
        n = 0
        for smp in ferret.sample(fs, n=12):
            cells = json.loads(smp.text)
            for name, term in (("u", u), ("f", f), ("b", b), ("r", r)):
                bits = cells[name]["bits"]
                want = int(bits[2:], 16 if bits[1] == "x" else 2)
                got = smp[term]
                if term is f:
                    got = got.bits
                elif term is r:
                    got = ferret.RM_NAMES.index(got)
                self.assertEqual(int(got), want, (name, smp.text))
            n += 1
        self.assertGreaterEqual(n, 6)

    def test_unspecified_values(self):
        """fp.to_ubv of NaN and fp.min of zeros of both signs: values SMT-LIB
        leaves open, flagged; the model's variables are not."""
        ctx = Context()
        x, pz, nz = FP("x", Float32(ctx)), FP("pz", Float32(ctx)), FP("nz", Float32(ctx))
        s = Solver(ctx)
        s.add(fpIsNaN(x), fpIsZero(pz), fpIsPositive(pz), fpIsZero(nz), fpIsNegative(nz))
        self.assertEqual(s.check(), sat)
        m = s.model()
        for v in (x, pz, nz):
            self.assertFalse(m.unspecified(v))
        self.assertFalse(m.unspecified("x"))
        self.assertTrue(m.unspecified(fpToUBV(RTZ(ctx), x, BitVecSort(8, ctx))))
        self.assertTrue(m.unspecified(fpMin(pz, nz)))
        self.assertFalse(m.unspecified(fpMin(pz, pz)))
        self.assertFalse(m.unspecified(fpAbs(x)))
        self.assertRaises(KeyError, m.unspecified, "nope")


if __name__ == "__main__":
    unittest.main()
