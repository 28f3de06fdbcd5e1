"""The examples of docs/python.md run as they are written."""
import os
import re
import subprocess
import sys
import unittest

import ferret

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "python.md")


def blocks():
    with open(DOC) as fh:
        return re.findall(r"```python\n(.*?)```", fh.read(), re.S)


def run(code):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(
        os.path.abspath(ferret.__file__))))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


@unittest.skipUnless(os.path.exists(DOC), "docs/python.md is not beside this package")
class Tutorial(unittest.TestCase):
    def test_solving_and_sampling(self):
        b = blocks()
        r = run(b[0] + "\n" + b[1])
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        x, y = map(int, lines[0].split())  # m[x], m[y] of the first example
        self.assertEqual(((x + y) % 2 ** 32, x < 3), (10, True))
        self.assertIn("sat", lines)

    def test_concolic_loop_finds_the_bug(self):
        b = [x for x in blocks() if "Concolic(" in x][0]
        r = run(b)
        self.assertEqual(r.returncode, 0, r.stderr)
        m = re.search(r"bug found with input ([0-9a-f]{16})", r.stdout)
        self.assertTrue(m, r.stdout)
        inp = bytes.fromhex(m.group(1))
        import struct
        a = int.from_bytes(inp[:4], "little")
        f = struct.unpack("<f", inp[4:8])[0]
        self.assertTrue(a > 1000 and f * 2.0 > 10.0 and a & 0xFF == 0x42, (a, f))

    def test_z3_example(self):
        try:
            import z3  # noqa: F401
        except ImportError:
            self.skipTest("z3py is not installed (apt-get install python3-z3; run with "
                          "/usr/bin/python3)")
        b = [x for x in blocks() if "from_z3" in x][0]
        r = run(b)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith("7 "), r.stdout)


if __name__ == "__main__":
    unittest.main()
