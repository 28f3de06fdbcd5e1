"""Contexts: a term store, one assertion stack and options, one per solver
instance; the thread's default context; options by keyword."""
import ctypes
import json
import sys
import threading

from . import _interrupt
from ._lib import WRITE_FN, OptionDesc, lib
from ._names import public
from .errors import FerretError, OptionError, _error_from

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
        _deliver(text, n, self._capture, sys.stdout)

    def _on_diag(self, user, text, n):
        _deliver(text, n, self._dcapture, sys.stderr)

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


def _deliver(text, n, capture, stream):
    s = ctypes.string_at(text, n).decode("utf-8", "replace")
    if capture is not None:
        capture.append(s)
    else:
        stream.write(s)


def _last_json(text):
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                pass
    return {}



__all__ = public(globals())

# Terms wrap ids in the Python class of their sort (Context._term); the
# module of term classes needs this one first.
from .terms import Term, _TERM_CLASS  # noqa: E402
