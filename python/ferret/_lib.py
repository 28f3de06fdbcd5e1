"""Loading libferret and declaring the C functions ferret.h exports.

The library is looked for, in this order: the file named by the environment
variable FERRET_LIBRARY; libferret.so inside this package (what
``pip install ./python`` ships); build/libferret.so of the source tree this
package sits in (python/ferret -> ../../build); the system's libferret.so.0
(``make install``).  Every call goes through ctypes.CDLL, which releases the
GIL for the duration of the foreign call, so two threads with two contexts
search in parallel; callbacks made with CFUNCTYPE take the GIL back while
they run.

The calls made on every query (term building, assert, push, pop, check,
values, concolic solve) are the functions at the end of this file: those
of the compiled extension ferret._speedups when it was built and imports
(bound to the functions of the library loaded here), else the same calls
through ctypes.  FERRET_PY_NO_EXTENSION=1 in the environment chooses ctypes;
FERRET_PY_EXTENSION names another build of the extension to load (the
tests under ASan load one built with it).
`extension` says which path is in use and why.
"""
import ctypes
import ctypes.util
import os

from ctypes import (POINTER, Structure, c_char_p, c_double, c_int, c_int64,
                    c_size_t, c_uint32, c_uint64, c_void_p, c_uint8)

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("FERRET_LIBRARY")
    if env:
        yield env
        return
    yield os.path.join(_HERE, "libferret.so")
    yield os.path.join(os.path.dirname(os.path.dirname(_HERE)), "build", "libferret.so")
    found = ctypes.util.find_library("ferret")
    if found:
        yield found
    yield "libferret.so.0"


def _load():
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (absent)")
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("ferret: libferret.so not found; tried " + "; ".join(tried) +
                      ". Build it with `make` in the repository, `make install`, "
                      "or set FERRET_LIBRARY to its path.")


lib, path = _load()

ferret_p = c_void_p
term_t = c_uint32
sort_t = c_uint32


class ErrorInfo(Structure):
    _fields_ = [("status", c_int), ("source", c_char_p), ("line", ctypes.c_uint),
                ("column", ctypes.c_uint), ("message", c_char_p)]


class OptionDesc(Structure):
    _fields_ = [("name", c_char_p), ("default_value", c_int64), ("min", c_int64),
                ("max", c_int64), ("description", c_char_p), ("values", c_char_p)]


class SampleOptions(Structure):
    _fields_ = [("count", c_uint64), ("strategy", c_char_p), ("project", c_char_p),
                ("format", c_int), ("coverage", c_int), ("dedup_bytes", c_size_t),
                ("neighbours", c_int), ("prefer", POINTER(term_t)), ("nprefer", c_size_t),
                ("no_values", c_int)]


class SampleItem(Structure):
    _fields_ = [("index", c_uint64), ("nvars", c_size_t), ("vars", POINTER(term_t)),
                ("values", POINTER(term_t)), ("text", POINTER(ctypes.c_char)),
                ("len", c_size_t), ("header", POINTER(ctypes.c_char)),
                ("header_len", c_size_t), ("execs", c_uint64), ("elapsed", c_double),
                ("coverage", c_double)]


class CoverageInfo(Structure):
    _fields_ = [("samples", c_uint64), ("percent", c_double), ("percent_bool", c_double),
                ("percent_bv", c_double), ("percent_fp", c_double),
                ("bits_bool", c_uint64), ("bits_bv", c_uint64), ("bits_fp", c_uint64),
                ("covered_bool", c_uint64), ("covered_bv", c_uint64),
                ("covered_fp", c_uint64)]


