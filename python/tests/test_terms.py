"""Every sort, every operator kind and every option reachable from Python;
Python operators mean what z3py's mean; errors carry ferret's record."""
import math
import random
import unittest
from fractions import Fraction

import ferret
from ferret import *  # noqa: F401,F403
from ferret import KIND_NAMES, Context, FerretError, round_to_bits


def ctx_w(ctx):
    return ferret.parse_term("w", ctx)


def kinds_built(ctx):
    """(expected kind, term) for every operator, each built through the
    public Python functions (not through apply)."""
    b1, b2 = Bool("p", ctx), Bool("q", ctx)
    x, y = BitVec("x", 8, ctx), BitVec("y", 8, ctx)
    f32 = Float32(ctx)
    f, g, h = FP("f", f32), FP("g", f32), FP("h", f32)
    rm = RNE(ctx)
    A = Array("A", BitVecSort(8, ctx), BitVecSort(8, ctx))
    U = DeclareSort("U", ctx)
    u = Const("u", U)
    fun = Function("fn", BitVecSort(8, ctx), BoolSort(ctx))
    one = BitVecVal(1, 1, ctx)
    return [
        ("TRUE", BoolVal(True, ctx)), ("FALSE", BoolVal(False, ctx)),
        ("CONST", BitVecVal(3, 8, ctx)), ("VAR", x), ("REAL", RealVal(Fraction(1, 3), ctx)),
        ("NOT", ~b1), ("NOT", Not(b1)), ("IMPLIES", Implies(b1, b2)), ("AND", b1 & b2),
        ("AND", And(b1, b2)), ("OR", b1 | b2), ("OR", Or([b1, b2])), ("XOR", b1 ^ b2),
        ("XOR", Xor(b1, b2)), ("EQ", x == y), ("EQ", u == Const("v", U)),
        ("DISTINCT", x != y), ("DISTINCT", Distinct(x, y, BitVecVal(0, 8, ctx))),
        ("ITE", If(b1, x, y)), ("CONCAT", Concat(x, y)), ("EXTRACT", Extract(6, 2, x)),
        ("REPEAT", RepeatBitVec(3, x)), ("ZERO_EXTEND", ZeroExt(4, x)),
        ("SIGN_EXTEND", SignExt(4, x)), ("ROTATE_LEFT", RotateLeft(x, 3)),
        ("ROTATE_RIGHT", RotateRight(x, 3)), ("BVNOT", ~x), ("BVNEG", -x), ("BVAND", x & y),
        ("BVOR", x | y), ("BVXOR", x ^ y), ("BVNAND", BVNand(x, y)), ("BVNOR", BVNor(x, y)),
        ("BVXNOR", BVXnor(x, y)), ("BVCOMP", BVComp(x, y)), ("BVADD", x + y),
        ("BVSUB", x - y), ("BVMUL", x * y), ("BVUDIV", UDiv(x, y)), ("BVUREM", URem(x, y)),
        ("BVSDIV", x / y), ("BVSREM", SRem(x, y)), ("BVSMOD", x % y), ("BVSHL", x << y),
        ("BVLSHR", LShR(x, y)), ("BVASHR", x >> y), ("BVULT", ULT(x, y)),
        ("BVULE", ULE(x, y)), ("BVUGT", UGT(x, y)), ("BVUGE", UGE(x, y)), ("BVSLT", x < y),
        ("BVSLE", x <= y), ("BVSGT", x > y), ("BVSGE", x >= y), ("BVNEGO", BVNegO(x)),
        ("BVUADDO", BVUAddO(x, y)), ("BVSADDO", BVSAddO(x, y)), ("BVUMULO", BVUMulO(x, y)),
        ("BVSMULO", BVSMulO(x, y)), ("BVUSUBO", BVUSubO(x, y)), ("BVSSUBO", BVSSubO(x, y)),
        ("BVSDIVO", BVSDivO(x, y)), ("BVREDAND", BVRedAnd(x)), ("BVREDOR", BVRedOr(x)),
        ("FP", fpFP(one, BitVecVal(3, 8, ctx), BitVecVal(5, 23, ctx))),
        ("FP_ABS", abs(f)), ("FP_ABS", fpAbs(f)), ("FP_NEG", -f), ("FP_NEG", fpNeg(f)),
        ("FP_ADD", f + g), ("FP_ADD", fpAdd(RTZ(ctx), f, g)), ("FP_SUB", f - g),
        ("FP_SUB", fpSub(rm, f, g)), ("FP_MUL", f * g), ("FP_MUL", fpMul(rm, f, g)),
        ("FP_DIV", f / g), ("FP_DIV", fpDiv(rm, f, g)), ("FP_FMA", fpFMA(rm, f, g, h)),
        ("FP_SQRT", fpSqrt(rm, f)), ("FP_REM", fpRem(f, g)), ("FP_REM", f % g),
        ("FP_RTI", fpRoundToIntegral(rm, f)), ("FP_MIN", fpMin(f, g)),
        ("FP_MAX", fpMax(f, g)), ("FP_LEQ", f <= g), ("FP_LEQ", fpLEQ(f, g)),
        ("FP_LT", f < g), ("FP_LT", fpLT(f, g)), ("FP_GEQ", f >= g), ("FP_GEQ", fpGEQ(f, g)),
        ("FP_GT", f > g), ("FP_GT", fpGT(f, g)), ("FP_EQ", fpEQ(f, g)),
        ("FP_IS_NORMAL", fpIsNormal(f)), ("FP_IS_SUBNORMAL", fpIsSubnormal(f)),
        ("FP_IS_ZERO", fpIsZero(f)), ("FP_IS_INF", fpIsInf(f)), ("FP_IS_NAN", fpIsNaN(f)),
        ("FP_IS_NEG", fpIsNegative(f)), ("FP_IS_POS", fpIsPositive(f)),
        ("TO_FP_BV", fpBVToFP(BitVec("w", 32, ctx), f32)),
        ("TO_FP_BV", fpToFP(ctx_w(ctx), f32)),
        ("TO_FP_FP", fpFPToFP(rm, f, Float64(ctx))), ("TO_FP_FP", fpToFP(rm, f, Float16(ctx))),
        ("TO_FP_SBV", fpSignedToFP(rm, x, f32)), ("TO_FP_SBV", fpToFP(rm, x, f32)),
        ("TO_FP_REAL", fpRealToFP(rm, Fraction(1, 10), f32)),
        ("TO_FP_REAL", fpToFP(rm, RealVal(Fraction(-7, 2), ctx), f32)),
        ("TO_FP_UBV", fpUnsignedToFP(rm, x, f32)),
        ("FP_TO_UBV", fpToUBV(rm, f, BitVecSort(16, ctx))), ("FP_TO_SBV", fpToSBV(rm, f, 16)),
        ("FP_TO_IEEE_BV", fpToIEEEBV(f)), ("SELECT", A[x]), ("SELECT", Select(A, 3)),
        ("STORE", Store(A, x, y)), ("CONST_ARRAY", K(BitVecSort(8, ctx), y)),
        ("APPLY", fun(x)), ("APPLY", fun(5)),
    ]


