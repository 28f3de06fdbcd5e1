"""The other jobs: sampling, SMT coverage, concolic queries, hunt runs.

ferret_sample and ferret_concolic_solve_all report each result through a
callback and keep the search going until the callback says stop.  Python
iterators are lazy, so the C call runs on a worker thread: each result is
handed to the iterator, and the search waits until the next one is asked
for.  Closing the iterator (break, close(), or dropping it) makes the
callback answer stop, so the search ends at once; while it is open the
context is busy (other calls on it raise FerretError).
"""
import atexit
import ctypes
import queue
import sys
import threading
import weakref

from . import _interrupt
from ._lib import (COVERAGE_FN, SAMPLE_FN, VALUE_FN, CoverageInfo, HuntOptions,
                   SampleOptions, cinput, cnotify, csolve, lib, term_t)
from .context import _ctx, _last_json
from .errors import _RESULTS, FerretError, _error_from
from .sorts import SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, SORT_UNINTERPRETED
from .terms import BoolTerm, Term, _const_value, _from_bits
from .solver import Solver


def _pumped(ctx, what, run, convert, box):
    """A generator over the items a C call reports through a callback.

    run(cb) makes the call with cb, a Python function of the callback's C
    arguments returning 0 (go on) or 1 (stop); convert(*cargs) turns them
    into a Python item while they are valid.  The generator's return value
    is run's.  box[0] is a weak reference to the Run that owns the
    generator: the context is marked busy with it while the call runs."""
    ctx._check_free()
    items = queue.Queue()
    go = threading.Semaphore(0)
    state = {"stop": False, "result": None, "exc": None}

    def cb(*cargs):
        if state["stop"]:
            return 1
        try:
            item = convert(*cargs)
        except BaseException as e:  # reported to the consumer, search stopped
            state["exc"] = e
            return 1
        items.put((True, item))
        go.acquire()
        return 1 if state["stop"] else 0

    def worker():
        try:
            with _interrupt.searching(ctx):
                state["result"] = run(cb)
        except BaseException as e:
            state["exc"] = e
        finally:
            items.put((False, None))

    ctx._busy = box[0]
    t = threading.Thread(target=worker, name="ferret-" + what, daemon=True)
    t.start()
    finished = False
    try:
        while True:
            more, item = items.get()
            if not more:
                finished = True
                break
            yield item
            go.release()
    finally:
        if not finished:
            # The callback waiting for go answers stop; a search between two
            # results (Ctrl-C while it looked for the next) is interrupted.
            state["stop"] = True
            go.release()
            waited = 0
            while not sys.is_finalizing():  # (threads never run again then)
                if waited >= 5:
                    lib.ferret_interrupt(ctx._p)
                waited += 1
                try:
                    more, _ = items.get(timeout=0.02)
                except queue.Empty:
                    continue
                if not more:
                    break
                go.release()
        if not sys.is_finalizing():
            t.join()
        ctx._busy = None
    if state["exc"] is not None:
        raise state["exc"]
    return state["result"]


_open_runs = weakref.WeakSet()


@atexit.register
def _close_open_runs():
    """Stop the searches still open at exit, while their threads can still
    run (once the interpreter finalizes, they never would again)."""
    for run in list(_open_runs):
        try:
            run.close()
        except Exception:
            pass


class Run:
    """An iterator over a job's results; after it ends, .result holds the
    job's answer (sat: at least one result; unsat: proved none; unknown),
    .complete (solve_all: no other value exists) where it applies.  The
    search waits while the loop body runs; close(), the end of a with
    block, dropping the iterator, or any other use of its context stops it
    (so a loop left by break stops the search)."""

    def __init__(self, make_gen, after=None):
        # the generator and the context know the Run weakly: dropping the
        # last reference to it stops its search at once
        self._gen = make_gen([weakref.ref(self)])
        _open_runs.add(self)
        self._after = after
        self.result = None
        self.complete = None
        self.done = False
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self):
        try:
            item = next(self._gen)
            self.count += 1
            return item
        except StopIteration as e:
            self._finish(e.value)
            raise
        except BaseException:
            self._finish(None)
            raise

    def _finish(self, value):
        if self.done:
            return
        self.done = True
        if isinstance(value, tuple):
            self.result, self.complete = value
        else:
            self.result = value
        if self._after:
            self._after()

    def close(self):
        """Stop the search now (the results so far stay; .result is sat
        when there was at least one)."""
        if self.done:
            return
        self._gen.close()
        if not self.done:
            self.done = True
            self.result = _RESULTS[10] if self.count else _RESULTS[0]
            if self._after:
                self._after()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


