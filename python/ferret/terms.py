"""Terms: ids of a context's hash-consed store wrapped in the Python class
of their sort, with the Python operators z3py gives them (the other
operators are functions: ops.py; constants and variables: consts.py)."""
import ctypes

from ._lib import binop, fast, lib, mk1, mk2, term_bits, term_sort, term_t
from ._names import public
from .errors import FerretError, _error_from
from .kinds import KIND, KIND_NAMES
from .sorts import SORT_ARRAY, SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, SORT_UNINTERPRETED, Sort
from .values import RM_NAMES, FPValue

# ----------------------------------------------------------------- terms

_mk_term = lib.ferret_mk_term


def _mk(ctx, kind, args, indices=()):
    """Apply kind (a number or KIND name) to args (Terms) with indices.
    Called for every operator a Python expression applies: kept short."""
    if kind.__class__ is str:
        kind = KIND[kind]
    if ctx._busy is not None:
        ctx._check_free()
    n = len(args)
    if n == 2 and not indices:
        a0, a1 = args
        if a0.ctx is not ctx or a1.ctx is not ctx:
            _foreign(ctx, args)
        tid = mk2(ctx._p, kind, a0.id, a1.id)
    else:
        for a in args:
            if a.ctx is not ctx:
                _foreign(ctx, args)
        if n == 1 and not indices:
            tid = mk1(ctx._p, kind, args[0].id)
        else:
            tid = _mk_indexed(ctx, kind, args, indices)
    cls = _KIND_CLASS[kind]
    if cls is None or not tid:
        return ctx._term(tid)
    return cls(ctx, tid)


def _mk_indexed(ctx, kind, args, indices):
    n, ni = len(args), len(indices)
    arr = (term_t * n)(*[a.id for a in args])
    for i in indices:
        if not 0 <= i < 1 << 32:
            raise FerretError("sort", "an index must be in 0 .. 2^32-1: %r" % (i,))
    idx = (ctypes.c_uint32 * ni)(*indices) if ni else None
    return _mk_term(ctx._p, kind, arr, n, idx, ni)


def _foreign(ctx, args):
    """A term of another context (or no term) among args: an error here,
    where the C library would take it for misuse and abort."""
    for a in args:
        if not isinstance(a, Term):
            raise FerretError("sort", "not a term: %r" % (a,))
        if a.ctx is not ctx:
            raise FerretError("command", "a term of another context: %r" % (a,))


def _from_bits(k, a, b, v, ctx=None, term=None):
    """The Python value of bits v of a sort (kind k, parameters a, b), in
    ferret_get_value's layout; term: one of that sort (an abstract
    element's name needs its sort's)."""
    if k == SORT_BOOL:
        return bool(v)
    if k == SORT_BV:
        return v
    if k == SORT_FP:
        return FPValue.from_bits(a, b, v)
    if k == SORT_RM:
        return RM_NAMES[v]
    if k == SORT_UNINTERPRETED:
        name = Sort(ctx, term_sort(ctx._p, term.id)).name() if ctx else "U"
        return "%s!val!%d" % (name, v)
    return v


