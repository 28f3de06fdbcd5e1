"""Packaging: the pure-Python package plus libferret.so inside it.

Building from the repository (``python3 -m pip install
--no-build-isolation ./python``) runs ``make build/libferret.so`` in the
repository root and ships that library in the package; FERRET_LIBRARY at
build time ships the library it names instead.  Without either, the package
is built without a library and looks for the system's at import
(``make install``).
"""
import os
import shutil
import subprocess

from setuptools import setup
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


class BinaryDistribution(Distribution):
    """The wheel carries a shared library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