# ----------------------------------------------------------------- sample

class Sample:
    """One validated sample: variable (term or name) -> Python value, as in
    a Model.  index, execs, elapsed (s), coverage (% or -1) and text (the
    JSON line ferret wrote, which Coverage.add reads) come with it."""

    __slots__ = ("index", "execs", "elapsed", "coverage", "text", "_vals", "_names")

    def __getitem__(self, key):
        if isinstance(key, str):
            return self._vals[self._names[key]][1]
        return self._vals[key.id][1]

    def __contains__(self, key):
        if isinstance(key, str):
            return key in self._names
        return isinstance(key, Term) and key.id in self._vals

    def __iter__(self):
        return (t for t, v in self._vals.values())

    def __len__(self):
        return len(self._vals)

    def items(self):
        return list(self._vals.values())

    def as_dict(self):
        return {t.sexpr(): v for t, v in self._vals.values()}

    def __repr__(self):
        return "Sample(%d, %r)" % (self.index, self.as_dict())


def sample(formula=None, n=10, strategy=None, project=None, prefer=(), coverage=False,
           neighbours=False, dedup_bytes=0, ctx=None, **options):
    """Distinct validated models of formula, one at a time (an iterator).

    formula: a Solver (its assertions in scope), a Bool term or a list of
    them (asserted in a push of their context, popped at the end), or None
    (the context's assertions).  n: at most this many (0: no limit);
    strategy: 'naive', 'de', 'sm' or 'sm+de' (default); project: the
    variables (terms or names) that tell samples apart; prefer: soft Bool
    terms; coverage: track SMT coverage (Sample.coverage).  Other keywords
    are context options (seed, timeout, max_execs, jobs, judge_thread).
    Stopping early (break) stops the search.  The returned Run's .result
    is sat, unsat or unknown once it ends; .statistics() the JSON
    statistics (ferret_print_sample_stats)."""
    pushed = False
    if isinstance(formula, Solver):
        c = formula.ctx
    elif formula is None:
        c = _ctx(ctx)
    else:
        fs = formula if isinstance(formula, (list, tuple)) else [formula]
        c = fs[0].ctx if fs and isinstance(fs[0], Term) else _ctx(ctx)
        s = Solver(c)
        s.push()
        pushed = True
        try:
            s.add(*fs)
        except BaseException:
            s.pop()
            raise
    try:
        if options:
            c.set(**options)
        o = SampleOptions()
        lib.ferret_sample_options_init(ctypes.byref(o))
        o.count = int(n or 0)
        o.strategy = strategy.encode() if strategy else None
        if project:
            names = [p.sexpr() if isinstance(p, Term) else str(p) for p in project]
            o.project = ",".join(names).encode()
        o.format = 0  # JSONL: exact bits of every variable
        o.coverage = 1 if coverage else 0
        o.neighbours = 1 if neighbours else 0
        o.dedup_bytes = int(dedup_bytes)
        o.no_values = 0  # values as constants (ferret_term_bits reads them)
        pref = list(prefer)
        for t in pref:
            if not isinstance(t, BoolTerm) or t.ctx is not c:
                raise FerretError("sort", "sample: a prefer term is not a Bool term of the "
                                  "context: %r" % (t,))
        parr = (term_t * len(pref))(*[t.id for t in pref]) if pref else None
        o.prefer, o.nprefer = parr, len(pref)
    except BaseException:
        if pushed:
            Solver(c).pop()
        raise
    sorts = {}

    def convert(user, itemp):
        it = itemp.contents
        smp = Sample()
        smp.index, smp.execs, smp.elapsed, smp.coverage = (it.index, it.execs, it.elapsed,
                                                           it.coverage)
        smp.text = ctypes.string_at(it.text, it.len).decode("utf-8", "replace")
        vals, names = {}, {}
        for i in range(it.nvars):
            tid, vid = it.vars[i], it.values[i]
            info = sorts.get(tid)
            if info is None:
                t = c._term(tid)
                info = sorts[tid] = (t, c._sort(lib.ferret_term_sort(c._p, tid)), t.sexpr())
            t, (k, a, b), name = info
            # the values are constants: their bits, read without text
            if k in (SORT_BOOL, SORT_BV, SORT_FP, SORT_RM, SORT_UNINTERPRETED):
                v = _const_value(c, (k, a, b), vid, t)
            else:  # an array's value: its SMT-LIB text
                v = lib.ferret_term_string(c._p, vid).decode("utf-8", "replace")
            vals[tid] = (t, v)
            names[name] = tid
            if name.startswith("|") and name.endswith("|"):
                names[name[1:-1]] = tid
        smp._vals, smp._names = vals, names
        return smp

    keep = [o, parr]
    res = ctypes.c_int()

    def run(cb):
        cfn = SAMPLE_FN(cb)
        keep.append(cfn)
        st = lib.ferret_sample(c._p, ctypes.byref(o), cfn, None, ctypes.byref(res))
        if st:
            raise _error_from(c)
        return _RESULTS[res.value]

    def after():
        if pushed and c._p:  # (not when the context went first, at exit)
            c._busy = None
            Solver(c).pop()

    r = Run(lambda box: _pumped(c, "sample", run, convert, box), after)
    r.statistics = lambda: _json_of(c, lib.ferret_print_sample_stats, c._p)
    return r