class HuntOptions(Structure):
    _fields_ = [("mode", c_char_p), ("out_dir", c_char_p), ("solvers", POINTER(c_char_p)),
                ("nsolvers", c_size_t), ("budget", c_double), ("count", c_uint64),
                ("timeout", c_double), ("seed", c_uint64), ("shard", c_uint32),
                ("nshards", c_uint32), ("agent", c_char_p), ("vars", c_uint32),
                ("asserts", c_uint32), ("depth", c_uint32), ("formats", c_char_p),
                ("no_reduce", c_int), ("resume", c_int), ("persistent", c_int),
                ("timeout_factor", c_double), ("progress", c_void_p),
                ("progress_user", c_void_p)]


WRITE_FN = ctypes.CFUNCTYPE(None, c_void_p, POINTER(ctypes.c_char), c_size_t)
ABORT_FN = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_char_p)
SAMPLE_FN = ctypes.CFUNCTYPE(c_int, c_void_p, POINTER(SampleItem))
COVERAGE_FN = ctypes.CFUNCTYPE(None, c_void_p, POINTER(CoverageInfo))
VALUE_FN = ctypes.CFUNCTYPE(c_int, c_void_p, POINTER(c_uint64), c_size_t,
                            POINTER(c_uint8), c_size_t)

_PROTOS = {
    "ferret_new": (ferret_p, []),
    "ferret_delete": (None, [ferret_p]),
    "ferret_set_output": (None, [ferret_p, WRITE_FN, c_void_p]),
    "ferret_set_diagnostic": (None, [ferret_p, WRITE_FN, c_void_p]),
    "ferret_set_option": (c_int, [ferret_p, c_char_p, c_char_p]),
    "ferret_get_option": (c_int64, [ferret_p, c_char_p]),
    "ferret_option_info": (c_int, [c_int, POINTER(OptionDesc)]),
    "ferret_execute": (c_int, [ferret_p, c_char_p, c_char_p, c_size_t]),
    "ferret_last_result": (c_int, [ferret_p]),
    "ferret_error": (POINTER(ErrorInfo), [ferret_p]),
    "ferret_interrupt": (None, [ferret_p]),
    "ferret_print_stats": (c_int, [ferret_p]),
    "ferret_version": (c_char_p, []),
    "ferret_add_portfolio": (c_int, [ferret_p, c_char_p]),
    "ferret_set_seeds": (c_int, [ferret_p, c_char_p, c_size_t]),
    "ferret_smt2c": (c_int, [ferret_p]),
    "ferret_sort_bool": (sort_t, [ferret_p]),
    "ferret_sort_rm": (sort_t, [ferret_p]),
    "ferret_sort_bv": (sort_t, [ferret_p, c_uint32]),
    "ferret_sort_fp": (sort_t, [ferret_p, c_uint32, c_uint32]),
    "ferret_sort_array": (sort_t, [ferret_p, sort_t, sort_t]),
    "ferret_sort_uninterpreted": (sort_t, [ferret_p, c_char_p]),
    "ferret_sort_info": (c_int, [ferret_p, sort_t, POINTER(c_uint32), POINTER(c_uint32)]),
    "ferret_sort_name": (c_char_p, [ferret_p, sort_t]),
    "ferret_mk_bool": (term_t, [ferret_p, c_int]),
    "ferret_mk_bits": (term_t, [ferret_p, sort_t, POINTER(c_uint64), c_size_t]),
    "ferret_mk_bits64": (term_t, [ferret_p, sort_t, c_uint64]),
    "ferret_mk_rm": (term_t, [ferret_p, c_int]),
    "ferret_mk_real": (term_t, [ferret_p, c_int, c_uint64, c_uint64]),
    "ferret_mk_var": (term_t, [ferret_p, c_char_p, sort_t]),
    "ferret_mk_fun": (term_t, [ferret_p, c_char_p, POINTER(sort_t), c_size_t, sort_t]),
    "ferret_mk_term": (term_t, [ferret_p, c_int, POINTER(term_t), c_size_t,
                                POINTER(c_uint32), c_size_t]),
    "ferret_term_kind": (c_int, [ferret_p, term_t]),
    "ferret_term_sort": (sort_t, [ferret_p, term_t]),
    "ferret_term_arity": (c_size_t, [ferret_p, term_t]),
    "ferret_term_nargs": (c_size_t, [ferret_p, term_t]),
    "ferret_term_arg": (term_t, [ferret_p, term_t, c_size_t]),
    "ferret_term_index": (c_uint32, [ferret_p, term_t, c_int]),
    "ferret_term_string": (c_char_p, [ferret_p, term_t]),
    "ferret_assert": (c_int, [ferret_p, term_t]),
    "ferret_push": (c_int, [ferret_p, c_uint32]),
    "ferret_pop": (c_int, [ferret_p, c_uint32]),
    "ferret_check_sat": (c_int, [ferret_p]),
    "ferret_check_sat_assuming": (c_int, [ferret_p, POINTER(term_t), c_size_t]),
    "ferret_parse_term": (term_t, [ferret_p, c_char_p, c_size_t]),
    "ferret_get_value": (c_int, [ferret_p, term_t, POINTER(c_uint64), c_size_t,
                                 POINTER(c_int)]),
    "ferret_term_bits": (c_int, [ferret_p, term_t, POINTER(c_uint64), c_size_t]),
    "ferret_get_value_string": (c_char_p, [ferret_p, term_t, POINTER(c_int)]),
    "ferret_get_query": (c_size_t, [ferret_p, POINTER(POINTER(term_t))]),
    "ferret_get_declared": (c_size_t, [ferret_p, POINTER(POINTER(term_t))]),
    "ferret_sample_options_init": (None, [POINTER(SampleOptions)]),
    "ferret_sample": (c_int, [ferret_p, POINTER(SampleOptions), SAMPLE_FN, c_void_p,
                              POINTER(c_int)]),
    "ferret_print_sample_stats": (c_int, [ferret_p]),
    "ferret_coverage_new": (c_void_p, [ferret_p]),
    "ferret_coverage_add": (c_int, [c_void_p, c_char_p, c_char_p, c_size_t, c_int,
                                    COVERAGE_FN, c_void_p]),
    "ferret_coverage_get": (None, [c_void_p, POINTER(CoverageInfo)]),
    "ferret_coverage_delete": (None, [c_void_p]),
    "ferret_concolic_new": (c_void_p, [ferret_p, c_char_p, c_size_t]),
    "ferret_concolic_delete": (None, [c_void_p]),
    "ferret_concolic_bind": (c_int, [c_void_p, term_t, c_size_t, c_int]),
    "ferret_concolic_set_seed": (c_int, [c_void_p, c_char_p, c_size_t]),
    "ferret_concolic_notify": (c_int, [c_void_p, term_t]),
    "ferret_concolic_clear_path": (None, [c_void_p]),
    "ferret_concolic_solve": (c_int, [c_void_p, term_t]),
    "ferret_concolic_solve_optimistic": (c_int, [c_void_p, term_t]),
    "ferret_concolic_solve_max": (c_int, [c_void_p, term_t, c_int, POINTER(c_int)]),
    "ferret_concolic_solve_min": (c_int, [c_void_p, term_t, c_int, POINTER(c_int)]),
    "ferret_concolic_solve_all": (c_int, [c_void_p, term_t, c_uint64, VALUE_FN, c_void_p,
                                          POINTER(c_int)]),
    "ferret_concolic_input": (c_void_p, [c_void_p]),
    "ferret_concolic_stage": (c_char_p, [c_void_p]),
    "ferret_concolic_set": (c_int, [c_void_p, c_char_p, c_int64]),
    "ferret_concolic_print_stats": (c_int, [c_void_p]),
    "ferret_hunt_options_init": (None, [POINTER(HuntOptions)]),
    "ferret_hunt": (c_int, [ferret_p, POINTER(HuntOptions), POINTER(c_uint64)]),
}

