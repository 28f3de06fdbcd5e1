"""Contexts, sorts and terms: constants, variables and the Python operators
(the other operators: ops.py; the solver and its models: solver.py).

Names follow z3py where z3py has them (BitVec, FP, fpAdd, If, Solver, ...),
so that code written for z3py reads the same; the operators are ferret's,
listed in ferret.h (ferret_kind), and every one of them can also be applied
by its SMT-LIB name with apply("bvnego", x) or by kind with mk_term.
"""
import ctypes
import json
import sys
import threading
from fractions import Fraction

from . import _interrupt
from ._lib import WRITE_FN, OptionDesc, lib, term_t
from .values import FPValue, rm_index, round_to_bits

# ----------------------------------------------------------------- errors

STATUS_NAMES = ("ok", "parse", "sort", "unsupported", "command", "limit", "io", "option")


class FerretError(Exception):
    """An error ferret reported: status (a name from STATUS_NAMES), message,
    source, line and column (1-based, 0 when the error has no position)."""

    def __init__(self, status, message, source=None, line=0, column=0):
        self.status = status
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        where = ""
        if line:
            where = "%s:%d:%d: " % (source or "<text>", line, column)
        Exception.__init__(self, "%s%s (%s error)" % (where, message, status))


class ParseError(FerretError):
    pass


class SortError(FerretError):
    pass


class UnsupportedError(FerretError):
    pass


class CommandError(FerretError):
    pass


class LimitError(FerretError):
    pass


class IOFerretError(FerretError):
    pass


class OptionError(FerretError):
    pass


_ERROR_CLASSES = (FerretError, ParseError, SortError, UnsupportedError, CommandError,
                  LimitError, IOFerretError, OptionError)


def _error_from(ctx):
    e = lib.ferret_error(ctx._p).contents
    st = e.status if 0 <= e.status < len(STATUS_NAMES) else 0
    msg = (e.message or b"").decode("utf-8", "replace") or "error"
    src = e.source.decode("utf-8", "replace") if e.source else None
    return _ERROR_CLASSES[st](STATUS_NAMES[st], msg, src, e.line, e.column)


# ----------------------------------------------------------------- results

class CheckSatResult:
    """sat, unsat or unknown, as z3py's; compares equal to its name too."""

    __slots__ = ("code", "name")

    def __init__(self, code, name):
        self.code, self.name = code, name

    def __eq__(self, other):
        if isinstance(other, CheckSatResult):
            return self.code == other.code
        if isinstance(other, str):
            return self.name == other
        try:  # z3py's CheckSatResult: compare by its printed name
            return self.name == repr(other)
        except Exception:
            return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return self.code

    def __repr__(self):
        return self.name

    __str__ = __repr__


sat = CheckSatResult(10, "sat")
unsat = CheckSatResult(20, "unsat")
unknown = CheckSatResult(0, "unknown")
_RESULTS = {10: sat, 20: unsat, 0: unknown}

# ----------------------------------------------------------------- kinds

KIND_NAMES = (
    "TRUE FALSE CONST VAR REAL PARAM NOT IMPLIES AND OR XOR EQ DISTINCT ITE CONCAT EXTRACT "
    "REPEAT ZERO_EXTEND SIGN_EXTEND ROTATE_LEFT ROTATE_RIGHT BVNOT BVNEG BVAND BVOR BVXOR "
    "BVNAND BVNOR BVXNOR BVCOMP BVADD BVSUB BVMUL BVUDIV BVUREM BVSDIV BVSREM BVSMOD BVSHL "
    "BVLSHR BVASHR BVULT BVULE BVUGT BVUGE BVSLT BVSLE BVSGT BVSGE BVNEGO BVUADDO BVSADDO "
    "BVUMULO BVSMULO BVUSUBO BVSSUBO BVSDIVO BVREDAND BVREDOR FP FP_ABS FP_NEG FP_ADD FP_SUB "
    "FP_MUL FP_DIV FP_FMA FP_SQRT FP_REM FP_RTI FP_MIN FP_MAX FP_LEQ FP_LT FP_GEQ FP_GT FP_EQ "
    "FP_IS_NORMAL FP_IS_SUBNORMAL FP_IS_ZERO FP_IS_INF FP_IS_NAN FP_IS_NEG FP_IS_POS TO_FP_BV "
    "TO_FP_FP TO_FP_SBV TO_FP_REAL TO_FP_UBV FP_TO_UBV FP_TO_SBV FP_TO_IEEE_BV SELECT STORE "
    "CONST_ARRAY APPLY").split()
