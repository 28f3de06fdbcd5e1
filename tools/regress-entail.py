#!/usr/bin/env python3
"""Confirm with an independent solver that every '; check:' line of the
sat regressions (tests/regress/*.smt2) holds in EVERY model of the file's
assertions, not just in the one ferret finds: for each check C, the file's
declarations and assertions plus (assert (not C)) must be unsat.  Checks
ferret's regress runner evaluates are then facts about the formula, fixed
once by z3 (or cvc5 where z3 lacks an operator), and need no solver at
run time.

  tools/regress-entail.py [FILE.smt2 ...]     (default: all of tests/regress)

Prints one line per check (entailed / NOT ENTAILED / unverified: why) and
exits 1 if a check is not entailed, 77 if neither z3 nor cvc5 is installed.
"""
import glob
import os
import shutil
import subprocess
import sys


def solvers():
    out = []
    if shutil.which("z3"):
        out.append(["z3", "-in", "-T:30"])
    if shutil.which("cvc5"):
        out.append(["cvc5", "--lang=smt2", "--fp-exp", "--tlimit=30000"])
    return out


def ask(cmd, script):
    try:
        r = subprocess.run(cmd, input=script, capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        return "timeout"
    return r.stdout.strip().splitlines()[0] if r.stdout.strip() else r.stderr.strip()[:120]


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = argv or sorted(glob.glob(os.path.join(root, "tests", "regress", "*.smt2")))
    cmds = solvers()
    if not cmds:
        print("regress-entail: skipped: neither z3 nor cvc5 installed")
        return 77
    bad = unverified = good = 0
    for path in files:
        text = open(path).read()
        lines = text.splitlines()
        if "; expect: sat" not in lines:
            continue
        checks = [l[len("; check: "):] for l in lines if l.startswith("; check: ")]
        body = "\n".join(l for l in lines if not l.startswith(";") and "(check-sat)" not in l)
        for c in checks:
            script = body + "\n(assert (not %s))\n(check-sat)\n" % c
            answers = []
            for cmd in cmds:
                a = ask(cmd, script)
                answers.append("%s: %s" % (cmd[0], a))
                if a in ("sat", "unsat"):
                    break
            name = os.path.basename(path)
            if a == "unsat":
                good += 1
                print("entailed      %s: %s" % (name, c))
            elif a == "sat":
                bad += 1
                print("NOT ENTAILED  %s: %s" % (name, c))
            else:
                unverified += 1
                print("unverified    %s: %s (%s)" % (name, c, "; ".join(answers)))
    print("regress-entail: %d entailed, %d not entailed, %d unverified" % (good, bad, unverified))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