def _const_value(ctx, sort_info, cid, term):
    """The Python value of the constant cid of term's sort (a sample's
    value, a constant term): its bits read by ferret_term_bits."""
    k, a, b = sort_info
    nbits = a if k == SORT_BV else a + b if k == SORT_FP else 64
    bits = term_bits(ctx._p, cid, (nbits + 63) // 64)
    if bits is None:
        raise _error_from(ctx)
    return _from_bits(k, a, b, bits, ctx, term)


def _binary(name, swap=False):
    """The operator method applying kind `name` to self and the other
    operand (swapped: the other first): one call of the extension when it
    takes the case (see _speedups.c, binop), else coerce and apply."""
    kind = KIND[name]

    def general(self, other):
        o = _coerce(other, self)
        return _mk(self.ctx, kind, (o, self) if swap else (self, o))

    if binop is None:
        return general

    def op(self, other):
        r = binop(self, other, kind, swap)
        return general(self, other) if r is None else r

    return op


class Term:
    """A term of a context: an id in its hash-consed store (equal terms,
    equal ids).  ``==`` and ``!=`` build terms, as in z3py; use eq() for
    structural equality."""

    __slots__ = ("ctx", "id", "_sid")

    def __init__(self, ctx, tid):
        self.ctx, self.id, self._sid = ctx, tid, 0

    def _sort_id(self):
        """The sort's id, asked once per Python object."""
        sid = self._sid
        if not sid:
            sid = self._sid = term_sort(self.ctx._p, self.id)
        return sid

    def sort(self):
        return Sort(self.ctx, self._sort_id())

    def kind(self):
        """The operator's name (a KIND_NAMES entry: 'BVADD', 'VAR', ...)."""
        return KIND_NAMES[lib.ferret_term_kind(self.ctx._p, self.id)]

    def num_args(self):
        return lib.ferret_term_nargs(self.ctx._p, self.id)

    def arg(self, i):
        if not 0 <= i < self.num_args():
            raise IndexError(i)
        return self.ctx._term(lib.ferret_term_arg(self.ctx._p, self.id, i))

    def children(self):
        return [self.arg(i) for i in range(self.num_args())]

    def params(self):
        """The indices of an indexed operator ((_ extract 7 0) -> [7, 0])."""
        return [lib.ferret_term_index(self.ctx._p, self.id, i) for i in (0, 1)]

    def sexpr(self):
        s = lib.ferret_term_string(self.ctx._p, self.id)
        if s is None:
            raise _error_from(self.ctx)
        return s.decode("utf-8", "replace")

    def value(self):
        """The Python value of a constant term (BoolVal, BitVecVal, FPVal, a
        rounding mode, a constant read from text): bool, int, FPValue or the
        rounding mode's name, read from its bits.  SortError for any other
        term (a variable, an application)."""
        return _const_value(self.ctx, self.ctx._sort(self._sort_id()), self.id, self)

    def eq(self, other):
        """Structural equality (same context, same id)."""
        return isinstance(other, Term) and other.ctx is self.ctx and other.id == self.id

    def __hash__(self):
        return hash((id(self.ctx), self.id))

    def __repr__(self):
        return self.sexpr()

    __eq__ = _binary("EQ")
    __ne__ = _binary("DISTINCT")

    def __bool__(self):
        # As z3py: `a == b` in a Python condition asks whether the two terms
        # are the same term.
        k = self.kind()
        if k in ("EQ", "DISTINCT") and self.num_args() == 2:
            same = self.arg(0).id == self.arg(1).id
            return same if k == "EQ" else not same
        if k in ("TRUE", "FALSE"):
            return k == "TRUE"
        raise FerretError("command", "a symbolic term has no Python truth value")


class BoolTerm(Term):
    """& | ^ ~ as And, Or, Xor, Not (the binary ones: _operators below)."""
    __slots__ = ()

    def __invert__(self): return _mk(self.ctx, "NOT", (self,))
    __hash__ = Term.__hash__


class BitVecTerm(Term):
    """Arithmetic, bitwise and comparison operators (the binary ones:
    _operators below)."""
    __slots__ = ()

    def size(self):
        return self.ctx._sort(lib.ferret_term_sort(self.ctx._p, self.id))[1]

    def __invert__(self): return _mk(self.ctx, "BVNOT", (self,))
    def __neg__(self): return _mk(self.ctx, "BVNEG", (self,))
    def __pos__(self): return self
    as_long = Term.value  # z3py's name for a BV constant's value
    __hash__ = Term.__hash__


class FPTerm(Term):
    """Python's + - * / on FP terms round to nearest, ties to even, as in
    z3py; the other rounding modes through fpAdd(rm, a, b) etc."""
    __slots__ = ()

    def ebits(self):
        return self.ctx._sort(lib.ferret_term_sort(self.ctx._p, self.id))[1]

    def sbits(self):
        return self.ctx._sort(lib.ferret_term_sort(self.ctx._p, self.id))[2]

    def _rm2(self, kind, o, swap=False):
        o = _coerce(o, self)
        a, b = (o, self) if swap else (self, o)
        return _mk(self.ctx, kind, (RNE(self.ctx), a, b))

    def __add__(self, o): return self._rm2("FP_ADD", o)
    def __radd__(self, o): return self._rm2("FP_ADD", o, True)
    def __sub__(self, o): return self._rm2("FP_SUB", o)
    def __rsub__(self, o): return self._rm2("FP_SUB", o, True)
    def __mul__(self, o): return self._rm2("FP_MUL", o)
    def __rmul__(self, o): return self._rm2("FP_MUL", o, True)
    def __truediv__(self, o): return self._rm2("FP_DIV", o)
    def __rtruediv__(self, o): return self._rm2("FP_DIV", o, True)
    def __mod__(self, o): return _mk(self.ctx, "FP_REM", (self, _coerce(o, self)))
    def __neg__(self): return _mk(self.ctx, "FP_NEG", (self,))
    def __pos__(self): return self
    def __abs__(self): return _mk(self.ctx, "FP_ABS", (self,))
    def __lt__(self, o): return _mk(self.ctx, "FP_LT", (self, _coerce(o, self)))
    def __le__(self, o): return _mk(self.ctx, "FP_LEQ", (self, _coerce(o, self)))
    def __gt__(self, o): return _mk(self.ctx, "FP_GT", (self, _coerce(o, self)))
    def __ge__(self, o): return _mk(self.ctx, "FP_GEQ", (self, _coerce(o, self)))
    __hash__ = Term.__hash__


class RMTerm(Term):
    __slots__ = ()


class ArrayTerm(Term):
    __slots__ = ()

    def __getitem__(self, i):
        i = i if isinstance(i, Term) else _coerce_sort(i, self.sort().domain())
        return _mk(self.ctx, "SELECT", (self, i))


def _operators(cls, both, forward=None):
    """cls's Python operators: __op__ and the reflected __rop__ for each op
    of `both`, __op__ alone for each of `forward` ({op: KIND name})."""
    for op, kind in both.items():
        setattr(cls, "__%s__" % op, _binary(kind))
        setattr(cls, "__r%s__" % op, _binary(kind, True))
    for op, kind in (forward or {}).items():
        setattr(cls, "__%s__" % op, _binary(kind))


_operators(BoolTerm, {"and": "AND", "or": "OR", "xor": "XOR"})
# As in z3py: / and // are the signed division, % the signed modulo
# (bvsmod), >> the arithmetic shift (LShR the logical one), comparisons are
# signed (ULT, ULE, ... the unsigned ones).
_operators(BitVecTerm, {"add": "BVADD", "sub": "BVSUB", "mul": "BVMUL", "truediv": "BVSDIV",
                        "floordiv": "BVSDIV", "mod": "BVSMOD", "and": "BVAND", "or": "BVOR",
                        "xor": "BVXOR", "lshift": "BVSHL", "rshift": "BVASHR"},
           {"lt": "BVSLT", "le": "BVSLE", "gt": "BVSGT", "ge": "BVSGE"})

_TERM_CLASS = {SORT_BOOL: BoolTerm, SORT_BV: BitVecTerm, SORT_FP: FPTerm,
               SORT_RM: RMTerm, SORT_ARRAY: ArrayTerm}


def _kind_classes():
    """The Python class of each operator's result when the operator alone
    fixes it (None: ask the term's sort)."""
    out = [None] * len(KIND_NAMES)
    for i, k in enumerate(KIND_NAMES):
        if k in ("NOT", "IMPLIES", "AND", "OR", "XOR", "EQ", "DISTINCT", "BVREDAND",
                 "BVREDOR") or k.startswith("FP_IS_") or k in (
                 "FP_LEQ", "FP_LT", "FP_GEQ", "FP_GT", "FP_EQ") or (
                 k.startswith("BV") and (k[-1] == "O" or k[2:] in (
                     "ULT", "ULE", "UGT", "UGE", "SLT", "SLE", "SGT", "SGE"))):
            out[i] = BoolTerm
        elif k.startswith("BV") or k in ("CONCAT", "EXTRACT", "REPEAT", "ZERO_EXTEND",
                                         "SIGN_EXTEND", "ROTATE_LEFT", "ROTATE_RIGHT",
                                         "FP_TO_UBV", "FP_TO_SBV", "FP_TO_IEEE_BV"):
            out[i] = BitVecTerm
        elif k.startswith("FP") or k.startswith("TO_FP"):
            out[i] = FPTerm
    out[KIND["BVREDAND"]] = out[KIND["BVREDOR"]] = BitVecTerm  # (_ BitVec 1)
    out[KIND["BVCOMP"]] = BitVecTerm
    return out


_KIND_CLASS = _kind_classes()
if fast is not None:
    fast.bind_terms(Term, _KIND_CLASS)


def _terms(args):
    """Flatten a list argument (z3py's And([a, b]) form) and find the context."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    ctx = None
    for a in args:
        if isinstance(a, Term):
            ctx = a.ctx
            break
    return args, ctx


def _bools(args, ctx):
    out = []
    for a in args:
        out.append(a if isinstance(a, Term) else BoolVal(bool(a), ctx))
    return out


# constants and variables


__all__ = public(globals())

# Python numbers in expressions become constants (consts.py), which are
# terms of the classes above.
from .consts import BoolVal, RNE, _coerce, _coerce_sort  # noqa: E402