KIND = {n: i for i, n in enumerate(KIND_NAMES)}

# SMT-LIB operator names of the applicable kinds (apply("bvadd", ...)).
SMT_NAMES = {
    "not": "NOT", "=>": "IMPLIES", "and": "AND", "or": "OR", "xor": "XOR", "=": "EQ",
    "distinct": "DISTINCT", "ite": "ITE", "concat": "CONCAT", "extract": "EXTRACT",
    "repeat": "REPEAT", "zero_extend": "ZERO_EXTEND", "sign_extend": "SIGN_EXTEND",
    "rotate_left": "ROTATE_LEFT", "rotate_right": "ROTATE_RIGHT", "fp": "FP",
    "fp.abs": "FP_ABS", "fp.neg": "FP_NEG", "fp.add": "FP_ADD", "fp.sub": "FP_SUB",
    "fp.mul": "FP_MUL", "fp.div": "FP_DIV", "fp.fma": "FP_FMA", "fp.sqrt": "FP_SQRT",
    "fp.rem": "FP_REM", "fp.roundToIntegral": "FP_RTI", "fp.min": "FP_MIN",
    "fp.max": "FP_MAX", "fp.leq": "FP_LEQ", "fp.lt": "FP_LT", "fp.geq": "FP_GEQ",
    "fp.gt": "FP_GT", "fp.eq": "FP_EQ", "fp.isNormal": "FP_IS_NORMAL",
    "fp.isSubnormal": "FP_IS_SUBNORMAL", "fp.isZero": "FP_IS_ZERO",
    "fp.isInfinite": "FP_IS_INF", "fp.isNaN": "FP_IS_NAN", "fp.isNegative": "FP_IS_NEG",
    "fp.isPositive": "FP_IS_POS", "to_fp": "TO_FP_BV", "to_fp_unsigned": "TO_FP_UBV",
    "fp.to_ubv": "FP_TO_UBV", "fp.to_sbv": "FP_TO_SBV", "to_ieee_bv": "FP_TO_IEEE_BV",
    "select": "SELECT", "store": "STORE", "const": "CONST_ARRAY", "apply": "APPLY",
}
for _k in KIND_NAMES:
    if _k.startswith("BV"):
        SMT_NAMES[_k.lower()] = _k

# ----------------------------------------------------------------- options


def option_table():
    """Every option ferret_set_option takes: name -> dict(default, min, max,
    description, values) (values: the names of a choice option, or None)."""
    out = {}
    d = OptionDesc()
    i = 0
    while lib.ferret_option_info(i, ctypes.byref(d)):
        out[d.name.decode()] = {
            "default": d.default_value, "min": d.min, "max": d.max,
            "description": d.description.decode("utf-8", "replace"),
            "values": d.values.decode().split("|") if d.values else None}
        i += 1
    return out


_OPTION_NAMES = []


def _option_names():
    if not _OPTION_NAMES:
        _OPTION_NAMES.append(frozenset(option_table()))
    return _OPTION_NAMES[0]


def _option_text(value):
    if value is True:
        return b"true"
    if value is False:
        return b"false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).encode()


# ----------------------------------------------------------------- context

_tls = threading.local()


def main_ctx():
    """The calling thread's default context (made at first use); each thread
    has its own, so threads never share one by accident."""
    c = getattr(_tls, "ctx", None)
    if c is None:
        c = _tls.ctx = Context()
    return c


def _ctx(ctx):
    return ctx if ctx is not None else main_ctx()


