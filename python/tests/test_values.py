"""Values round-trip exactly: every BV width 1..128, every FP class of
every format, all five rounding modes."""
import random
import struct
import unittest
from fractions import Fraction

import ferret
from ferret import (BitVec, BitVecVal, Context, FP, FPSort, FPVal, FPValue, RoundingMode,
                    RoundingModeSort, Const, Solver, fpAdd, sat, round_to_bits)

FORMATS = [(5, 11), (8, 8), (8, 24), (11, 53), (15, 113), (3, 5), (2, 3)]


def bits_of_literal(text, width):
    """An independent reading of ferret's printed BV constant."""
    assert text.startswith("#x") or text.startswith("#b"), text
    digits = text[2:]
    v = int(digits, 16 if text[1] == "x" else 2)
    assert len(digits) * (4 if text[1] == "x" else 1) == width
    return v


def fp_classes(eb, sb):
    """One bit pattern of each class (both signs) and some random ones."""
    m = sb - 1
    top = (1 << eb) - 1
    pats = {
        "+zero": 0, "min_sub": 1, "max_sub": (1 << m) - 1, "min_norm": 1 << m,
        "one": ((top >> 1) << m), "max_norm": ((top - 1) << m) | ((1 << m) - 1),
        "inf": top << m, "nan": (top << m) | (1 << (m - 1)),
    }
    out = []
    for name, p in pats.items():
        out.append((name, p))
        if name != "nan":
            out.append(("-" + name, p | (1 << (m + eb))))
    rnd = random.Random(eb * 1000 + sb)
    for i in range(6):
        p = rnd.getrandbits(eb + sb)
        e = (p >> m) & top
        if e != top:
            out.append(("random%d" % i, p))
    return out