def _json_of(ctx, fn, *args):
    rc, out, diag = ctx._run_captured(fn, *args)
    return _last_json(diag)


# ----------------------------------------------------------------- coverage

class Coverage:
    """SMT coverage (JFSampler) of samples over the assertions in scope of a
    context: add() sample text (JSON lines, SMT-LIB define-fun blocks or
    CSV; or Sample objects) and read info()."""

    def __init__(self, ctx_or_solver=None):
        c = ctx_or_solver.ctx if isinstance(ctx_or_solver, Solver) else _ctx(ctx_or_solver)
        c._check_free()
        self.ctx = c
        self._p = lib.ferret_coverage_new(c._p)
        if not self._p:
            raise _error_from(c)
        c._own(id(self), lib.ferret_coverage_delete, self._p)

    def add(self, samples, source=None, format=-1):
        """samples: text, or an iterable of Sample (their JSON lines)."""
        if not isinstance(samples, (str, bytes)):
            samples = "".join(s.text for s in samples)
        data = samples.encode() if isinstance(samples, str) else samples
        self.ctx._check_free()
        rc = lib.ferret_coverage_add(self._p, source.encode() if source else None, data,
                                     len(data), format, COVERAGE_FN(), None)
        if rc:
            raise _error_from(self.ctx)
        return self.info()

    def info(self):
        i = CoverageInfo()
        lib.ferret_coverage_get(self._p, ctypes.byref(i))
        return {f: getattr(i, f) for f, _ in CoverageInfo._fields_}

    @property
    def percent(self):
        return self.info()["percent"]

    def __del__(self):
        if getattr(self, "_p", None):
            self._p = None
            self.ctx._release(id(self))


# ----------------------------------------------------------------- concolic