class Context:
    """A ferret context: a term store, one assertion stack, options.

    Options are given by keyword, with the names of the command-line flags
    (``Context(seed=3, timeout=2)``; '-' may be written '_').  Two contexts
    share nothing: two threads may use two contexts at once, and the GIL is
    released while ferret works.  One context must not be used by two threads
    at once."""

    def __init__(self, **options):
        p = lib.ferret_new()
        if not p:
            raise MemoryError("ferret_new: out of memory")
        self._p = p
        self._owned = {}       # key -> (deleter, pointer) of objects in the context
        self._limits = {}      # time limits set through set()
        self._limbs = (ctypes.c_uint64 * 2)()  # values of up to 128 bits are read here
        self._short = False    # a time limit of at most 1 s is set
        self._gen = 0          # bumped by every change of the assertion stack
        self._busy = None      # weak reference to the open iterator (jobs.Run) using it
        self._sorts = {}       # sort id -> (kind, a, b)
        self._capture = None   # list collecting output while capturing
        self._dcapture = None
        self._out_cb = WRITE_FN(self._on_output)
        self._diag_cb = WRITE_FN(self._on_diag)
        lib.ferret_set_output(p, self._out_cb, None)
        lib.ferret_set_diagnostic(p, self._diag_cb, None)
        if options:
            self.set(**options)

    def __del__(self):
        p = getattr(self, "_p", None)
        if p:
            busy = getattr(self, "_busy", None)
            run = busy() if busy is not None else None
            if run is not None:  # a search still running in it: end it first
                try:
                    run.close()
                except Exception:
                    pass
            # Objects living in the context (concolic contexts, coverage
            # trackers) go first: the garbage collector may finalize the
            # context before them when both become garbage together.
            for deleter, q in list(self._owned.values()):
                deleter(q)
            self._owned.clear()
            self._p = None
            lib.ferret_delete(p)

    def _own(self, key, deleter, ptr):
        self._owned[key] = (deleter, ptr)

    def _release(self, key):
        """Delete an owned object now (once, whoever comes first)."""
        entry = self._owned.pop(key, None)
        if entry:
            entry[0](entry[1])

    # sinks: SMT-LIB output and diagnostics go to sys.stdout / sys.stderr
    # (so redirecting them in Python works) unless a call captures them.
    def _on_output(self, user, text, n):
        s = ctypes.string_at(text, n).decode("utf-8", "replace")
        if self._capture is not None:
            self._capture.append(s)
        else:
            sys.stdout.write(s)

    def _on_diag(self, user, text, n):
        s = ctypes.string_at(text, n).decode("utf-8", "replace")
        if self._dcapture is not None:
            self._dcapture.append(s)
        else:
            sys.stderr.write(s)

    def _check_free(self):
        # An open sample / solve_all iterator holds the context; its search
        # is paused while the caller's loop runs.  Any other use of the
        # context stops that search first (a loop left by `break` leaves
        # its iterator open until then).
        if self._busy is not None:
            run = self._busy()
            if run is not None:
                run.close()
        if not self._p:
            raise FerretError("command", "the context was deleted")

    def set(self, **options):
        """Set options by keyword: seed=1, timeout=2.5, jobs=2, model=True,
        encoding='try-all', ... (ferret.option_table() lists them; a
        timeout with a fraction of a second sets timeout_ms)."""
        self._check_free()
        for name, value in options.items():
            if name == "timeout" and isinstance(value, float) and not value.is_integer():
                # seconds with a fraction: ferret's millisecond limit
                self.set(timeout=0, timeout_ms=max(1, round(value * 1000)))
                continue
            if lib.ferret_set_option(self._p, name.encode(), _option_text(value)):
                raise _error_from(self)
            if name in ("timeout", "timeout_ms", "timeout-ms"):
                self._limits[name.replace("-", "_")] = int(value)
                lim = [self._limits.get("timeout", 0) * 1000, self._limits.get("timeout_ms", 0)]
                lim = [v for v in lim if v > 0]
                # a check with a limit of at most a second ends by itself
                # soon enough: it runs without the Ctrl-C machinery
                self._short = bool(lim) and min(lim) <= 1000

    def get(self, name):
        """The current value of an integer, boolean or choice option (a
        choice as its number)."""
        if name.replace("-", "_") not in _option_names():
            raise OptionError("option", "unknown option '%s'" % name)
        return lib.ferret_get_option(self._p, name.encode())

    def interrupt(self):
        """Ask a running check (or sample, concolic solve, hunt) of this
        context to stop: it answers unknown, reason "interrupted".  Safe to
        call from another thread."""
        if self._p:
            lib.ferret_interrupt(self._p)

    def error(self):
        """The context's last error record as a FerretError (status 'ok' if none)."""
        return _error_from(self)

    # --- capture of what a call prints
    def _run_captured(self, fn, *args):
        self._capture, self._dcapture = [], []
        try:
            rc = fn(*args)
            return rc, "".join(self._capture), "".join(self._dcapture)
        finally:
            self._capture = self._dcapture = None

    def execute(self, text, source=None):
        """Run SMT-LIB commands; returns what they printed.  The first
        failing command raises FerretError (with line and column); as in
        SMT-LIB, the commands after it were still run."""
        self._check_free()
        data = text.encode() if isinstance(text, str) else bytes(text)
        src = source.encode() if source else None
        with _interrupt.searching(self):
            rc, out, diag = self._run_captured(lib.ferret_execute, self._p, src, data,
                                               len(data))
        self._gen += 1
        if rc:
            raise _error_from(self)
        return out

    def statistics(self):
        """Statistics of the last check as a dict (ferret_print_stats)."""
        rc, out, diag = self._run_captured(lib.ferret_print_stats, self._p)
        return _last_json(diag)

    # --- sorts
    def _sort(self, sid):
        if not sid:
            raise _error_from(self)
        info = self._sorts.get(sid)
        if info is None:
            a, b = ctypes.c_uint32(), ctypes.c_uint32()
            k = lib.ferret_sort_info(self._p, sid, ctypes.byref(a), ctypes.byref(b))
            info = self._sorts[sid] = (k, a.value, b.value)
        return info

    def _term(self, tid):
        """Wrap a term id in the Python class of its sort."""
        if not tid:
            raise _error_from(self)
        sid = lib.ferret_term_sort(self._p, tid)
        t = _TERM_CLASS.get(self._sort(sid)[0], Term)(self, tid)
        t._sid = sid
        return t


