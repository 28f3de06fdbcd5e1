"""Every operator of ferret_kind as a function, by z3py's name where z3py
has one (And, If, Extract, ULT, fpAdd, fpToUBV, Select, ...), or by its
SMT-LIB or kind name through apply() and mk_term()."""
from ._names import public
from .consts import BoolVal, RealVal, RoundingMode, _coerce, _coerce_sort
from .context import _ctx
from .errors import FerretError
from .kinds import KIND, KIND_NAMES, SMT_NAMES
from .sorts import ArraySort, Sort
from .terms import BitVecTerm, FPTerm, Term, _bools, _mk, _terms


# operators by name

def _indices(ctx, kind, indices):
    out = []
    for i in indices:
        if isinstance(i, Sort):
            if i.ctx is not ctx:
                raise FerretError("command", "a sort of another context")
            out.append(i.id)
        elif kind == KIND["CONST_ARRAY"]:
            raise FerretError("sort", "const: the index is the array sort (a Sort)")
        elif not isinstance(i, int) or not 0 <= i < 1 << 32:
            raise FerretError("sort", "an index must be an int in 0 .. 2^32-1: %r" % (i,))
        else:
            out.append(i)
    return tuple(out)


def apply(op, *args, indices=()):
    """Apply an operator by SMT-LIB name ('bvadd', 'fp.fma', 'extract') or
    KIND name ('BVUADDO') to terms; indices for indexed operators (the
    array Sort for 'const')."""
    kind = SMT_NAMES.get(op, op)
    if kind not in KIND or KIND[kind] < KIND["NOT"]:
        raise FerretError("sort", "unknown operator %r" % (op,))
    args, ctx = _terms(args)
    if ctx is None:
        raise FerretError("sort", "apply(%r): no term argument" % (op,))
    return _mk(ctx, kind, list(args), _indices(ctx, KIND[kind], indices))


def mk_term(kind, args, indices=()):
    """ferret_mk_term: kind a number or KIND name."""
    if isinstance(kind, str):
        if kind not in KIND:
            raise FerretError("sort", "unknown operator kind %r" % (kind,))
        kind = KIND[kind]
    if not isinstance(kind, int) or not KIND["NOT"] <= kind < len(KIND_NAMES):
        raise FerretError("sort", "not an operator kind: %r" % (kind,))
    args, ctx = _terms(tuple(args))
    if ctx is None:
        raise FerretError("sort", "mk_term: no term argument")
    return _mk(ctx, kind, list(args), _indices(ctx, kind, indices))


def _nary(kind, args, unit):
    args, ctx = _terms(args)
    ctx = _ctx(ctx)
    args = _bools(args, ctx)
    if not args:
        return BoolVal(unit, ctx)
    if len(args) == 1:
        return args[0]
    return _mk(ctx, kind, args)


def And(*args): return _nary("AND", args, True)
def Or(*args): return _nary("OR", args, False)


def Not(a):
    return _mk(a.ctx, "NOT", (a,))


def Xor(a, b):
    a, b = _pair(a, b)
    return _mk(a.ctx, "XOR", (a, b))


def Implies(a, b):
    a, b = _pair(a, b)
    return _mk(a.ctx, "IMPLIES", (a, b))


def _pair(a, b):
    if not isinstance(a, Term):
        a = _coerce(a, b)
    if not isinstance(b, Term):
        b = _coerce(b, a)
    return a, b


def If(c, a, b):
    if not isinstance(c, Term):
        c = BoolVal(bool(c), (a if isinstance(a, Term) else b).ctx)
    a, b = _pair(a, b)
    return _mk(a.ctx, "ITE", (c, a, b))


def Distinct(*args):
    args, ctx = _terms(args)
    return _mk(ctx, "DISTINCT", list(args))


def Eq(a, b):
    a, b = _pair(a, b)
    return _mk(a.ctx, "EQ", (a, b))


# bit-vectors

def _bv2(kind):
    def f(a, b):
        a, b = _pair(a, b)
        return _mk(a.ctx, kind, (a, b))
    f.__name__ = kind
    f.__doc__ = "(%s a b)" % kind.lower()
    return f


