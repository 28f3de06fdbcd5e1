"""Ctrl-C during a search: SIGINT turns into ferret_interrupt.

While a foreign call runs, Python's own SIGINT handler only notes the signal;
KeyboardInterrupt is raised when the call returns, which for a search
without a time limit may be never.  So while a context searches on the main
thread, a wake-up file descriptor (signal.set_wakeup_fd) is installed; a
daemon thread blocked on it calls ferret_interrupt on every context that is
searching, and the search returns (unknown, reason "interrupted") soon after.
Python then raises KeyboardInterrupt as usual.  The previous wake-up
descriptor (asyncio's, say) is restored after the call and gets every byte
forwarded meanwhile.  Off the main thread, signals are not delivered to the
thread anyway: calls run directly, and Context.interrupt() stops them.
"""
import os
import signal
import threading

from ._lib import lib

_lock = threading.Lock()
_running = {}          # id(registration) -> registration (.ctx searching now)
_pipe = None           # (read end, write end)
_forward = [-1]        # the wake-up fd that was installed before ours
_main = threading.main_thread()


def _watch(rfd):
    while True:
        try:
            data = os.read(rfd, 512)
        except OSError:
            return
        fwd = _forward[0]
        if fwd >= 0:
            try:
                os.write(fwd, data)
            except OSError:
                pass
        if signal.SIGINT not in data:
            continue
        # The C call clears the request when it starts: keep asking for a
        # short while, so a signal that came just before the search started
        # still stops it.
        with _lock:
            caught = dict(_running)
        for _ in range(50):
            with _lock:
                ctxs = [r.ctx for k, r in caught.items() if _running.get(k) is r]
                for c in ctxs:
                    lib.ferret_interrupt(c._p)
            if not ctxs:
                break
            threading.Event().wait(0.02)


def _start():
    global _pipe
    r, w = os.pipe()
    os.set_blocking(w, False)
    _pipe = (r, w)
    threading.Thread(target=_watch, args=(r,), name="ferret-sigint", daemon=True).start()


class searching:
    """Context manager around a call that may search for long."""

    __slots__ = ("ctx", "old", "main")

    def __init__(self, ctx):
        self.ctx = ctx
        self.main = threading.current_thread() is _main

    def __enter__(self):
        self.old = None
        with _lock:
            _running[id(self)] = self
        if self.main:
            if _pipe is None:
                _start()
            try:
                self.old = signal.set_wakeup_fd(_pipe[1], warn_on_full_buffer=False)
                if self.old == _pipe[1]:  # nested (a callback searching)
                    self.old = None
                else:
                    _forward[0] = self.old
            except ValueError:  # not the main interpreter's main thread
                self.old = None
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            signal.set_wakeup_fd(self.old)
            _forward[0] = -1
        with _lock:
            _running.pop(id(self), None)
        return False