def _last_json(text):
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                pass
    return {}


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


# ----------------------------------------------------------------- terms

_ARRAYS = [term_t * n for n in range(8)]
_mk_term = lib.ferret_mk_term


def _mk(ctx, kind, args, indices=()):
    """Apply kind (a number or KIND name) to args (Terms) with indices.
    Called for every operator a Python expression applies: kept short."""
    if kind.__class__ is str:
        kind = KIND[kind]
    if ctx._busy is not None:
        ctx._check_free()
    n = len(args)
    if n == 2:
        a0, a1 = args
        if a0.ctx is not ctx or a1.ctx is not ctx:
            _foreign(ctx, args)
        arr = _ARRAYS[2](a0.id, a1.id)
    else:
        for a in args:
            if a.ctx is not ctx:
                _foreign(ctx, args)
        arr = (_ARRAYS[n] if n < 8 else term_t * n)(*[a.id for a in args])
    if indices:
        ni = len(indices)
        for i in indices:
            if not 0 <= i < 1 << 32:
                raise FerretError("sort", "an index must be in 0 .. 2^32-1: %r" % (i,))
        tid = _mk_term(ctx._p, kind, arr, n, (ctypes.c_uint32 * ni)(*indices), ni)
    else:
        tid = _mk_term(ctx._p, kind, arr, n, None, 0)
    cls = _KIND_CLASS[kind]
    if cls is None or not tid:
        return ctx._term(tid)
    return cls(ctx, tid)


