"""ferret from Python: solve, sample and stress-test SMT-LIB2 floating-point
and bit-vector constraints by fuzzing.

A thin layer over libferret through ctypes (standard library only)::

    from ferret import *
    x, y = BitVecs("x y", 32)
    f = FP("f", Float32())
    s = Solver(timeout=5)
    s.add(x + y == 10, ULT(x, 3), fpGT(fpMul(RNE(), f, f), 2.0), f < 1.5)
    if s.check() == sat:
        m = s.model()
        print(m[x], m[y], m[f], m[f].fraction())

Names follow z3py.  See docs/python.md for sampling, concolic queries,
hunt runs and interop with z3py (from_z3).
"""
from ._lib import extension
from ._lib import path as library_path
from .errors import *  # noqa: F401,F403
from .kinds import KIND, KIND_NAMES, SMT_NAMES
from .context import *  # noqa: F401,F403
from .sorts import *  # noqa: F401,F403
from .terms import *  # noqa: F401,F403
from .consts import *  # noqa: F401,F403
from .errors import (STATUS_NAMES, CheckSatResult, CommandError, FerretError, IOFerretError,
                     LimitError, OptionError, ParseError, SortError, UnsupportedError, sat,
                     unknown, unsat)
from .context import Context, main_ctx, option_table
from .ops import *  # noqa: F401,F403
from .solver import *  # noqa: F401,F403
from .solver import Model, Solver, version
from .jobs import Concolic, Coverage, Run, Sample, hunt, sample
from .values import RM_LONG, RM_NAMES, FPValue, round_to_bits
from .z3interop import Z3Model, from_z3, z3_to_smtlib

__version__ = version()
