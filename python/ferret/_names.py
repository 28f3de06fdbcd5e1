"""The public names of a module: what `from ferret import *` gives."""
import types


def public(g, extra=()):
    """The module-level functions and classes defined in the module whose
    globals are g (and aliases of them), plus the names in extra."""
    mod = g["__name__"]
    return list(extra) + [n for n, v in list(g.items())
                          if not n.startswith("_") and isinstance(v, (type, types.FunctionType))
                          and v.__module__ == mod]