UDiv, URem, SRem, SMod = _bv2("BVUDIV"), _bv2("BVUREM"), _bv2("BVSREM"), _bv2("BVSMOD")
SDiv = _bv2("BVSDIV")
LShR, AShR, Shl = _bv2("BVLSHR"), _bv2("BVASHR"), _bv2("BVSHL")
ULT, ULE, UGT, UGE = _bv2("BVULT"), _bv2("BVULE"), _bv2("BVUGT"), _bv2("BVUGE")
SLT, SLE, SGT, SGE = _bv2("BVSLT"), _bv2("BVSLE"), _bv2("BVSGT"), _bv2("BVSGE")
BVNand, BVNor, BVXnor, BVComp = _bv2("BVNAND"), _bv2("BVNOR"), _bv2("BVXNOR"), _bv2("BVCOMP")
BVUAddO, BVSAddO, BVUMulO, BVSMulO = (_bv2("BVUADDO"), _bv2("BVSADDO"), _bv2("BVUMULO"),
                                      _bv2("BVSMULO"))
BVUSubO, BVSSubO, BVSDivO = _bv2("BVUSUBO"), _bv2("BVSSUBO"), _bv2("BVSDIVO")


def BVNegO(a): return _mk(a.ctx, "BVNEGO", (a,))
def BVRedAnd(a): return _mk(a.ctx, "BVREDAND", (a,))
def BVRedOr(a): return _mk(a.ctx, "BVREDOR", (a,))


def BVAddNoOverflow(a, b, signed):
    a, b = _pair(a, b)
    return Not(_mk(a.ctx, "BVSADDO" if signed else "BVUADDO", (a, b)))


def BVMulNoOverflow(a, b, signed):
    a, b = _pair(a, b)
    return Not(_mk(a.ctx, "BVSMULO" if signed else "BVUMULO", (a, b)))


def BVSubNoUnderflow(a, b, signed):
    a, b = _pair(a, b)
    return Not(_mk(a.ctx, "BVSSUBO" if signed else "BVUSUBO", (a, b)))


def BVSDivNoOverflow(a, b):
    a, b = _pair(a, b)
    return Not(_mk(a.ctx, "BVSDIVO", (a, b)))


def BVSNegNoOverflow(a):
    return Not(BVNegO(a))


def Concat(*args):
    args, ctx = _terms(args)
    return _mk(ctx, "CONCAT", list(args))


def Extract(high, low, a):
    return _mk(a.ctx, "EXTRACT", (a,), (high, low))


def ZeroExt(n, a):
    return _mk(a.ctx, "ZERO_EXTEND", (a,), (n,))


def SignExt(n, a):
    return _mk(a.ctx, "SIGN_EXTEND", (a,), (n,))


def RepeatBitVec(n, a):
    return _mk(a.ctx, "REPEAT", (a,), (n,))


def RotateLeft(a, n):
    """Rotate by a constant amount n (an int)."""
    return _mk(a.ctx, "ROTATE_LEFT", (a,), (int(n),))


def RotateRight(a, n):
    return _mk(a.ctx, "ROTATE_RIGHT", (a,), (int(n),))


# floating point

def _rmt(rm, ctx):
    return rm if isinstance(rm, Term) else RoundingMode(rm, ctx)


def _fp_rm2(kind):
    def f(rm, a, b):
        a, b = _pair(a, b)
        return _mk(a.ctx, kind, (_rmt(rm, a.ctx), a, b))
    f.__name__ = kind
    return f


fpAdd, fpSub, fpMul, fpDiv = (_fp_rm2("FP_ADD"), _fp_rm2("FP_SUB"), _fp_rm2("FP_MUL"),
                              _fp_rm2("FP_DIV"))


def fpFMA(rm, a, b, c):
    a, b = _pair(a, b)
    c = _coerce(c, a)
    return _mk(a.ctx, "FP_FMA", (_rmt(rm, a.ctx), a, b, c))


def fpSqrt(rm, a):
    return _mk(a.ctx, "FP_SQRT", (_rmt(rm, a.ctx), a))


def fpRoundToIntegral(rm, a):
    return _mk(a.ctx, "FP_RTI", (_rmt(rm, a.ctx), a))


def _fp2(kind):
    def f(a, b):
        a, b = _pair(a, b)
        return _mk(a.ctx, kind, (a, b))
    f.__name__ = kind
    return f


def _fp1(kind):
    def f(a):
        return _mk(a.ctx, kind, (a,))
    f.__name__ = kind
    return f