for _name, (_res, _args) in _PROTOS.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


# ------------------------------------------------- the per-query calls
# Same signatures and answers on both paths: ids (0: error), statuses,
# results as the C API returns them.

_QUERY_CALLS = ("ferret_mk_term", "ferret_mk_bits64", "ferret_term_sort", "ferret_assert",
                "ferret_push", "ferret_pop", "ferret_check_sat", "ferret_get_value",
                "ferret_term_bits", "ferret_concolic_solve",
                "ferret_concolic_solve_optimistic", "ferret_concolic_notify",
                "ferret_concolic_input", "ferret_get_declared")


def _load_extension():
    if os.environ.get("FERRET_PY_NO_EXTENSION", "") not in ("", "0"):
        return None, "ctypes (the extension disabled by FERRET_PY_NO_EXTENSION)"
    try:
        other = os.environ.get("FERRET_PY_EXTENSION")
        if other:
            import importlib.util
            spec = importlib.util.spec_from_file_location("ferret._speedups", other)
            if spec is None:
                raise ImportError("not an extension module: " + other)
            _speedups = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(_speedups)
        else:
            from . import _speedups
    except (ImportError, OSError) as e:
        if other:
            return None, "ctypes (FERRET_PY_EXTENSION=%s does not load: %s)" % (other, e)
        import glob
        if not glob.glob(os.path.join(_HERE, "_speedups*.so")):
            return None, "ctypes (the compiled extension was not built: make python-ext)"
        return None, "ctypes (the compiled extension does not load: %s)" % e
    _speedups.bind({n: ctypes.cast(getattr(lib, n), c_void_p).value for n in _QUERY_CALLS})
    return _speedups, "extension (%s)" % os.path.basename(_speedups.__file__)