class Kinds(unittest.TestCase):
    def test_every_operator_kind_is_built_by_a_python_function(self):
        ctx = Context()
        seen = set()
        classes = {ferret.SORT_BOOL: ferret.BoolTerm, ferret.SORT_BV: ferret.BitVecTerm,
                   ferret.SORT_FP: ferret.FPTerm, ferret.SORT_RM: ferret.RMTerm,
                   ferret.SORT_ARRAY: ferret.ArrayTerm}
        for want, t in kinds_built(ctx):
            self.assertEqual(t.kind(), want, t.sexpr())
            # the Python class (hence the operators) follows the term's sort
            self.assertIs(type(t), classes.get(t.sort().kind, ferret.Term), want)
            seen.add(want)
        # every kind but PARAM (a define-fun parameter: no term of its own)
        missing = set(KIND_NAMES) - seen - {"PARAM"}
        self.assertEqual(missing, set())

    def test_apply_by_smtlib_name(self):
        ctx = Context()
        x, y = BitVec("x", 8, ctx), BitVec("y", 8, ctx)
        self.assertEqual(ferret.apply("bvnego", x).kind(), "BVNEGO")
        self.assertEqual(ferret.apply("extract", x, indices=(3, 1)).sort().size(), 3)
        self.assertEqual(ferret.apply("BVSDIVO", x, y).kind(), "BVSDIVO")
        self.assertEqual(ferret.mk_term("BVADD", [x, y]).eq(x + y), True)
        self.assertRaises(FerretError, ferret.apply, "frobnicate", x)

    def test_structural_sharing_and_truth(self):
        ctx = Context()
        x = BitVec("x", 8, ctx)
        self.assertTrue((x + 1).eq(x + 1))
        self.assertTrue(bool(x + 1 == x + 1))
        self.assertFalse(bool(x == x + 1))
        self.assertRaises(FerretError, bool, ULT(x, 3))
        d = {x + 1: "a"}
        self.assertEqual(d[x + 1], "a")


