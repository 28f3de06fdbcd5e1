"""Packaging: the pure-Python package plus libferret.so inside it.

Building from the repository (``python3 -m pip install
--no-build-isolation ./python``) runs ``make build/libferret.so`` in the
repository root and ships that library in the package; FERRET_LIBRARY at
build time ships the library it names instead.  Without either, the package
is built without a library and looks for the system's at import
(``make install``).

The compiled extension ferret._speedups (the per-query calls without
ctypes) is built when Python's headers (Debian: python3-dev) and
include/ferret.h are at hand; without them the build says so and the
package uses ctypes alone.  A failing compilation is reported the same way,
never as a failed install.
"""
import os
import shutil
import subprocess
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithLibrary(build_py):
    def run(self):
        build_py.run(self)
        lib = os.environ.get("FERRET_LIBRARY")
        if not lib and os.path.exists(os.path.join(ROOT, "include", "ferret.h")):
            subprocess.check_call(["make", "-C", ROOT, "build/libferret.so"])
            lib = os.path.join(ROOT, "build", "libferret.so")
        if lib:
            dst = os.path.join(self.build_lib, "ferret", "libferret.so")
            shutil.copyfile(lib, dst)
        else:
            print("ferret: no libferret.so to ship; the package will load the system's")


INCLUDE = os.path.join(ROOT, "include")
# FERRET_PY_INCLUDE names another directory for Python.h (a test points it
# at an empty one to see the build without the headers).
PY_H = os.path.join(os.environ.get("FERRET_PY_INCLUDE") or sysconfig.get_paths()["include"],
                    "Python.h")


class OptionalBuildExt(build_ext):
    """The extension when it can be built; else a message, and ctypes."""

    def run(self):
        missing = [f for f in (PY_H, os.path.join(INCLUDE, "ferret.h")) if not os.path.exists(f)]
        if missing:
            print("ferret: no compiled extension (missing %s; Debian: apt-get install "
                  "python3-dev): the package uses ctypes alone" % ", ".join(missing))
            return
        try:
            build_ext.run(self)
        except Exception as e:  # (setuptools' own errors derive from Exception)
            print("ferret: the compiled extension failed to build (%s): the package uses "
                  "ctypes alone" % e)


class BinaryDistribution(Distribution):
    """The wheel carries a shared library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary, "build_ext": OptionalBuildExt},
      distclass=BinaryDistribution,
      ext_modules=[Extension("ferret._speedups", ["ferret/_speedups.c"], include_dirs=[INCLUDE],
                             extra_compile_args=["-std=gnu11"], optional=True)])