fast, extension = _load_extension()

if fast is not None:
    mk1, mk2, bits64, term_sort = fast.mk1, fast.mk2, fast.bits64, fast.term_sort
    assert_, push, pop, check = fast.assert_, fast.push, fast.pop, fast.check
    value, term_bits = fast.value, fast.term_bits
    csolve, cnotify, cinput = fast.csolve, fast.cnotify, fast.cinput
    declared, binop = fast.declared, fast.binop
else:
    _T1, _T2 = term_t * 1, term_t * 2
    _mk_term = lib.ferret_mk_term
    bits64, term_sort = lib.ferret_mk_bits64, lib.ferret_term_sort
    assert_, push, pop, check = (lib.ferret_assert, lib.ferret_push, lib.ferret_pop,
                                 lib.ferret_check_sat)
    cnotify = lib.ferret_concolic_notify
    binop = None  # terms.py applies operators in Python

    def declared(p):
        ids = ctypes.POINTER(term_t)()
        n = lib.ferret_get_declared(p, ctypes.byref(ids))
        return [ids[i] for i in range(n)]

    def mk1(p, kind, a):
        return _mk_term(p, kind, _T1(a), 1, None, 0)

    def mk2(p, kind, a, b):
        return _mk_term(p, kind, _T2(a, b), 2, None, 0)

    def _int(limbs, n):
        v = 0
        for i in range(n - 1, -1, -1):
            v = (v << 64) | limbs[i]
        return v

    def value(p, t, n):
        limbs, unspec = (c_uint64 * n)(), c_int()
        st = lib.ferret_get_value(p, t, limbs, n, ctypes.byref(unspec))
        return st if st else (_int(limbs, n), bool(unspec.value))

    def term_bits(p, t, n):
        limbs = (c_uint64 * n)()
        return None if lib.ferret_term_bits(p, t, limbs, n) else _int(limbs, n)

    def csolve(cp, t, optimistic):
        fn = lib.ferret_concolic_solve_optimistic if optimistic else lib.ferret_concolic_solve
        return fn(cp, t)

    def cinput(cp, size):
        p = lib.ferret_concolic_input(cp)
        return ctypes.string_at(p, size) if p else None
