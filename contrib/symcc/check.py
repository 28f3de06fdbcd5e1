#!/usr/bin/env python3
"""Acceptance test of the ferret runtime on SymCC's own test programs.

test.sh runs SymCC's lit suite with two substitutions: %symcc is
`check.py cc`, which compiles the program with the ferret build of SymCC and
puts a stand-in at the output path, and %filecheck checks the ANY prefix only.
Each time a test runs its program, the stand-in (`check.py run`) runs it:

  1. with the ferret runtime, its output going to the test's FileCheck (so
     every ANY check is judged on the ferret run), writing new inputs;
  2. with SymCC's simple runtime (FSYM_SIMPLE_LIB), a preloaded shim naming
     the site of each branch it tries: the branches it finds a diverging
     input for are the targets;
  3. with SymCC's QSYM runtime (FSYM_QSYM_LIB), writing its new inputs;
  4. every new input of ferret and QSYM again, with the ferret runtime only
     tracing branches (SYMCC_FERRET_SOLVE=0), in place of the original input.

A target (site, other direction) is flipped by a backend when one of its
new inputs, run again, takes that branch in that direction.  One JSON line
per run goes to FSYM_REPORT; `check.py report FILE` prints the table and
fails when ferret misses a target of the simple backend, when a ferret
answer "sat" does not flip its branch on replay, or, for a program whose
input cannot be replaced (SYMCC_MEMORY_INPUT), when ferret answers no
target of the simple backend "sat".  The same binary is run each time, so site ids agree.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 300
# A new input may make the program loop far longer (a loop bound raised to
# INT_MAX flips a loop exit): a replay is judged on the branches it took
# within this time (the trace is written line by line).
REPLAY_TIMEOUT = 10
# Sites inside the runtime (its libc wrappers) are code addresses: the
# same in every run only without address randomisation.
NO_ASLR = ["setarch", os.uname().machine, "-R"] if shutil.which("setarch") else []


def truthy(v):
    return v is not None and v.lower() in ("1", "on", "yes")


def cc(args):
    symcc = os.environ["FSYM_SYMCC"]
    i = args.index("-o") if "-o" in args else -1
    if i < 0 or i + 1 >= len(args) or args[i + 1] == "-" or \
            any(a in ("-c", "-S", "-E") for a in args):
        return subprocess.call([symcc] + args)
    out = os.path.abspath(args[i + 1])
    args = args[:i + 1] + [out + ".real"] + args[i + 2:]
    rc = subprocess.call([symcc] + args)
    if rc:
        return rc
    with open(out, "w") as f:
        f.write("#!/bin/sh\nexec python3 %s run %s \"$@\"\n" % (
            os.path.abspath(__file__), out + ".real"))
    os.chmod(out, 0o755)
    return 0


def read_trace(path):
    """(site, taken) pairs of the branch lines, and per site the constants
    of the equalities seen taken (values SymCC concretises)."""
    pairs, eqs = set(), {}
    if os.path.exists(path):
        with open(path, errors="replace") as f:
            for line in f:
                w = line.split()
                if len(w) >= 3 and w[0] == "branch":
                    pairs.add((w[1], int(w[2])))
                    if len(w) == 5 and w[3] == "eq" and w[2] == "1":
                        eqs.setdefault(w[1], set()).add(w[4])
    return pairs, eqs


def any_check(test, output):
    """The test's ANY checks on another backend's output: True, False, or
    None when the test has none."""
    src = os.path.join(os.environ.get("FSYM_TEST_SRC", ""), test)
    if not os.path.exists(src) or "// ANY" not in open(src, errors="replace").read():
        return None
    r = subprocess.run([os.environ["FSYM_FILECHECK"], "--check-prefix=ANY", src],
                       input=output, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def in_library(site):
    """Sites inside a runtime library (its libc models: strchr, memcmp,
    read's length ... report constraints under the address of the wrapper)
    differ between runtimes and often have one direction only (strchr's
    model reports "s[i] != c" as taken for each byte it passes), so no
    replay can show them flipped; they are counted apart.  Without address
    randomisation libraries load at 0x7f..., the program's own sites are
    the compiler's (small) addresses."""
    return int(site, 16) >= 0x7f0000000000


def flipped(target, replay, original_eqs):
    """A replay takes the branch of `target` (site, direction) the other way
    than the original run did: the direction itself, or, for an equality
    with a constant that held (a concretised value), a different constant."""
    pairs, eqs = replay
    if target in pairs:
        return True
    site, d = target
    return d == 0 and site in original_eqs and bool(eqs.get(site, set()) - original_eqs[site])


def run(real, argv):
    env0 = dict(os.environ)
    data = b"" if sys.stdin.isatty() else sys.stdin.buffer.read()
    if truthy(env0.get("SYMCC_MEMORY_INPUT")):
        mode = "memory"
    elif env0.get("SYMCC_INPUT_FILE"):
        mode = "file"
    else:
        mode = "stdin"
    work = tempfile.mkdtemp(prefix="fsym-")
    for k in [k for k in env0 if k.startswith("SYMCC_FERRET_") or k in ("LD_PRELOAD", "SYMCC_LOG_FILE")]:
        del env0[k]

    def go(lib, outdir, extra, inp, args, stdout, stderr, timeout=TIMEOUT):
        e = dict(env0)
        e["LD_LIBRARY_PATH"] = lib
        e["SYMCC_OUTPUT_DIR"] = outdir
        e.update(extra)
        os.makedirs(outdir, exist_ok=True)
        try:
            return subprocess.run(NO_ASLR + [real] + args, input=inp, env=e, stdout=stdout,
                                  stderr=stderr, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    rec = {"test": os.path.basename(real)[:-len(".tmp.real")] if real.endswith(".tmp.real")
           else os.path.basename(real), "mode": mode}
    # 1. ferret, its output to the test's FileCheck
    sys.stdout.flush()
    sys.stderr.flush()
    ftrace = os.path.join(work, "ferret.trace")
    # Each program runs once, so no branch gets the runtime's escalated
    # budget of a later execution: the first budget is 1 CPU s here (the
    # 5 ms default leaves uadd_sat.ll's and usub_sat.ll's two-byte range,
    # about 50 ms of CPU, unanswered).
    r = go(os.environ["FSYM_FERRET_LIB"], os.path.join(work, "ferret"),
           {"SYMCC_FERRET_TRACE": ftrace,
            "SYMCC_FERRET_TIMEOUT_MS": os.environ.get("FSYM_TIMEOUT_MS", "1000")},
           data, argv, None, None)
    rc = r.returncode if r else 124
    rec["ferret_rc"] = rc
    claims = []  # (site, direction flipped to, input file)
    answers = {"sat": 0, "unsat": 0, "unknown": 0, "optimistic": 0}
    if os.path.exists(ftrace):
        with open(ftrace) as f:
            for line in f:
                w = line.split()
                if w and w[0] == "query":
                    answers[w[3]] += 1
                    if w[4] == "optimistic":
                        answers["optimistic"] += 1
                    if w[5] != "-":
                        claims.append((w[1], 1 - int(w[2]), w[5], w[4] == "optimistic"))
    rec["ferret_answers"] = answers
    orig_pairs, orig_eqs = read_trace(ftrace)
    rec["ferret_branches"] = len(orig_pairs)

    # 2. simple: the targets
    targets = set()
    if os.environ.get("FSYM_SIMPLE_LIB"):
        r2 = go(os.environ["FSYM_SIMPLE_LIB"], os.path.join(work, "simple"),
                {"LD_PRELOAD": os.environ["FSYM_SHIM"]}, data, argv,
                subprocess.PIPE, subprocess.STDOUT)
        rec["simple_any"] = any_check(rec["test"], r2.stdout if r2 else b"")
        cur = None
        lib_found = 0
        for line in (r2.stdout.decode(errors="replace").splitlines() if r2 else []):
            w = line.split()
            if len(w) == 3 and w[0] == "fsym-site":
                cur = (w[1], 1 - int(w[2]))
            elif line.startswith("Found diverging input") and cur:
                targets.add(cur)
                lib_found += in_library(cur[0])
        rec["simple_library_found"] = lib_found
        rec["simple_rc"] = r2.returncode if r2 else 124

    # 3. QSYM's new inputs
    qdir = os.path.join(work, "qsym")
    if os.environ.get("FSYM_QSYM_LIB"):
        r3 = go(os.environ["FSYM_QSYM_LIB"], qdir, {}, data, argv,
                subprocess.PIPE, subprocess.STDOUT)
        rec["qsym_any"] = any_check(rec["test"], r3.stdout if r3 else b"")
        rec["qsym_rc"] = r3.returncode if r3 else 124

    # 4. replays
    def replay(path, n):
        with open(path, "rb") as f:
            new = f.read()
        tr = os.path.join(work, "replay%d.trace" % n)
        args, extra, inp = list(argv), {"SYMCC_FERRET_SOLVE": "0", "SYMCC_FERRET_TRACE": tr}, new
        if mode == "file":
            old = env0["SYMCC_INPUT_FILE"]
            fn = os.path.join(work, "replay%d.input" % n)
            with open(fn, "wb") as f:
                f.write(new)
            extra["SYMCC_INPUT_FILE"] = fn
            args = [fn if a == old else a for a in args]
            inp = data
        go(os.environ["FSYM_FERRET_LIB"], os.path.join(work, "replay-out"), extra, inp,
           args, subprocess.DEVNULL, subprocess.DEVNULL, REPLAY_TIMEOUT)
        return read_trace(tr)  # complete up to the end or the time limit

    rec["replayable"] = mode != "memory"
    fdir = os.path.join(work, "ferret")
    ffiles = sorted(os.listdir(fdir)) if os.path.isdir(fdir) else []
    qfiles = sorted(os.listdir(qdir)) if os.path.isdir(qdir) else []
    rec["ferret_inputs"], rec["qsym_inputs"] = len(ffiles), len(qfiles)
    n = 0
    freplays, qreplays, per_file = [], [], {}
    if mode != "memory":
        for name in ffiles:
            n += 1
            per_file[name] = replay(os.path.join(fdir, name), n)
            freplays.append(per_file[name])
        for name in qfiles:
            n += 1
            qreplays.append(replay(os.path.join(qdir, name), n))

    def hit(t, replays):
        return any(flipped(t, r, orig_eqs) for r in replays)
    fmt = lambda s: sorted("%s:%d" % p for p in s)
    lib_targets = {t for t in targets if in_library(t[0])}
    targets -= lib_targets
    rec["simple_targets"] = fmt(targets)
    rec["simple_library_targets"] = len(lib_targets)
    rec["ferret_library_sat"] = sum(1 for c in claims if in_library(c[0]))
    claims = [c for c in claims if not in_library(c[0])]
    if mode != "memory":
        rec["ferret_flips"] = fmt(t for t in targets if hit(t, freplays))
        rec["simple_missed_by_ferret"] = fmt(t for t in targets if not hit(t, freplays))
        rec["qsym_flips"] = fmt(t for t in targets if hit(t, qreplays)) \
            if os.environ.get("FSYM_QSYM_LIB") else None
        bad = [c for c in claims if not c[3] and c[2] in per_file
               and not flipped((c[0], c[1]), per_file[c[2]], orig_eqs)]
        rec["ferret_claims"] = len(claims)
        rec["ferret_claims_not_flipped"] = ["%s:%d %s" % c[:3] for c in bad]
        rec["ferret_optimistic_flipped"] = sum(
            1 for c in claims if c[3] and c[2] in per_file
            and flipped((c[0], c[1]), per_file[c[2]], orig_eqs))
        rec["ferret_all_flips"] = fmt({(c[0], c[1]) for c in claims
                                       if hit((c[0], c[1]), freplays)})
    else:
        # the input cannot be replaced: ferret must at least answer sat
        # (validated by ferret) where simple found a diverging input
        answered = {(c[0], c[1]) for c in claims}
        if os.path.exists(ftrace):
            for line in open(ftrace):
                w = line.split()
                if w and w[0] == "query" and (w[3] == "sat" or w[4] == "optimistic"):
                    answered.add((w[1], 1 - int(w[2])))
        rec["simple_unanswered_by_ferret"] = fmt(t for t in targets if t not in answered)
    report = os.environ.get("FSYM_REPORT")
    if report:
        with open(report, "a") as f:
            f.write(json.dumps(rec) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return rc


def report(path):
    recs = [json.loads(l) for l in open(path)] if os.path.exists(path) else []
    bad = 0
    print("%-22s %-6s %7s %7s %7s %7s %7s  %s" % (
        "test", "input", "simple", "ferret", "qsym", "f-flips", "lib s/f",
        "ferret answers (sat/unsat/unknown, optimistic)"))
    tot = {"simple": 0, "ferret": 0, "qsym": 0, "all": 0}
    anyc = {"simple": [0, 0], "qsym": [0, 0]}
    for r in recs:
        t = len(r["simple_targets"])
        if r["replayable"]:
            f = len(r["ferret_flips"])
            q = "-" if r["qsym_flips"] is None else len(r["qsym_flips"])
            a = len(r["ferret_all_flips"])
        else:
            f = q = a = "n/a"
        ans = r["ferret_answers"]
        lib = "%d/%d" % (r.get("simple_library_found", 0), r["ferret_library_sat"])
        for b in ("simple", "qsym"):
            if r.get(b + "_any") is not None:
                anyc[b][0] += r[b + "_any"]
                anyc[b][1] += 1
        print("%-22s %-6s %7d %7s %7s %7s %7s  %d/%d/%d, %d" % (
            r["test"], r["mode"], t, f, q, a, lib, ans["sat"], ans["unsat"],
            ans["unknown"], ans["optimistic"]))
        if r["replayable"]:
            tot["simple"] += t
            tot["ferret"] += f
            tot["all"] += a
            if q != "-":
                tot["qsym"] += q
            for m in r["simple_missed_by_ferret"]:
                print("  MISSED simple's target %s" % m)
                bad += 1
            for m in r["ferret_claims_not_flipped"]:
                print("  NOT FLIPPED: ferret's input for %s" % m)
                bad += 1
        else:
            for m in r.get("simple_unanswered_by_ferret", []):
                print("  UNANSWERED: simple's target %s has no ferret sat answer" % m)
                bad += 1
    print("columns: simple = branches of the program the simple backend finds a diverging input"
          " for; ferret, qsym = of those, taken the other way by a new input of that backend, run"
          " again; f-flips = all branches ferret's new inputs flip; lib s/f = queries at sites in"
          " the runtime's libc models answered sat by simple / ferret (not replay-checked)")
    print("targets of the simple backend (replayable runs): %d; flipped by ferret: %d, by QSYM: %d;"
          " branches ferret flips in all: %d" % (tot["simple"], tot["ferret"], tot["qsym"], tot["all"]))
    print("program runs with ANY checks that hold on the same binary with SymCC's runtimes:"
          " simple %d/%d, QSYM %d/%d (ferret's: the lit results above)" % (
              anyc["simple"][0], anyc["simple"][1], anyc["qsym"][0], anyc["qsym"][1]))
    return 1 if bad or not recs else 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "cc":
        sys.exit(cc(sys.argv[2:]))
    if cmd == "run":
        sys.exit(run(sys.argv[2], sys.argv[3:]))
    if cmd == "report" and len(sys.argv) == 3:
        sys.exit(report(sys.argv[2]))
    print("usage: check.py cc ARGS | run PROGRAM ARGS | report FILE", file=sys.stderr)
    sys.exit(2)
