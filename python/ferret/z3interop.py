"""z3py interop: solve z3py formulas with ferret, read the model z3's way.

from_z3 takes a z3 Solver, a z3 Bool expression or a list of them, prints
them as SMT-LIB (z3's own printer), runs the text in a fresh ferret context
and checks (a z3 Solver whose check ended unknown prints z3's internal,
bit-blasted assertions instead of the user's: from_z3 refuses it); the model comes back as Z3Model, a mapping from z3 constants
(or their names) to z3 values, with an eval() that substitutes them into
any z3 expression.  z3 is imported only when from_z3 is called.
"""
import re

from .context import Context
from .errors import FerretError, sat
from .sorts import SORT_BOOL, SORT_BV, SORT_FP, SORT_RM
from .solver import Solver

_CHECK = re.compile(r"^\s*\((check-sat|get-model|exit)\b[^\n]*$", re.M)


def z3_to_smtlib(obj):
    """The SMT-LIB script of a z3 Solver or of z3 Bool expressions."""
    import z3
    if isinstance(obj, z3.Solver):
        text = obj.to_smt2()
        names = re.findall(r"^\(declare-fun (\S+) ", text, re.M)
        if names and all(re.match(r"^k!\d+$", n) for n in names):
            # z3 (4.8) hands out its internal, bit-blasted assertions over
            # fresh k!N constants once a check of the solver gave up
            raise FerretError("command", "from_z3: this z3 Solver holds z3's internal "
                              "(bit-blasted) assertions over fresh constants k!N, as after a "
                              "check that ended unknown; pass the formulas themselves "
                              "(or a solver not checked yet)")
    else:
        exprs = obj if isinstance(obj, (list, tuple)) else [obj]
        s = z3.Solver(ctx=exprs[0].ctx) if exprs else z3.Solver()
        s.add(*exprs)
        text = s.to_smt2()
    return _CHECK.sub("", text)


class Z3Model:
    """A z3 model-like mapping: m[x] for a z3 constant (or its name) gives
    a z3 value, m.eval(e) substitutes the model into a z3 expression and
    simplifies; m.ferret is ferret's Model (Python values)."""

    def __init__(self, model, z3ctx):
        import z3
        self.ferret = model
        self._z3ctx = z3ctx
        self._vals = {}
        for t, v in model.items():
            s = t.sort()
            k = s.kind
            name = t.sexpr()
            if name.startswith("|") and name.endswith("|"):
                name = name[1:-1]
            if k == SORT_BOOL:
                c, zv = z3.Bool(name, z3ctx), z3.BoolVal(v, z3ctx)
            elif k == SORT_BV:
                c, zv = z3.BitVec(name, s.size(), z3ctx), z3.BitVecVal(v, s.size(), z3ctx)
            elif k == SORT_FP:
                zs = z3.FPSort(s.ebits(), s.sbits(), z3ctx)
                c = z3.FP(name, zs)
                zv = z3.simplify(z3.fpBVToFP(z3.BitVecVal(v.bits, v.eb + v.sb, z3ctx), zs))
            elif k == SORT_RM:
                c = z3.Const(name, z3.RNE(z3ctx).sort())
                zv = {"RNE": z3.RNE, "RNA": z3.RNA, "RTP": z3.RTP, "RTN": z3.RTN,
                      "RTZ": z3.RTZ}[v](z3ctx)
            else:
                continue
            self._vals[name] = (c, zv)

    def __getitem__(self, key):
        name = key if isinstance(key, str) else str(key.decl().name())
        return self._vals[name][1]

    def __contains__(self, key):
        name = key if isinstance(key, str) else str(key.decl().name())
        return name in self._vals

    def __iter__(self):
        return (c for c, v in self._vals.values())

    def __len__(self):
        return len(self._vals)

    def decls(self):
        return [c.decl() for c, v in self._vals.values()]

    def eval(self, expr, model_completion=True):
        import z3
        pairs = [(c, v) for c, v in self._vals.values()]
        return z3.simplify(z3.substitute(expr, *pairs) if pairs else expr)

    evaluate = eval

    def __repr__(self):
        return "[" + ", ".join("%s = %s" % (n, v) for n, (c, v) in self._vals.items()) + "]"


def from_z3(obj, ctx=None, **options):
    """Solve z3py formulas (a z3 Solver, a Bool expression or a list) with
    ferret.  Returns (result, model): result sat/unsat/unknown (equal to
    z3.sat etc. by name), model a Z3Model when sat, else None.  Options by
    keyword (timeout=5, seed=1, ...) go to the ferret context, a fresh one
    unless ctx is given."""
    import z3
    text = z3_to_smtlib(obj)
    if isinstance(obj, z3.Solver):
        z3ctx = obj.ctx
    else:
        exprs = obj if isinstance(obj, (list, tuple)) else [obj]
        z3ctx = exprs[0].ctx if exprs else z3.main_ctx()
    c = ctx if ctx is not None else Context()
    s = Solver(c, **options)
    s.from_smtlib(text, "<z3>")
    r = s.check()
    return r, (Z3Model(s.model(), z3ctx) if r == sat else None)