class Concolic:
    """Path queries of a concolic executor (Fuzzy-SAT) over an input of
    bytes: bind variables to byte ranges of the seed, notify() the path
    constraint, solve(b) for an input that flips branch b."""

    def __init__(self, seed, ctx=None, **settings):
        c = _ctx(ctx)
        c._check_free()
        self.ctx = c
        seed = bytes(seed)
        self.size = len(seed)
        self._p = lib.ferret_concolic_new(c._p, seed, len(seed))
        if not self._p:
            raise _error_from(c)
        c._own(id(self), lib.ferret_concolic_delete, self._p)
        self._timeout_ms = 1000  # the library's default
        if settings:
            self.set(**settings)

    def __del__(self):
        if getattr(self, "_p", None):
            self._p = None
            self.ctx._release(id(self))

    def _ok(self, rc):
        if rc:
            raise _error_from(self.ctx)

    def _own(self, t):
        if not isinstance(t, Term) or t.ctx is not self.ctx:
            raise FerretError("command", "concolic: not a term of this context: %r" % (t,))
        return t.id

    def set(self, **settings):
        """timeout_ms, cpu_time (1: the budget is CPU time), max_execs,
        random_seed, and each stage by name (0/1 or False/True):
        Concolic(seed, timeout_ms=200, havoc=False)."""
        for name, v in settings.items():
            self._ok(lib.ferret_concolic_set(self._p, name.encode(), int(v)))
            if name == "timeout_ms":
                self._timeout_ms = int(v)

    def bind(self, var, offset, big_endian=False):
        self.ctx._check_free()
        self._ok(lib.ferret_concolic_bind(self._p, self._own(var), offset,
                                          1 if big_endian else 0))

    def set_seed(self, seed):
        seed = bytes(seed)
        self._ok(lib.ferret_concolic_set_seed(self._p, seed, len(seed)))

    def notify(self, pi):
        self.ctx._check_free()
        self._ok(cnotify(self._p, self._own(pi)))

    def clear_path(self):
        lib.ferret_concolic_clear_path(self._p)

    def _call(self, fn, *args):
        if self.ctx._busy is not None:
            self.ctx._check_free()
        if 0 < self._timeout_ms <= 1000:  # ends by itself soon enough
            return fn(self._p, *args)
        with _interrupt.searching(self.ctx):
            return fn(self._p, *args)

    def solve(self, b, optimistic=False):
        """sat (then .input() is the new input), unsat or unknown."""
        if b.__class__ is BoolTerm and b.ctx is self.ctx and self.ctx._busy is None \
                and 0 < self._timeout_ms <= 1000:
            return _RESULTS[csolve(self._p, b.id, optimistic)]  # the common case, kept short
        return _RESULTS[self._call(csolve, self._own(b), optimistic)]

    def _opt(self, fn, t, signed):
        opt = ctypes.c_int()
        r = _RESULTS[self._call(fn, self._own(t), 1 if signed else 0, ctypes.byref(opt))]
        return r, bool(opt.value)

    def solve_max(self, t, signed=False):
        """(result, optimal): the input with t's largest value is .input()."""
        return self._opt(lib.ferret_concolic_solve_max, t, signed)

    def solve_min(self, t, signed=False):
        return self._opt(lib.ferret_concolic_solve_min, t, signed)

    def solve_all(self, t, limit=0):
        """An iterator of (value, input) for each distinct value of t over
        inputs satisfying the path; .complete when no other exists."""
        tid = self._own(t)
        k, a, b = self.ctx._sort(lib.ferret_term_sort(self.ctx._p, tid))
        done = ctypes.c_int()

        def convert(user, limbs, n, inp, size):
            v = 0
            for i in range(n - 1, -1, -1):
                v = (v << 64) | limbs[i]
            return _from_bits(k, a, b, v), ctypes.string_at(inp, size)

        keep = []

        def run(cb):
            cfn = VALUE_FN(cb)
            keep.append(cfn)
            r = lib.ferret_concolic_solve_all(self._p, tid, int(limit), cfn, None,
                                              ctypes.byref(done))
            return _RESULTS[r], bool(done.value)

        return Run(lambda box: _pumped(self.ctx, "solve_all", run, convert, box))

    def input(self):
        """The input of the last sat answer (bytes)."""
        return cinput(self._p, self.size)

    def stage(self):
        s = lib.ferret_concolic_stage(self._p)
        return s.decode() if s else None

    def statistics(self):
        return _json_of(self.ctx, lib.ferret_concolic_print_stats, self._p)


# ----------------------------------------------------------------- hunt

def hunt(out_dir, mode="bug", solvers=(), ctx=None, **options):
    """A hunt run (BanditFuzz): mode 'gen' writes `count` random FP scripts
    to out_dir; 'bug' and 'perf' run campaigns against solvers (the target
    first, then references: command lines); 'replay' re-runs out_dir's
    findings.  Other keywords: budget, count, timeout, seed, shard, nshards,
    agent, vars, asserts, depth, formats, no_reduce, resume.  Returns the
    number of findings."""
    c = _ctx(ctx)
    c._check_free()
    o = HuntOptions()
    lib.ferret_hunt_options_init(ctypes.byref(o))
    o.mode = mode.encode()
    o.out_dir = str(out_dir).encode()
    sv = [s.encode() for s in solvers]
    arr = (ctypes.c_char_p * max(1, len(sv)))(*sv)
    o.solvers, o.nsolvers = (arr if sv else None), len(sv)
    for k, v in options.items():
        if not hasattr(o, k) or k in ("mode", "out_dir", "solvers", "nsolvers"):
            raise FerretError("option", "hunt: unknown option %r" % k)
        if isinstance(v, str):
            v = v.encode()
        elif isinstance(v, bool):
            v = int(v)
        setattr(o, k, v)
    found = ctypes.c_uint64()
    with _interrupt.searching(c):
        rc, out, diag = c._run_captured(lib.ferret_hunt, c._p, ctypes.byref(o),
                                        ctypes.byref(found))
    if rc:
        raise _error_from(c)
    return found.value
