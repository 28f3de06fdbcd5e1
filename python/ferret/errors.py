"""What calls answer: ferret's errors as exceptions (the error record of
ferret.h: status, message, source, line, column) and the results of a
check, sat / unsat / unknown, as z3py's."""
from ._lib import lib
from ._names import public

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


__all__ = public(globals(), ("sat", "unsat", "unknown", "STATUS_NAMES"))