def _foreign(ctx, args):
    """A term of another context (or no term) among args: an error here,
    where the C library would take it for misuse and abort."""
    for a in args:
        if not isinstance(a, Term):
            raise FerretError("sort", "not a term: %r" % (a,))
        if a.ctx is not ctx:
            raise FerretError("command", "a term of another context: %r" % (a,))


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
            sid = self._sid = lib.ferret_term_sort(self.ctx._p, self.id)
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

    def eq(self, other):
        """Structural equality (same context, same id)."""
        return isinstance(other, Term) and other.ctx is self.ctx and other.id == self.id

    def __hash__(self):
        return hash((id(self.ctx), self.id))

    def __repr__(self):
        return self.sexpr()

    def __eq__(self, other):
        return _mk(self.ctx, "EQ", (self, _coerce(other, self)))

    def __ne__(self, other):
        return _mk(self.ctx, "DISTINCT", (self, _coerce(other, self)))

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
    __slots__ = ()

    def _b(self, kind, other, swap=False):
        o = _coerce(other, self)
        return _mk(self.ctx, kind, (o, self) if swap else (self, o))

    def __and__(self, o): return self._b("AND", o)
    def __rand__(self, o): return self._b("AND", o, True)
    def __or__(self, o): return self._b("OR", o)
    def __ror__(self, o): return self._b("OR", o, True)
    def __xor__(self, o): return self._b("XOR", o)
    def __rxor__(self, o): return self._b("XOR", o, True)
    def __invert__(self): return _mk(self.ctx, "NOT", (self,))
    __hash__ = Term.__hash__


class BitVecTerm(Term):
    __slots__ = ()

    def size(self):
        return self.ctx._sort(lib.ferret_term_sort(self.ctx._p, self.id))[1]

    def _b(self, kind, other, swap=False):
        o = _coerce(other, self)
        return _mk(self.ctx, kind, (o, self) if swap else (self, o))

    def __add__(self, o): return self._b("BVADD", o)
    def __radd__(self, o): return self._b("BVADD", o, True)
    def __sub__(self, o): return self._b("BVSUB", o)
    def __rsub__(self, o): return self._b("BVSUB", o, True)
    def __mul__(self, o): return self._b("BVMUL", o)
    def __rmul__(self, o): return self._b("BVMUL", o, True)
    # z3py: / is signed division, % the signed modulo (bvsmod)
    def __truediv__(self, o): return self._b("BVSDIV", o)
    def __rtruediv__(self, o): return self._b("BVSDIV", o, True)
    __floordiv__, __rfloordiv__ = __truediv__, __rtruediv__
    def __mod__(self, o): return self._b("BVSMOD", o)
    def __rmod__(self, o): return self._b("BVSMOD", o, True)
    def __and__(self, o): return self._b("BVAND", o)
    def __rand__(self, o): return self._b("BVAND", o, True)
    def __or__(self, o): return self._b("BVOR", o)
    def __ror__(self, o): return self._b("BVOR", o, True)
    def __xor__(self, o): return self._b("BVXOR", o)
    def __rxor__(self, o): return self._b("BVXOR", o, True)
    def __lshift__(self, o): return self._b("BVSHL", o)
    def __rlshift__(self, o): return self._b("BVSHL", o, True)
    # z3py: >> is the arithmetic shift; LShR the logical one
    def __rshift__(self, o): return self._b("BVASHR", o)
    def __rrshift__(self, o): return self._b("BVASHR", o, True)
    def __invert__(self): return _mk(self.ctx, "BVNOT", (self,))
    def __neg__(self): return _mk(self.ctx, "BVNEG", (self,))
    def __pos__(self): return self
    # z3py: comparisons are signed; ULT, ULE, ... the unsigned ones
    def __lt__(self, o): return self._b("BVSLT", o)
    def __le__(self, o): return self._b("BVSLE", o)
    def __gt__(self, o): return self._b("BVSGT", o)
    def __ge__(self, o): return self._b("BVSGE", o)
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
            tid = lib.ferret_mk_bits64(ctx._p, sid, v % (1 << a))
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
        tid = lib.ferret_mk_bits64(c._p, sort.id, bits)
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


def _exports():
    import types
    names = ["sat", "unsat", "unknown", "KIND", "KIND_NAMES", "SMT_NAMES", "STATUS_NAMES"]
    names += [n for n in globals() if n.startswith("SORT_")]
    for n, v in list(globals().items()):
        if (not n.startswith("_") and isinstance(v, (type, types.FunctionType))
                and v.__module__ == __name__):
            names.append(n)
    return names


__all__ = _exports()
