"""Constants and variables: BoolVal, BitVecVal, FPVal (any rational,
every rounding mode, exactly), rounding modes, Const, BitVec, FP,
Function; and the coercion of Python numbers into terms of a given sort."""
import ctypes
from fractions import Fraction

from ._lib import bits64, lib
from ._names import public
from .context import _ctx
from .errors import FerretError, SortError, _error_from
from .kinds import KIND
from .sorts import (SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, ArraySort, BitVecSort, BoolSort, Float64,
                    Sort, _quote)
from .terms import BitVecTerm, BoolTerm, FPTerm, RMTerm, Term, _mk
from .values import FPValue, rm_index, round_to_bits

def _coerce(v, like):
    """v as a term of like's sort (Python bool, int, float, Fraction)."""
    if isinstance(v, Term):
        if v.ctx is not like.ctx:
            raise FerretError("command", "terms of two different contexts")
        return v
    ctx = like.ctx
    sid = like._sid or like._sort_id()
    k, a, b = ctx._sort(sid)
    if isinstance(v, bool) or k == SORT_BOOL:
        return BoolVal(bool(v), ctx)
    if k == SORT_BV and isinstance(v, int):
        # called for every Python int in a BV expression: kept short
        if ctx._busy is not None:
            ctx._check_free()
        if a <= 64:
            tid = bits64(ctx._p, sid, v % (1 << a))
            if tid:
                t = BitVecTerm(ctx, tid)
                t._sid = sid
                return t
            raise _error_from(ctx)
        return BitVecVal(v, Sort(ctx, sid))
    if k == SORT_FP and isinstance(v, (int, float, Fraction, str)):
        return FPVal(v, Sort(ctx, sid))
    if k == SORT_RM and isinstance(v, str):
        return RoundingMode(v, ctx)
    raise FerretError("sort", "cannot use %r as a term of sort %s" % (v, Sort(ctx, sid).sexpr()))


def BoolVal(value, ctx=None):
    c = _ctx(ctx)
    return BoolTerm(c, c._check_free() or _nz(c, lib.ferret_mk_bool(c._p, 1 if value else 0)))


def _nz(ctx, tid):
    if not tid:
        raise _error_from(ctx)
    return tid


def _bits_term(sort, bits):
    c = sort.ctx
    c._check_free()
    k, a, b = c._sort(sort.id)
    nbits = a + b if k == SORT_FP else a
    if nbits <= 64:
        tid = bits64(c._p, sort.id, bits)
    else:
        n = (nbits + 63) // 64
        limbs = (ctypes.c_uint64 * n)(*[(bits >> (64 * i)) & 0xFFFFFFFFFFFFFFFF
                                        for i in range(n)])
        tid = lib.ferret_mk_bits(c._p, sort.id, limbs, n)
    return (FPTerm if k == SORT_FP else BitVecTerm)(c, _nz(c, tid))


def BitVecVal(value, width, ctx=None):
    """A BV constant; width is an int or a BitVecSort; value taken modulo 2^w."""
    s = width if isinstance(width, Sort) else BitVecSort(width, ctx)
    return _bits_term(s, int(value) % (1 << s.size()))


def FPVal(value, sort=None, rm="RNE", ctx=None):
    """An FP constant: value a float, int, Fraction, FPValue or a string
    ('0.1', '1/3', 'nan', '-inf', '-0.0'), rounded to sort with rm exactly
    (FPValue: its bits as they are).  Default sort Float64."""
    s = sort if sort is not None else Float64(ctx)
    if isinstance(value, FPValue) and (value.eb, value.sb) == (s.ebits(), s.sbits()):
        return _bits_term(s, value.bits)
    return _bits_term(s, round_to_bits(value, s.ebits(), s.sbits(), rm))


def FPBits(bits, sort):
    """An FP constant from its bit pattern."""
    return _bits_term(sort, bits)


def fpNaN(sort):
    return FPVal("nan", sort)


def fpPlusInfinity(sort):
    return FPVal("inf", sort)


def fpMinusInfinity(sort):
    return FPVal("-inf", sort)


def fpInfinity(sort, negative):
    return FPVal("-inf" if negative else "inf", sort)


def fpPlusZero(sort):
    return FPVal(0.0, sort)


def fpMinusZero(sort):
    return FPVal("-0.0", sort)


def fpZero(sort, negative):
    return FPVal("-0.0" if negative else 0.0, sort)


def RoundingMode(name, ctx=None):
    """A rounding-mode constant by name (RNE, RNA, RTP, RTN, RTZ or the long names)."""
    c = _ctx(ctx)
    c._check_free()
    return RMTerm(c, _nz(c, lib.ferret_mk_rm(c._p, rm_index(name))))


