"""The solver (a context's assertion stack), its models, and SMT-LIB text
in and out.  Model values are Python values: bool, int (BV), FPValue (FP),
the rounding mode's name, U!val!k, SMT-LIB text for arrays and functions.
"""
import ctypes

from . import _interrupt
from ._lib import assert_, check, declared, lib, pop, push, term_sort, term_t, value
from ._names import public
from .consts import BoolVal, FuncDecl
from .context import _ctx
from .errors import _RESULTS, CommandError, FerretError, _error_from, sat
from .sorts import (SORT_ARRAY, SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, SORT_UNINTERPRETED,
                    Sort)
from .terms import _TERM_CLASS, BoolTerm, Term, _from_bits, _terms
from .values import RM_LONG, RM_NAMES


# ----------------------------------------------------------------- values

def _read_value(ctx, term, sort_info):
    """The value of term in the current model as a Python value, and whether
    it depends on a choice SMT-LIB leaves open (fp.min of zeros of two
    signs, fp.to_ubv out of range, ...)."""
    k, a, b = sort_info
    if k in (SORT_BOOL, SORT_RM, SORT_UNINTERPRETED, SORT_BV, SORT_FP):
        bits = a if k == SORT_BV else a + b if k == SORT_FP else 64
        r = value(ctx._p, term.id, (bits + 63) // 64)
        if r.__class__ is int:
            raise _error_from(ctx)
        return _from_bits(k, a, b, r[0], ctx, term), r[1]
    unspec = ctypes.c_int()
    s = lib.ferret_get_value_string(ctx._p, term.id, ctypes.byref(unspec))
    if s is None:
        raise _error_from(ctx)
    return s.decode("utf-8", "replace"), bool(unspec.value)


def to_signed(value, width):
    """A BV value (an int in 0 .. 2^width-1) read as two's complement."""
    return value - (1 << width) if value >> (width - 1) & 1 else value


class Model:
    """A model of a sat answer: a mapping from variables (terms, or their
    names) to Python values (bool; int for BV; FPValue, a float with exact
    fields, for FP; the rounding mode's name; U!val!k for an uninterpreted
    sort; SMT-LIB text for arrays and functions).  The declared variables'
    values are read when the model is made; eval() of other terms works
    until the solver's assertions change.  unspecified(x) says whether x's
    value depends on a choice SMT-LIB leaves open."""

    def __init__(self, ctx, gen):
        self.ctx = ctx
        self._gen = gen
        self._vals = {}
        self._unspec = set()  # ids whose value rests on an unspecified choice
        for tid in declared(ctx._p):
            info = ctx._sort(term_sort(ctx._p, tid))
            t = _TERM_CLASS.get(info[0], Term)(ctx, tid)
            if info[0] == SORT_ARRAY and lib.ferret_term_arity(ctx._p, tid):
                info = (0, 0, 0)  # a function: no bits, its text
            v, unspec = _read_value(ctx, t, info)
            self._vals[tid] = (t, v)
            if unspec:
                self._unspec.add(tid)
        self._names = None  # name -> id, made at the first lookup by name

    def _by_name(self):
        if self._names is None:
            self._names = {t.sexpr(): tid for tid, (t, v) in self._vals.items()}
        return self._names

    def __getitem__(self, key):
        if isinstance(key, str):
            names = self._by_name()
            key = names.get(key) or names.get("|%s|" % key)
            if key is None:
                raise KeyError(key)
            return self._vals[key][1]
        if isinstance(key, FuncDecl):
            return self._vals[key.id][1]
        if isinstance(key, Term) and key.id in self._vals and key.ctx is self.ctx:
            return self._vals[key.id][1]
        return self.eval(key)

    def _eval(self, term):
        """(value, unspecified) of any term in this model."""
        if isinstance(term, FuncDecl):
            term = Term(self.ctx, term.id)
        if term.ctx is not self.ctx:
            raise FerretError("command", "a term of another context")
        if term.id in self._vals:
            return self._vals[term.id][1], term.id in self._unspec
        if self.ctx._gen != self._gen:
            raise CommandError("command", "the model is stale: the assertions changed since "
                              "(its variables' values stay readable)")
        return _read_value(self.ctx, term, self.ctx._sort(
            lib.ferret_term_sort(self.ctx._p, term.id)))

    def eval(self, term, model_completion=True):
        """The value of any term in this model (while it is current)."""
        return self._eval(term)[0]

    evaluate = eval

    def unspecified(self, term):
        """Whether the value of term (a variable or its name, or any term
        while the model is current) depends on a choice SMT-LIB leaves
        open: fp.min and fp.max of +0 and -0, fp.to_ubv and fp.to_sbv of
        NaN, infinities or values out of range (docs/semantics.md says which
        value ferret takes).  A sat model of the assertions never rests on
        one; a term evaluated afterwards may."""
        if isinstance(term, str):
            names = self._by_name()
            tid = names.get(term) or names.get("|%s|" % term)
            if tid is None:
                raise KeyError(term)
            return tid in self._unspec
        return self._eval(term)[1]

    def __contains__(self, key):
        if isinstance(key, str):
            names = self._by_name()
            return key in names or ("|%s|" % key) in names
        return isinstance(key, (Term, FuncDecl)) and key.id in self._vals

    def __iter__(self):
        return (t for t, v in self._vals.values())

    def __len__(self):
        return len(self._vals)

    def decls(self):
        return [t for t, v in self._vals.values()]

    def items(self):
        return [(t, v) for t, v in self._vals.values()]

    def as_dict(self):
        """{variable name: Python value}"""
        return {t.sexpr(): v for t, v in self._vals.values()}

    def sexpr(self):
        lines = []
        for t, v in self._vals.values():
            lines.append("(define-fun %s () %s %s)" % (t.sexpr(), t.sort().sexpr(),
                                                       value_sexpr(v, t.sort())))
        return "\n".join(lines)

    def __repr__(self):
        return "[" + ", ".join("%s = %r" % (t.sexpr(), v) for t, v in self._vals.values()) + "]"


def value_sexpr(v, sort):
    """A Python value of `sort` as an SMT-LIB constant."""
    k = sort.kind
    if k == SORT_BOOL:
        return "true" if v else "false"
    if k == SORT_BV:
        w = sort.size()
        return "#x" + format(v, "0%dx" % (w // 4)) if w % 4 == 0 else "#b" + format(v, "0%db" % w)
    if k == SORT_FP:
        return v.smtlib()
    if k == SORT_RM:
        return RM_LONG[RM_NAMES.index(v)] if v in RM_NAMES else v
    return str(v)


# ----------------------------------------------------------------- solver

def _levels(n):
    if not isinstance(n, int) or not 0 <= n < 1 << 32:
        raise FerretError("command", "push/pop: levels must be an int in 0 .. 2^32-1: %r" % (n,))


class Solver:
    """The assertion stack of a context (one per context: two Solver objects
    on one context share it).  Options by keyword, as Context.set."""

    def __init__(self, ctx=None, **options):
        self.ctx = _ctx(ctx)
        if options:
            self.ctx.set(**options)
        self._model = None

    def set(self, **options):
        self.ctx.set(**options)

    def add(self, *terms):
        """Assert Bool terms (lists are flattened)."""
        c = self.ctx
        c._check_free()
        for t in terms:
            if isinstance(t, (list, tuple)):
                self.add(*t)
                continue
            if not isinstance(t, Term):
                t = BoolVal(bool(t), c)
            elif t.ctx is not c:
                raise FerretError("command", "a term of another context")
            c._gen += 1
            if assert_(c._p, t.id):
                raise _error_from(c)

    append = insert = assert_exprs = add

    def push(self, levels=1):
        c = self.ctx
        c._check_free()
        _levels(levels)
        c._gen += 1
        if push(c._p, levels):
            raise _error_from(c)

    def pop(self, levels=1):
        c = self.ctx
        c._check_free()
        _levels(levels)
        c._gen += 1
        if pop(c._p, levels):
            raise _error_from(c)

    def check(self, *assumptions):
        """sat, unsat or unknown; assumptions hold for this check only.
        Ctrl-C stops a running check (it answers unknown, then Python raises
        KeyboardInterrupt; a check whose time limit is at most a second is
        left to end by itself); so does interrupt() from another thread."""
        c = self.ctx
        c._check_free()
        c._gen += 1
        self._model = None
        if assumptions:
            assumptions, _ = _terms(assumptions)
            for a in assumptions:
                if not isinstance(a, BoolTerm) or a.ctx is not c:
                    raise FerretError("sort", "check: an assumption is not a Bool term "
                                      "of this context: %r" % (a,))
            n = len(assumptions)
            arr = (term_t * n)(*[a.id for a in assumptions])
            with _interrupt.searching(c):
                r = lib.ferret_check_sat_assuming(c._p, arr, n)
        elif c._short:
            r = check(c._p)
        else:
            with _interrupt.searching(c):
                r = check(c._p)
        return _RESULTS[r]

    def model(self):
        """The model of the last check, which must have answered sat."""
        c = self.ctx
        if lib.ferret_last_result(c._p) != 10:
            raise CommandError("command", "model: the last check did not answer sat")
        if self._model is None or self._model._gen != c._gen:
            self._model = Model(c, c._gen)
        return self._model

    def interrupt(self):
        self.ctx.interrupt()

    def add_portfolio(self, cmd):
        """Run a complete solver beside the search at every check ("z3 -in",
        "cvc5 --lang smt2": a command line that reads SMT-LIB on standard
        input); its sat counts only with a model ferret's evaluator accepts.
        None removes them all.  OptionError when the program is not found."""
        c = self.ctx
        c._check_free()
        if lib.ferret_add_portfolio(c._p, cmd.encode() if cmd is not None else None):
            raise _error_from(c)

    def set_seeds(self, seeds):
        """Starting points of the search: a Model, a {variable or name:
        value} mapping, or SMT-LIB (define-fun x () S v) text; None or ""
        removes them."""
        c = self.ctx
        c._check_free()
        if isinstance(seeds, Model):
            text = seeds.sexpr()
        elif isinstance(seeds, dict):
            lines = []
            for k, v in seeds.items():
                t = k if isinstance(k, Term) else parse_term(str(k), c)
                lines.append("(define-fun %s () %s %s)" % (t.sexpr(), t.sort().sexpr(),
                                                           value_sexpr(v, t.sort())))
            text = "\n".join(lines)
        else:
            text = seeds or ""
        data = text.encode()
        if lib.ferret_set_seeds(c._p, data, len(data)):
            raise _error_from(c)

    def smt2c(self):
        """The C fuzz target (`ferret smt2c`) of the assertions in scope."""
        c = self.ctx
        c._check_free()
        rc, out, diag = c._run_captured(lib.ferret_smt2c, c._p)
        if rc:
            raise _error_from(c)
        return out

    def reason_unknown(self):
        c = self.ctx
        if lib.ferret_last_result(c._p) != 0:
            return ""
        data = b"(get-info :reason-unknown)"
        rc, out, diag = c._run_captured(lib.ferret_execute, c._p, None, data, len(data))
        s = out.strip()
        if s.startswith("(:reason-unknown"):
            s = s[len("(:reason-unknown"):].rstrip(")").strip().strip('"')
        return s

    def statistics(self):
        return self.ctx.statistics()

    def assertions(self):
        """The assertions in scope, as terms."""
        c = self.ctx
        p = ctypes.POINTER(term_t)()
        n = lib.ferret_get_query(c._p, ctypes.byref(p))
        return [c._term(p[i]) for i in range(n)]

    def declarations(self):
        c = self.ctx
        p = ctypes.POINTER(term_t)()
        n = lib.ferret_get_declared(c._p, ctypes.byref(p))
        return [p[i] for i in range(n)]

    def from_smtlib(self, text, source=None):
        """Run SMT-LIB text in this solver's context (declarations and
        assertions join the stack); returns the assertions it added.
        FerretError with line and column on the first bad command."""
        before = len(self.assertions())
        self.ctx.execute(text, source)
        return self.assertions()[before:]

    from_string = from_smtlib

    def from_file(self, path):
        with open(path) as f:
            return self.from_smtlib(f.read(), path)

    def to_smtlib(self, check=True):
        """The assertions in scope as a self-contained SMT-LIB script
        (declarations, assertions, and (check-sat) unless check=False)."""
        c = self.ctx
        lines = []
        sorts = []
        decls = []
        for tid in self.declarations():
            t = Term(c, tid)
            name = t.sexpr()
            s = Sort(c, lib.ferret_term_sort(c._p, tid))
            arity = lib.ferret_term_arity(c._p, tid)
            dom = []
            for _ in range(arity):
                dom.append(s.domain())
                s = s.range()
            for x in dom + [s]:
                _collect_uninterpreted(x, sorts)
            decls.append("(declare-fun %s (%s) %s)" % (
                name, " ".join(d.sexpr() for d in dom), s.sexpr()))
        for s in sorts:
            lines.append("(declare-sort %s 0)" % s.sexpr())
        lines += decls
        for t in self.assertions():
            lines.append("(assert %s)" % t.sexpr())
        if check:
            lines.append("(check-sat)")
        return "\n".join(lines) + "\n"

    sexpr = to_smtlib

    def __repr__(self):
        return self.to_smtlib(check=False)

    # jobs on the assertions in scope (see jobs.py)
    def sample(self, n=10, **kw):
        from .jobs import sample
        return sample(self, n=n, **kw)


def _collect_uninterpreted(s, out):
    k = s.kind
    if k == SORT_UNINTERPRETED and s not in out:
        out.append(s)
    elif k == SORT_ARRAY:
        _collect_uninterpreted(s.domain(), out)
        _collect_uninterpreted(s.range(), out)


def parse_term(text, ctx=None):
    """One term read from SMT-LIB text in the context's scope (declared
    names, define-fun); ParseError/SortError with line:column."""
    c = _ctx(ctx)
    c._check_free()
    data = text.encode()
    return c._term(lib.ferret_parse_term(c._p, data, len(data)))


def from_smtlib(text, ctx=None, source=None):
    """Run SMT-LIB text in ctx (default: the thread's context) and return
    the assertions it added (its declarations stay declared)."""
    return Solver(ctx).from_smtlib(text, source)


def to_smtlib(ctx=None):
    """The context's assertions in scope as an SMT-LIB script."""
    return Solver(ctx).to_smtlib()


def solve(*terms, **options):
    """Assert terms in a fresh push of their context, check, print and
    return the model (or the answer), as z3py's solve()."""
    terms, ctx = _terms(terms)
    s = Solver(_ctx(ctx))
    if options:
        s.set(**options)
    s.push()
    try:
        s.add(*terms)
        r = s.check()
        out = s.model() if r == sat else r
    finally:
        s.pop()
    print(out)
    return out


def version():
    return lib.ferret_version().decode()


__all__ = public(globals())