fpRem, fpMin, fpMax = _fp2("FP_REM"), _fp2("FP_MIN"), _fp2("FP_MAX")
fpLEQ, fpLT, fpGEQ, fpGT, fpEQ = (_fp2("FP_LEQ"), _fp2("FP_LT"), _fp2("FP_GEQ"),
                                  _fp2("FP_GT"), _fp2("FP_EQ"))
fpAbs, fpNeg = _fp1("FP_ABS"), _fp1("FP_NEG")
fpIsNormal, fpIsSubnormal, fpIsZero = (_fp1("FP_IS_NORMAL"), _fp1("FP_IS_SUBNORMAL"),
                                       _fp1("FP_IS_ZERO"))
fpIsInf, fpIsNaN = _fp1("FP_IS_INF"), _fp1("FP_IS_NAN")
fpIsNegative, fpIsPositive = _fp1("FP_IS_NEG"), _fp1("FP_IS_POS")
fpToIEEEBV = _fp1("FP_TO_IEEE_BV")


def fpNEQ(a, b):
    return Not(fpEQ(a, b))


def fpFP(sign, exponent, significand):
    """(fp sign exponent significand) from three BV terms."""
    return _mk(sign.ctx, "FP", (sign, exponent, significand))


def fpBVToFP(bv, sort):
    """((_ to_fp eb sb) bv): the bit pattern bv read as a float."""
    return _mk(bv.ctx, "TO_FP_BV", (bv,), (sort.ebits(), sort.sbits()))


def fpFPToFP(rm, a, sort):
    return _mk(a.ctx, "TO_FP_FP", (_rmt(rm, a.ctx), a), (sort.ebits(), sort.sbits()))


def fpSignedToFP(rm, bv, sort):
    return _mk(bv.ctx, "TO_FP_SBV", (_rmt(rm, bv.ctx), bv), (sort.ebits(), sort.sbits()))


def fpUnsignedToFP(rm, bv, sort):
    return _mk(bv.ctx, "TO_FP_UBV", (_rmt(rm, bv.ctx), bv), (sort.ebits(), sort.sbits()))


def fpRealToFP(rm, value, sort):
    """((_ to_fp eb sb) rm r) of an exact rational value (a Fraction, int,
    float or RealVal term)."""
    r = value if isinstance(value, Term) else RealVal(value, sort.ctx)
    return _mk(sort.ctx, "TO_FP_REAL", (_rmt(rm, sort.ctx), r), (sort.ebits(), sort.sbits()))


def fpToFP(a1, a2=None, a3=None):
    """z3py's fpToFP: fpToFP(bv, sort), or fpToFP(rm, fp_or_signed_bv_or_real, sort)."""
    if a3 is None:
        return fpBVToFP(a1, a2)
    if isinstance(a2, FPTerm):
        return fpFPToFP(a1, a2, a3)
    if isinstance(a2, BitVecTerm):
        return fpSignedToFP(a1, a2, a3)
    return fpRealToFP(a1, a2, a3)


def fpToUBV(rm, a, sort):
    """(_ fp.to_ubv w) with sort a BitVecSort (or the width as an int)."""
    w = sort.size() if isinstance(sort, Sort) else int(sort)
    return _mk(a.ctx, "FP_TO_UBV", (_rmt(rm, a.ctx), a), (w,))


def fpToSBV(rm, a, sort):
    w = sort.size() if isinstance(sort, Sort) else int(sort)
    return _mk(a.ctx, "FP_TO_SBV", (_rmt(rm, a.ctx), a), (w,))


# arrays

def Select(a, i):
    i = i if isinstance(i, Term) else _coerce_sort(i, a.sort().domain())
    return _mk(a.ctx, "SELECT", (a, i))


def Store(a, i, v):
    s = a.sort()
    i = i if isinstance(i, Term) else _coerce_sort(i, s.domain())
    v = v if isinstance(v, Term) else _coerce_sort(v, s.range())
    return _mk(a.ctx, "STORE", (a, i, v))


def K(index_sort, value):
    """The constant array of index_sort whose every element is value."""
    v = value
    if not isinstance(v, Term):
        raise FerretError("sort", "K: the element must be a term")
    s = ArraySort(index_sort, v.sort())
    return _mk(v.ctx, "CONST_ARRAY", (v,), (s.id,))


__all__ = public(globals())
