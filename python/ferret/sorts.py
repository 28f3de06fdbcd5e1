"""Sorts of a context: Bool, bit-vectors, floating point of any format,
RoundingMode, arrays, uninterpreted sorts."""
from ._lib import lib
from ._names import public
from .context import _ctx
from .errors import FerretError

# ----------------------------------------------------------------- sorts

SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, SORT_REAL, SORT_ARRAY, SORT_UNINTERPRETED = range(1, 8)


class Sort:
    """A sort of a context (BoolSort(), BitVecSort(32), FPSort(8, 24), ...)."""

    __slots__ = ("ctx", "id")

    def __init__(self, ctx, sid):
        self.ctx, self.id = ctx, sid

    @property
    def kind(self):
        return self.ctx._sort(self.id)[0]

    def size(self):
        """The width of a bit-vector sort."""
        return self.ctx._sort(self.id)[1]

    def ebits(self):
        return self.ctx._sort(self.id)[1]

    def sbits(self):
        return self.ctx._sort(self.id)[2]

    def domain(self):
        return Sort(self.ctx, self.ctx._sort(self.id)[1])

    def range(self):
        return Sort(self.ctx, self.ctx._sort(self.id)[2])

    def bits(self):
        """Bits of a value of this sort (Bool 1, BV width, FP eb+sb, RM 3)."""
        k, a, b = self.ctx._sort(self.id)
        return {SORT_BOOL: 1, SORT_BV: a, SORT_FP: a + b, SORT_RM: 3}.get(k, 0)

    def name(self):
        n = lib.ferret_sort_name(self.ctx._p, self.id)
        return n.decode() if n else None

    def sexpr(self):
        k, a, b = self.ctx._sort(self.id)
        if k == SORT_BOOL:
            return "Bool"
        if k == SORT_BV:
            return "(_ BitVec %d)" % a
        if k == SORT_FP:
            return "(_ FloatingPoint %d %d)" % (a, b)
        if k == SORT_RM:
            return "RoundingMode"
        if k == SORT_REAL:
            return "Real"
        if k == SORT_ARRAY:
            return "(Array %s %s)" % (Sort(self.ctx, a).sexpr(), Sort(self.ctx, b).sexpr())
        return _quote(self.name())

    def __eq__(self, other):
        return isinstance(other, Sort) and other.ctx is self.ctx and other.id == self.id

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((id(self.ctx), self.id))

    def __repr__(self):
        return self.sexpr()


def _quote(name):
    import re
    if re.match(r"^[A-Za-z~!@$%^&*_+=<>.?/\-][A-Za-z0-9~!@$%^&*_+=<>.?/\-]*$", name):
        return name
    return "|%s|" % name


def BoolSort(ctx=None):
    c = _ctx(ctx)
    return Sort(c, lib.ferret_sort_bool(c._p))


def RoundingModeSort(ctx=None):
    c = _ctx(ctx)
    return Sort(c, lib.ferret_sort_rm(c._p))


def BitVecSort(width, ctx=None):
    c = _ctx(ctx)
    sid = lib.ferret_sort_bv(c._p, width)
    c._sort(sid)
    return Sort(c, sid)


def FPSort(ebits, sbits, ctx=None):
    c = _ctx(ctx)
    sid = lib.ferret_sort_fp(c._p, ebits, sbits)
    c._sort(sid)
    return Sort(c, sid)


def Float16(ctx=None):
    return FPSort(5, 11, ctx)


def BFloat16(ctx=None):
    return FPSort(8, 8, ctx)


def Float32(ctx=None):
    return FPSort(8, 24, ctx)


def Float64(ctx=None):
    return FPSort(11, 53, ctx)


def Float128(ctx=None):
    return FPSort(15, 113, ctx)


FloatHalf, FloatSingle, FloatDouble, FloatQuadruple = Float16, Float32, Float64, Float128


def ArraySort(index, element):
    c = index.ctx
    if element.ctx is not c:
        raise FerretError("command", "ArraySort: sorts of two different contexts")
    sid = lib.ferret_sort_array(c._p, index.id, element.id)
    c._sort(sid)
    return Sort(c, sid)


def DeclareSort(name, ctx=None):
    """An uninterpreted sort (declare-sort name 0)."""
    c = _ctx(ctx)
    sid = lib.ferret_sort_uninterpreted(c._p, name.encode())
    c._sort(sid)
    return Sort(c, sid)



__all__ = public(globals(), [n for n in globals() if n.startswith("SORT_")])