def RNE(ctx=None): return RoundingMode(0, ctx)
def RNA(ctx=None): return RoundingMode(1, ctx)
def RTP(ctx=None): return RoundingMode(2, ctx)
def RTN(ctx=None): return RoundingMode(3, ctx)
def RTZ(ctx=None): return RoundingMode(4, ctx)


RoundNearestTiesToEven, RoundNearestTiesToAway = RNE, RNA
RoundTowardPositive, RoundTowardNegative, RoundTowardZero = RTP, RTN, RTZ


def RealVal(value, ctx=None):
    """An exact rational (only as the argument of fpRealToFP).  Numerator and
    denominator must fit in 64 bits; larger values: FPVal rounds any rational."""
    c = _ctx(ctx)
    q = Fraction(value)
    num, den = abs(q.numerator), q.denominator
    if num >= 1 << 64 or den >= 1 << 64:
        raise FerretError("limit", "RealVal: numerator and denominator must fit in 64 bits")
    c._check_free()
    return c._term(lib.ferret_mk_real(c._p, 1 if q < 0 else 0, num, den))


def Const(name, sort):
    """A variable (declare-const name sort).  As in z3py, asking again for a
    name declared in scope with the same sort gives the same variable; with
    another sort it is a SortError."""
    c = sort.ctx
    c._check_free()
    tid = lib.ferret_mk_var(c._p, name.encode(), sort.id)
    if not tid:
        err = _error_from(c)
        if isinstance(err, SortError):
            text = _quote(name).encode()
            old = lib.ferret_parse_term(c._p, text, len(text))
            if (old and lib.ferret_term_kind(c._p, old) == KIND["VAR"]
                    and lib.ferret_term_sort(c._p, old) == sort.id
                    and not lib.ferret_term_arity(c._p, old)):
                return c._term(old)
        raise err
    return c._term(tid)


def Consts(names, sort):
    return [Const(n, sort) for n in names.split()]


def Bool(name, ctx=None):
    return Const(name, BoolSort(ctx))


def Bools(names, ctx=None):
    return [Bool(n, ctx) for n in names.split()]


def BitVec(name, width, ctx=None):
    s = width if isinstance(width, Sort) else BitVecSort(width, ctx)
    return Const(name, s)


def BitVecs(names, width, ctx=None):
    return [BitVec(n, width, ctx) for n in names.split()]


def FP(name, sort):
    return Const(name, sort)


def FPs(names, sort):
    return [FP(n, sort) for n in names.split()]


def Array(name, index, element):
    return Const(name, ArraySort(index, element))


class FuncDecl:
    """An uninterpreted function (declare-fun); call it to apply it."""

    __slots__ = ("ctx", "id", "domain", "range")

    def __init__(self, ctx, tid, domain, rng):
        self.ctx, self.id, self.domain, self.range = ctx, tid, domain, rng

    def arity(self):
        return len(self.domain)

    def name(self):
        return lib.ferret_term_string(self.ctx._p, self.id).decode()

    def __call__(self, *args):
        fun = Term(self.ctx, self.id)
        conv = [a if isinstance(a, Term) else _coerce_sort(a, s)
                for a, s in zip(args, self.domain)]
        return _mk(self.ctx, "APPLY", [fun] + conv)

    def __repr__(self):
        return self.name()


def _coerce_sort(v, sort):
    k = sort.kind
    if k == SORT_BOOL:
        return BoolVal(v, sort.ctx)
    if k == SORT_BV:
        return BitVecVal(v, sort)
    if k == SORT_FP:
        return FPVal(v, sort)
    if k == SORT_RM:
        return RoundingMode(v, sort.ctx)
    raise FerretError("sort", "cannot use %r as a value of sort %s" % (v, sort.sexpr()))


def Function(name, *sorts):
    """Function('f', BitVecSort(8), BitVecSort(8), BoolSort()): f from the
    first sorts to the last (declare-fun)."""
    if len(sorts) == 1 and isinstance(sorts[0], (list, tuple)):
        sorts = tuple(sorts[0])
    if not sorts:
        raise FerretError("sort", "Function needs at least a range sort")
    c = sorts[0].ctx
    if any(s.ctx is not c for s in sorts):
        raise FerretError("command", "Function: sorts of two different contexts")
    c._check_free()
    dom, rng = sorts[:-1], sorts[-1]
    if not dom:
        return Const(name, rng)
    arr = (ctypes.c_uint32 * len(dom))(*[s.id for s in dom])
    tid = _nz(c, lib.ferret_mk_fun(c._p, name.encode(), arr, len(dom), rng.id))
    return FuncDecl(c, tid, list(dom), rng)



__all__ = public(globals())