class Sorts(unittest.TestCase):
    def test_every_sort(self):
        ctx = Context()
        cases = [
            (BoolSort(ctx), ferret.SORT_BOOL, "Bool"),
            (BitVecSort(1, ctx), ferret.SORT_BV, "(_ BitVec 1)"),
            (BitVecSort(128, ctx), ferret.SORT_BV, "(_ BitVec 128)"),
            (Float16(ctx), ferret.SORT_FP, "(_ FloatingPoint 5 11)"),
            (BFloat16(ctx), ferret.SORT_FP, "(_ FloatingPoint 8 8)"),
            (Float32(ctx), ferret.SORT_FP, "(_ FloatingPoint 8 24)"),
            (Float64(ctx), ferret.SORT_FP, "(_ FloatingPoint 11 53)"),
            (Float128(ctx), ferret.SORT_FP, "(_ FloatingPoint 15 113)"),
            (FPSort(3, 5, ctx), ferret.SORT_FP, "(_ FloatingPoint 3 5)"),
            (RoundingModeSort(ctx), ferret.SORT_RM, "RoundingMode"),
            (ArraySort(BitVecSort(4, ctx), Float32(ctx)), ferret.SORT_ARRAY,
             "(Array (_ BitVec 4) (_ FloatingPoint 8 24))"),
            (DeclareSort("Obj", ctx), ferret.SORT_UNINTERPRETED, "Obj"),
        ]
        s = Solver(ctx)
        for i, (srt, kind, text) in enumerate(cases):
            self.assertEqual(srt.kind, kind)
            self.assertEqual(srt.sexpr(), text)
            v = Const("v%d" % i, srt)
            self.assertEqual(v.sort(), srt)
        self.assertEqual(s.check(), sat)
        m = s.model()
        self.assertIsInstance(m["v0"], bool)
        self.assertIsInstance(m["v2"], int)
        self.assertIsInstance(m["v6"], float)
        self.assertIn(m["v9"], ferret.RM_NAMES)
        self.assertTrue(m["v10"].startswith("((as const"), m["v10"])
        self.assertEqual(m["v11"], "Obj!val!0")
        self.assertRaises(FerretError, BitVecSort, 0, ctx)

    def test_arrays_functions_and_uninterpreted_values(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        A = Array("A", BitVecSort(8, ctx), BitVecSort(8, ctx))
        i = BitVec("i", 8, ctx)
        fn = Function("fn", BitVecSort(8, ctx), BitVecSort(8, ctx))
        U = DeclareSort("U", ctx)
        a, b = Const("a", U), Const("b", U)
        s.add(A[i] == 7, ULT(i, 3), fn(i) == 9, fn(A[i]) == 1, a != b)
        self.assertEqual(s.check(), sat)
        m = s.model()
        iv = m[i]
        self.assertLess(iv, 3)
        self.assertEqual(m.eval(A[i]), 7)
        self.assertEqual(m.eval(fn(i)), 9)
        self.assertEqual(m.eval(fn(BitVecVal(7, 8, ctx))), 1)
        self.assertNotEqual(m[a], m[b])
        self.assertIn("lambda", m[fn])


class PythonOperators(unittest.TestCase):
    """What each Python operator computes, against Python's integers and
    floats (an independent implementation)."""

    def test_bv_operators_as_z3py(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        x, y = BitVec("x", 8, ctx), BitVec("y", 8, ctx)
        sg = lambda v: v - 256 if v >= 128 else v
        def smod(a, b):
            if b == 0:
                return a
            r = abs(a) % abs(b)
            if r == 0:
                return 0
            if (a < 0) == (b < 0):
                return r if a >= 0 else -r
            return (abs(b) - r) if b > 0 else (r - abs(b))
        def sdiv(a, b):
            if b == 0:
                return 1 if a < 0 else -1
            q = abs(a) // abs(b)
            return q if (a < 0) == (b < 0) else -q
        ops = [
            (lambda a, b: a + b, lambda a, b: a + b),
            (lambda a, b: a - b, lambda a, b: a - b),
            (lambda a, b: a * b, lambda a, b: a * b),
            (lambda a, b: a & b, lambda a, b: a & b),
            (lambda a, b: a | b, lambda a, b: a | b),
            (lambda a, b: a ^ b, lambda a, b: a ^ b),
            (lambda a, b: a << b, lambda a, b: a << b if b < 8 else 0),
            (lambda a, b: a >> b, lambda a, b: sg(a) >> min(b, 7)),
            (lambda a, b: LShR(a, b), lambda a, b: a >> b),
            (lambda a, b: a / b, lambda a, b: sdiv(sg(a), sg(b))),
            (lambda a, b: a % b, lambda a, b: smod(sg(a), sg(b))),
            (lambda a, b: UDiv(a, b), lambda a, b: a // b if b else 255),
            (lambda a, b: URem(a, b), lambda a, b: a % b if b else a),
            (lambda a, b: -a, lambda a, b: -a),
            (lambda a, b: ~a, lambda a, b: ~a),
        ]
        cmps = [
            (lambda a, b: a < b, lambda a, b: sg(a) < sg(b)),
            (lambda a, b: a <= b, lambda a, b: sg(a) <= sg(b)),
            (lambda a, b: a > b, lambda a, b: sg(a) > sg(b)),
            (lambda a, b: a >= b, lambda a, b: sg(a) >= sg(b)),
            (lambda a, b: ULT(a, b), lambda a, b: a < b),
            (lambda a, b: UGE(a, b), lambda a, b: a >= b),
        ]
        rnd = random.Random(11)
        pairs = [(0, 0), (255, 1), (128, 255), (7, 0)] + [
            (rnd.getrandbits(8), rnd.getrandbits(8)) for _ in range(6)]
        out = BitVec("out", 8, ctx)
        p = Bool("p", ctx)
        for a, b in pairs:
            for build, want in ops:
                s.push()
                s.add(x == a, y == b, out == build(x, y))
                self.assertEqual(s.check(), sat)
                self.assertEqual(s.model()[out], want(a, b) % 256, (a, b, want))
                s.pop()
            for build, want in cmps:
                s.push()
                s.add(x == a, y == b, p == build(x, y))
                self.assertEqual(s.check(), sat)
                self.assertEqual(s.model()[p], want(a, b), (a, b))
                s.pop()

    def test_fp_operators_against_python_floats(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        f64 = Float64(ctx)
        f, g, out = FP("f", f64), FP("g", f64), FP("out", f64)
        p = Bool("p", ctx)
        rnd = random.Random(2)
        vals = [0.0, -0.0, 1.5, -2.25, 1e308, 5e-324, float("inf"), float("nan"), 3.0]
        vals += [rnd.uniform(-1e6, 1e6) for _ in range(4)]
        def same(a, b):
            return (a != a and b != b) or (a == b and math.copysign(1, a) == math.copysign(1, b))
        ops = [
            (lambda a, b: a + b, lambda a, b: a + b),
            (lambda a, b: a - b, lambda a, b: a - b),
            (lambda a, b: a * b, lambda a, b: a * b),
            (lambda a, b: fpSqrt(RNE(ctx), a), lambda a, b: math.sqrt(a) if a >= 0 or a != a
             else float("nan")),
            (lambda a, b: fpRem(a, b), lambda a, b: math.remainder(a, b)
             if b != 0 and not math.isinf(a) and a == a and b == b else
             (a if math.isinf(b) and not math.isinf(a) else float("nan"))),
            (lambda a, b: -a, lambda a, b: -a),
            (lambda a, b: abs(a), lambda a, b: abs(a)),
        ]
        for a in vals:
            for b in vals[:6]:
                for build, want in ops:
                    try:
                        w = want(a, b)
                    except (ZeroDivisionError, OverflowError, ValueError):
                        continue
                    s.push()
                    s.add(f == FPVal(a, f64), g == FPVal(b, f64), out == build(f, g))
                    self.assertEqual(s.check(), sat)
                    got = s.model()[out]
                    s.pop()
                    self.assertTrue(same(got, w), (a, b, got, w))
                for build, want in [(lambda a, b: a < b, lambda a, b: a < b),
                                    (lambda a, b: a >= b, lambda a, b: a >= b),
                                    (lambda a, b: fpEQ(a, b), lambda a, b: a == b)]:
                    s.push()
                    s.add(f == FPVal(a, f64), g == FPVal(b, f64), p == build(f, g))
                    self.assertEqual(s.check(), sat)
                    self.assertEqual(s.model()[p], want(a, b), (a, b))
                    s.pop()
        # division, with the rounding mode of each: against the exact quotient
        f32 = Float32(ctx)
        f, g, out = FP("f3", f32), FP("g3", f32), FP("o3", f32)
        for rm in ferret.RM_NAMES:
            s.push()
            s.add(f == FPVal(1.0, f32), g == FPVal(3.0, f32),
                  out == fpDiv(RoundingMode(rm, ctx), f, g))
            self.assertEqual(s.check(), sat)
            self.assertEqual(s.model()[out].bits, round_to_bits(Fraction(1, 3), 8, 24, rm))
            s.pop()


class OverflowPredicates(unittest.TestCase):
    def test_no_overflow_helpers_as_z3py(self):
        ctx = Context(seed=1)
        s = Solver(ctx)
        x, y = BitVec("ox", 8, ctx), BitVec("oy", 8, ctx)
        p = Bool("op", ctx)
        sg = lambda v: v - 256 if v >= 128 else v
        fits_s = lambda v: -128 <= v <= 127
        cases = [
            (lambda: BVAddNoOverflow(x, y, True), lambda a, b: fits_s(sg(a) + sg(b))),
            (lambda: BVAddNoOverflow(x, y, False), lambda a, b: a + b < 256),
            (lambda: BVMulNoOverflow(x, y, True), lambda a, b: fits_s(sg(a) * sg(b))),
            (lambda: BVMulNoOverflow(x, y, False), lambda a, b: a * b < 256),
            (lambda: BVSubNoUnderflow(x, y, True), lambda a, b: fits_s(sg(a) - sg(b))),
            (lambda: BVSubNoUnderflow(x, y, False), lambda a, b: a >= b),
            (lambda: BVSDivNoOverflow(x, y), lambda a, b: not (a == 128 and b == 255)),
            (lambda: BVSNegNoOverflow(x), lambda a, b: a != 128),
        ]
        rnd = random.Random(1)
        pairs = [(127, 1), (128, 255), (200, 100), (16, 16), (3, 5), (0, 1), (128, 1)]
        pairs += [(rnd.getrandbits(8), rnd.getrandbits(8)) for _ in range(5)]
        for a, b in pairs:
            for build, want in cases:
                s.push()
                s.add(x == a, y == b, p == build())
                self.assertEqual(s.check(), sat)
                self.assertEqual(s.model()[p], want(a, b), (a, b, want))
                s.pop()


class Options(unittest.TestCase):
    def test_every_option_can_be_set_and_read(self):
        table = ferret.option_table()
        self.assertIn("seed", table)
        self.assertIn("timeout", table)
        for name, o in table.items():
            ctx = Context()
            if o["values"]:
                last = len(o["values"]) - 1
                ctx.set(**{name: o["values"][last]})
                self.assertEqual(ctx.get(name), last, name)
            else:
                v = o["max"] if o["max"] - o["min"] < 1000 else o["min"] + 1
                ctx.set(**{name: v})
                self.assertEqual(ctx.get(name), v, name)
                if o["min"] == 0 and o["max"] == 1:
                    ctx.set(**{name: False})
                    self.assertEqual(ctx.get(name), 0)
            if o["max"] < 2 ** 62:
                self.assertRaises(ferret.OptionError, ctx.set, **{name: o["max"] + 1})

    def test_options_by_keyword_change_the_search(self):
        ctx = Context(max_execs=1, seed=1)
        s = Solver(ctx)
        x = BitVec("x", 64, ctx)
        s.add(x * x == 2)  # no solution: squares mod 8 are 0, 1, 4
        self.assertEqual(s.check(), unknown)
        self.assertEqual(s.reason_unknown(), "budget")
        self.assertLessEqual(s.statistics()["execs"], 1024)
        ctx.set(max_execs=100000)
        self.assertEqual(s.check(), unknown)
        self.assertGreaterEqual(s.statistics()["execs"], 100000)
        self.assertLess(s.statistics()["execs"], 200000)
        self.assertRaises(ferret.OptionError, Context, no_such_option=1)
        self.assertRaises(ferret.OptionError, ctx.get, "no_such_option")
        self.assertEqual(ctx.get("max-execs"), 100000)
        self.assertRaises(ferret.OptionError, Context, encoding="no-such-encoding")


class Errors(unittest.TestCase):
    def test_parse_error_has_line_and_column(self):
        ctx = Context()
        s = Solver(ctx)
        with self.assertRaises(ferret.ParseError) as cm:
            s.from_smtlib("(declare-const a (_ BitVec 8))\n(assert (= a #x01)\n", "q.smt2")
        e = cm.exception
        self.assertEqual((e.status, e.source), ("parse", "q.smt2"))
        self.assertEqual(e.line, 3)
        self.assertIn("q.smt2:3:", str(e))

    def test_sort_error_from_text_and_terms(self):
        ctx = Context()
        s = Solver(ctx)
        with self.assertRaises(ferret.SortError) as cm:
            s.from_smtlib("(declare-const a (_ BitVec 8))\n  (assert (bvadd a true))")
        self.assertEqual((cm.exception.line, cm.exception.column), (2, 11))
        with self.assertRaises(ferret.SortError):
            BitVec("p", 8, ctx) + BitVec("q", 16, ctx)
        with self.assertRaises(ferret.SortError):
            ferret.parse_term("(bvadd a nope)", ctx)
        with self.assertRaises(ferret.ParseError) as cm:
            ferret.parse_term("\n (bvadd a", ctx)
        self.assertEqual(cm.exception.line, 2)

    def test_misuse_is_an_exception_not_an_abort(self):
        c1, c2 = Context(), Context()
        x, y = BitVec("x", 8, c1), BitVec("y", 8, c2)
        self.assertRaises(FerretError, lambda: x + y)
        p, q = Bool("p", c1), Bool("q", c2)
        self.assertRaises(FerretError, And, p, q)
        self.assertRaises(FerretError, And, p, p, q)
        self.assertRaises(FerretError, If, p, x, y)
        self.assertRaises(FerretError, ferret.mk_term, 999, [x])
        self.assertRaises(FerretError, ferret.mk_term, "TRUE", [x])
        self.assertRaises(FerretError, ferret.apply, "const", x, indices=(12345,))
        self.assertRaises(FerretError, ferret.apply, "extract", x, indices=(-1, 0))
        self.assertRaises(FerretError, ArraySort, BitVecSort(8, c1), BitVecSort(8, c2))
        self.assertRaises(FerretError, RotateLeft, x, 2 ** 40)  # not wrapped to 0
        self.assertRaises(FerretError, Solver(c1).push, 2 ** 32 + 5)  # not wrapped to 5
        self.assertRaises(FerretError, Solver(c1).pop, -1)
        self.assertRaises(FerretError, Solver(c2).add, x == 1)
        s = Solver(c1)
        self.assertRaises(FerretError, s.model)  # no check yet
        s.add(x == 1, x == 2)
        self.assertEqual(s.check(), unsat)
        self.assertRaises(ferret.CommandError, s.model)
        self.assertRaises(FerretError, s.pop, 5)
        self.assertRaises(FerretError, s.check, x)  # not a Bool assumption
        self.assertTrue(BitVec("x", 8, c1).eq(x))  # the same variable, as in z3py
        self.assertRaises(ferret.SortError, BitVec, "x", 16, c1)  # name in use
        self.assertRaises(ferret.UnsupportedError, s.from_smtlib, "(declare-const r Real)"
                          "(assert (> r 1.0))")

    def test_stale_model(self):
        ctx = Context()
        s = Solver(ctx)
        x = BitVec("x", 8, ctx)
        s.add(x == 5)
        self.assertEqual(s.check(), sat)
        m = s.model()
        s.add(ULT(x, 9))
        self.assertEqual(m[x], 5)  # the variables' values stay
        self.assertRaises(FerretError, m.eval, x + 1)


if __name__ == "__main__":
    unittest.main()