class BitVectorValues(unittest.TestCase):
    def test_every_width_1_to_128(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        rnd = random.Random(7)
        for w in range(1, 129):
            x = BitVec("x%d" % w, w, ctx)
            for v in {0, 1, (1 << w) - 1, 1 << (w - 1), rnd.getrandbits(w)}:
                c = BitVecVal(v, w, ctx)
                self.assertEqual(bits_of_literal(c.sexpr(), w), v)
                s.push()
                s.add(x == c)
                self.assertEqual(s.check(), sat)
                got = s.model()[x]
                self.assertIsInstance(got, int)
                self.assertEqual(got, v, "width %d" % w)
                s.pop()

    def test_negative_python_ints_wrap(self):
        ctx = Context()
        self.assertEqual(bits_of_literal(BitVecVal(-1, 12, ctx).sexpr(), 12), 0xFFF)
        self.assertEqual(ferret.to_signed(0xFFF, 12), -1)
        self.assertEqual(ferret.to_signed(0x7FF, 12), 0x7FF)


class FloatValues(unittest.TestCase):
    def test_every_class_every_format_round_trips(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        for eb, sb in FORMATS:
            srt = FPSort(eb, sb, ctx)
            x = FP("f_%d_%d" % (eb, sb), srt)
            for name, bits in fp_classes(eb, sb):
                s.push()
                s.add(x == ferret.FPBits(bits, srt))
                self.assertEqual(s.check(), sat, (eb, sb, name))
                v = s.model()[x]
                s.pop()
                self.assertIsInstance(v, FPValue)
                self.assertEqual((v.eb, v.sb), (eb, sb))
                self.assertEqual(v.bits, bits, (eb, sb, name))
                # the three fields put back together, independently
                m = sb - 1
                self.assertEqual(v.fields(), (bits >> (m + eb), (bits >> m) & ((1 << eb) - 1),
                                              bits & ((1 << m) - 1)))
                if name.lstrip("-") in ("inf", "nan"):
                    self.assertRaises(ValueError, v.fraction)
                    continue
                q = v.fraction()
                # the rational rounds back to itself under every mode
                for rm in ferret.RM_NAMES:
                    if q != 0:
                        self.assertEqual(round_to_bits(q, eb, sb, rm), bits, (eb, sb, name, rm))

    def test_float32_float64_against_struct(self):
        rnd = random.Random(3)
        for _ in range(2000):
            b64 = rnd.getrandbits(64)
            v = FPValue.from_bits(11, 53, b64)
            d = struct.unpack("<d", struct.pack("<Q", b64))[0]
            if d != d:
                self.assertTrue(v.is_nan())
            else:
                self.assertEqual(float(v), d)
                self.assertEqual(struct.pack("<d", float(v)), struct.pack("<Q", b64))
                if d not in (float("inf"), float("-inf")):
                    self.assertEqual(v.fraction(), Fraction(d))
            b32 = rnd.getrandbits(32)
            v = FPValue.from_bits(8, 24, b32)
            f = struct.unpack("<f", struct.pack("<I", b32))[0]
            if f == f:
                self.assertEqual(float(v), f)
                self.assertEqual(struct.pack("<f", v), struct.pack("<I", b32))

    def test_rounding_from_doubles_matches_hardware(self):
        rnd = random.Random(5)
        for _ in range(3000):
            d = struct.unpack("<d", struct.pack("<Q", rnd.getrandbits(64)))[0]
            if d != d or d in (float("inf"), float("-inf")):
                continue
            # RNE to Float32 as the FPU does it (one rounding from a double)
            try:
                want = struct.unpack("<I", struct.pack("<f", d))[0]
            except OverflowError:
                continue
            self.assertEqual(round_to_bits(d, 8, 24, "RNE"), want, repr(d))
            self.assertEqual(round_to_bits(Fraction(d), 11, 53, "RNE"),
                             struct.unpack("<Q", struct.pack("<d", d))[0])

    def test_fpval_rounds_with_each_mode(self):
        ctx = Context()
        f32 = FPSort(8, 24, ctx)
        third = Fraction(1, 3)
        below = FPValue.from_bits(8, 24, round_to_bits(third, 8, 24, "RTZ"))
        self.assertLess(below.fraction(), third)
        above = FPValue.from_bits(8, 24, round_to_bits(third, 8, 24, "RTP"))
        self.assertGreater(above.fraction(), third)
        self.assertEqual(above.bits - below.bits, 1)
        self.assertEqual(FPVal(third, f32, "RTP").sexpr(), above.smtlib())
        self.assertEqual(FPVal(-third, f32, "RTN").sexpr(),
                         FPValue.from_bits(8, 24, above.bits | 1 << 31).smtlib())


class RationalRounding(unittest.TestCase):
    def test_python_rounding_agrees_with_ferret_to_fp(self):
        """FPVal's rounding (Python) against ferret's own (to_fp of a real,
        in C) on random rationals, overflows and ties, every mode, Float16."""
        ctx = Context(seed=1)
        s = Solver(ctx)
        f16 = FPSort(5, 11, ctx)
        out = FP("out", f16)
        rnd = random.Random(9)
        qs = [Fraction(70000), Fraction(-70000), Fraction(65520), Fraction(-65504),
              Fraction(1, 1 << 25), Fraction(-1, 1 << 25), Fraction(3, 1 << 25),
              Fraction(2049), Fraction(2051), Fraction(-2049)]
        qs += [Fraction(rnd.randint(-10 ** 6, 10 ** 6), rnd.randint(1, 10 ** 4))
               for _ in range(25)]
        for q in qs:
            for rm in ferret.RM_NAMES:
                s.push()
                s.add(out == ferret.fpRealToFP(RoundingMode(rm, ctx), q, f16))
                self.assertEqual(s.check(), sat)
                got = s.model()[out].bits
                s.pop()
                self.assertEqual(round_to_bits(q, 5, 11, rm), got, (q, rm))


class RoundingModes(unittest.TestCase):
    def test_names_round_trip(self):
        ctx = Context()
        s = Solver(ctx)
        r = Const("r", RoundingModeSort(ctx))
        for i, name in enumerate(ferret.RM_NAMES):
            for spelling in (name, ferret.RM_LONG[i]):
                s.push()
                s.add(r == RoundingMode(spelling, ctx))
                self.assertEqual(s.check(), sat)
                self.assertEqual(s.model()[r], name)
                s.pop()
        self.assertRaises(ValueError, RoundingMode, "NEAREST", ctx)

    def test_each_mode_rounds_a_tie_its_way(self):
        # 1 + 2^-24 in Float32 lies exactly between 1 and 1 + 2^-23
        ctx = Context(seed=1)
        s = Solver(ctx)
        f32 = FPSort(8, 24, ctx)
        z = FP("z", f32)
        tie = Fraction(1, 1 << 24)
        for rm in ferret.RM_NAMES:
            s.push()
            s.add(z == fpAdd(RoundingMode(rm, ctx), FPVal(1.0, f32), FPVal(tie, f32)))
            self.assertEqual(s.check(), sat)
            got = s.model()[z]
            s.pop()
            want = 1 + Fraction(1, 1 << 23) if rm in ("RNA", "RTP") else Fraction(1)
            self.assertEqual(got.fraction(), want, rm)
            self.assertEqual(got.bits, round_to_bits(1 + tie, 8, 24, rm))


if __name__ == "__main__":
    unittest.main()
