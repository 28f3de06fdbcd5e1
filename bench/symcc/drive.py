#!/usr/bin/env python3
"""The search loop of bench/symcc-explore.sh in one process: the program is
started through bench/symcc/spawn.c (fork, CPU limit, exec, wait4: one
helper process per execution instead of about 15), its CPU time comes to the
microsecond (/usr/bin/time prints hundredths, and an execution of a few
milliseconds counted 0.00), and the inputs it writes are hashed, queued and
logged here.  The search is the shell loop's (HARNESS=shell):
each runtime's queue (OUT_DIR/RUNTIME/, prepared by bench/symcc-explore.sh)
is run first in first out from the input named by its `next` file; the new
inputs of an execution (the simple runtime's logged models turned into
inputs) that are not already in the queue join it; ferret's and QSYM's
back-off maps are kept across executions; a runtime stops when the CPU time
of its executions reaches the budget or its queue is empty.

    drive.py search OUT_DIR PROGRAM BUDGET_S RUNTIME... -- [ARGS...]
    drive.py replay OUT_DIR COV_PROGRAM RUNTIME... -- [ARGS...]
    drive.py follow OUT_DIR COV_PROGRAM RUNTIME -- [ARGS...]

search: with one RUNTIME, that runtime's own search (MAX_WALL bounds it from
its start); with several, they take turns, one execution each (MAX_WALL
bounds them all).  Each RUNTIME's library folder is read from
OUT_DIR/RUNTIME/runtime.  replay: every input of each RUNTIME's queue, in
discovery order, on the coverage build (OUT_DIR/RUNTIME/coverage.tsv).
follow: the same, started beside a search of RUNTIME (after its folder is set
up): it replays the inputs as the search finds them, until the search has
finished, so that the coverage is ready when the search ends.
Environment: FSYM_SPAWN (bench/symcc/spawn.c built; required), EXEC_CPU (CPU
seconds per execution, default 30), MAX_WALL, MAX_EXECS (executions per
runtime, for measuring the harness on the same executions), FSYM_Z3_SHIM (bench/symcc/z3-stats.c built, preloaded into the z3 runtimes).
The harness's own CPU and wall time (everything but the executions) is
printed at the end of a search.
"""
import hashlib
import importlib.util
import os
import re
import sys
import time

sys.dont_write_bytecode = True  # simple-inputs.py is loaded from the source tree

HERE = os.path.dirname(os.path.abspath(__file__))
STATS = re.compile(r"^ferret: (\{.*\})$")
BRANCH_MS = re.compile(r"[0-9.]+ ms\)")
BRANCH_CPU = re.compile(r"[0-9.]+ ms CPU")
SPAWN = os.environ.get("FSYM_SPAWN", "")
SLOWEST = re.compile(r"^ferret: branch .*, ([0-9.]*) ms\)")


def load_simple_inputs():
    spec = importlib.util.spec_from_file_location("simple_inputs", os.path.join(HERE, "simple-inputs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.write_models


def input_args(args, path):
    """The program's arguments for input PATH (@@ replaced) and its stdin."""
    out, stdin = [], path
    for a in args:
        if a == "@@":
            a, stdin = path, "/dev/null"
        out.append(a)
    return out, stdin


def spawn(argv, stdin, env, cpu_limit):
    """Runs argv under a CPU limit through bench/symcc/spawn.c (FSYM_SPAWN);
    returns (status, user+system CPU s, wall s, peak KiB).  The status is the
    exit code, or 128 + the signal (as /usr/bin/time gives)."""
    t0 = time.monotonic()
    r, w = os.pipe()
    actions = [(os.POSIX_SPAWN_OPEN, 0, stdin, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
               (os.POSIX_SPAWN_DUP2, 1, 2),
               (os.POSIX_SPAWN_DUP2, w, 3)]
    try:
        pid = os.posix_spawn(SPAWN, [SPAWN, str(cpu_limit)] + argv, env, file_actions=actions)
    finally:
        os.close(w)
    with os.fdopen(r, "rb") as f:
        report = f.read().split()
    os.waitpid(pid, 0)
    wall = time.monotonic() - t0
    if len(report) != 3:
        sys.exit("drive.py: %s gave no report for %s" % (SPAWN, argv[0]))
    return int(report[0]), float(report[1]), wall, int(report[2])


def ferret_counters(log):
    """The SYMCC_FERRET_STATS line, or (killed at its CPU limit, the runtime
    printed none) the counts of its query lines; and its slowest query's wall ms."""
    try:
        with open(log, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return "", ""
    stats, slowest = "", None
    q = s = u = k = o = 0
    t = c = 0.0
    for line in lines:
        m = STATS.match(line)
        if m:
            stats = m.group(1)
            continue
        if not line.startswith("ferret: branch "):
            continue
        q += 1
        if ": sat (" in line:
            s += 1
        elif ": unsat" in line:
            u += 1
        else:
            k += 1
        if "optimistic sat" in line:
            o += 1
        m = BRANCH_MS.search(line)
        t += float(m.group(0)[:-4]) if m else 0.0
        m = BRANCH_CPU.search(line)
        if m:
            c += float(m.group(0)[:-7])
        m = SLOWEST.match(line)
        if m and m.group(1):
            v = float(m.group(1))
            if slowest is None or v > slowest[0]:
                slowest = (v, m.group(1))
    if not stats and q:
        stats = ('{"queries": %d, "sat": %d, "unsat": %d, "unknown": %d, "optimistic_sat": %d, '
                 '"solver_seconds": %.6f, "solver_cpu_seconds": %.6f, "from_log": true}'
                 % (q, s, u, k, o, t / 1000, c / 1000))
    return stats, slowest[1] if slowest else ""


def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return ""
    return lines[-1] if lines else ""


class Search:
    """One runtime's queue in OUT_DIR/NAME, as bench/symcc-explore.sh set it up."""

    def __init__(self, out, name, prog, args, budget_s):
        self.name, self.prog, self.args = name, prog, args
        self.d = os.path.join(out, name)
        self.queue = os.path.join(self.d, "queue")
        self.run = os.path.join(self.d, "run")
        self.log = os.path.join(self.d, "log")
        self.z3 = os.path.join(self.d, "z3")
        with open(os.path.join(self.d, "runtime")) as f:
            self.rt = f.read().strip()
        with open(os.path.join(self.d, "next")) as f:
            self.next = int(f.read())
        with open(os.path.join(self.d, "cpu_cs")) as f:
            self.cpu_cs = self.cpu_cs0 = int(f.read())
        self.budget_cs = int(budget_s) * 100
        self.hashes = set()
        if os.path.exists(os.path.join(self.d, "hashes")):
            with open(os.path.join(self.d, "hashes")) as f:
                self.hashes = set(line.strip() for line in f if line.strip())
        self.count = len(os.listdir(self.queue))
        self.hashes_f = open(os.path.join(self.d, "hashes"), "a")
        self.found_f = open(os.path.join(self.d, "found.tsv"), "a")
        self.exec_f = open(os.path.join(self.d, "executions.tsv"), "a")
        self.execs = 0
        self.exec_cpu = self.exec_wall = 0.0
        env = dict(os.environ)
        env.update(LD_LIBRARY_PATH=self.rt, SYMCC_OUTPUT_DIR=self.run, SYMCC_LOG_FILE=self.log)
        if name == "ferret":
            env.update(SYMCC_FERRET_STATS="1", SYMCC_AFL_COVERAGE_MAP=os.path.join(self.d, "map"))
        elif name == "qsym":
            env.update(SYMCC_AFL_COVERAGE_MAP=os.path.join(self.d, "map"), FSYM_Z3_QUERIES="all")
        shim = os.environ.get("FSYM_Z3_SHIM", "")
        if shim and name != "ferret":
            env.update(LD_PRELOAD=shim, FSYM_Z3_STATS=self.z3)
        self.env = env
        self.write_models = load_simple_inputs() if name == "simple" else None

    def run_one(self, start, tmo):
        """One execution of the next input; False when the runtime is done."""
        n = self.next
        inp = os.path.join(self.queue, "%06d" % n)
        if self.cpu_cs0 / 100 + self.exec_cpu >= self.budget_cs / 100 or not os.path.isfile(inp):
            return False
        self.next = n + 1
        os.makedirs(self.run, exist_ok=True)
        for e in os.scandir(self.run):
            os.unlink(e.path)
        for p in (self.log, self.z3):
            if os.path.exists(p):
                os.unlink(p)
        argv, stdin = input_args(self.args, inp)
        env = self.env
        if stdin == "/dev/null":
            env = dict(env, SYMCC_INPUT_FILE=inp)
        status, cpu, wall_e, peak = spawn([self.prog] + argv, stdin, env, tmo)
        if self.write_models:
            self.write_models(self.log, inp, self.run)
        # summed to the microsecond (the shell loop summed /usr/bin/time's
        # hundredths, truncated: an execution under 10 ms counted 0)
        self.execs += 1
        self.exec_cpu += cpu
        self.cpu_cs = self.cpu_cs0 + int(self.exec_cpu * 100 + 0.5)
        self.exec_wall += wall_e
        now = "%.2f" % (time.monotonic() - start)
        new = 0
        for f in sorted(os.listdir(self.run)):
            path = os.path.join(self.run, f)
            if not os.path.isfile(path):
                continue
            with open(path, "rb") as fh:
                data = fh.read()
            h = hashlib.sha1(data).hexdigest()
            if h in self.hashes:
                continue
            self.hashes.add(h)
            self.hashes_f.write(h + "\n")
            with open(os.path.join(self.queue, "%06d" % self.count), "wb") as fh:
                fh.write(data)
            self.found_f.write("%06d\t%.3f\t%s\tfrom %06d\n" % (
                self.count, self.cpu_cs0 / 100 + self.exec_cpu, now, n))
            self.count += 1
            new += 1
        slowest = ""
        if self.name == "ferret":
            stats, slowest = ferret_counters(self.log)
        else:
            stats = last_line(self.z3)
        self.exec_f.write("%06d\t%.4f\t%.3f\t%d\t%d\t%d\t%s\t%s\n" % (
            n, cpu, wall_e, peak, status, new, stats, slowest))
        for f in (self.hashes_f, self.found_f, self.exec_f):
            f.flush()
        return True

    def close(self):
        for f in (self.hashes_f, self.found_f, self.exec_f):
            f.close()
        with open(os.path.join(self.d, "finished"), "w") as f:
            f.write("%d executions\n" % self.execs)
        with open(os.path.join(self.d, "next"), "w") as f:
            f.write("%d\n" % self.next)
        with open(os.path.join(self.d, "cpu_cs"), "w") as f:
            f.write("%d\n" % self.cpu_cs)


def split_args(argv):
    if "--" in argv:
        i = argv.index("--")
        return argv[:i], argv[i + 1:]
    return argv, []


def search(out, prog, budget, names, args):
    tmo = int(os.environ.get("EXEC_CPU", "30"))
    max_wall = os.environ.get("MAX_WALL", "")
    max_wall = float(max_wall) if max_wall else None
    max_execs = int(os.environ.get("MAX_EXECS", "0") or 0)
    runs = [Search(out, n, prog, args, budget) for n in names]
    start = time.monotonic()
    c0 = os.times()
    active = list(runs)
    while active:
        still = []
        for r in active:
            if max_wall is not None and time.monotonic() - start >= max_wall and \
                    r.cpu_cs0 / 100 + r.exec_cpu < r.budget_cs / 100:
                print("%s: stopped by MAX_WALL (%g s%s) at %g CPU s" % (
                    r.name, max_wall, " of its own" if len(runs) == 1 else "", r.cpu_cs / 100), flush=True)
                continue
            if max_execs and r.execs >= max_execs:
                continue
            if r.run_one(start, tmo):
                still.append(r)
        active = still
    wall = time.monotonic() - start
    c1 = os.times()
    for r in runs:
        r.close()
    # The harness's own time: this process's CPU and its spawn helpers' (the
    # children's CPU but the programs'), and the wall time not spent in
    # executions.
    own = (c1.user - c0.user) + (c1.system - c0.system)
    n = sum(r.execs for r in runs)
    helpers = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system) - \
        sum(r.exec_cpu for r in runs)
    ex_wall = sum(r.exec_wall for r in runs)
    if len(runs) == 1:
        print("%s: %.0f s wall on its own" % (runs[0].name, wall), flush=True)
    per = (lambda x: 1e3 * x / n) if n else (lambda x: 0.0)
    print("harness: %d executions (%.2f CPU s) in %.1f s wall (%.1f s in the executions); its own CPU "
          "%.2f s (driver %.2f, spawn helpers %.2f): %.2f ms CPU and %.2f ms wall per execution" % (
              n, sum(r.exec_cpu for r in runs), wall, ex_wall, own + helpers, own, helpers,
              per(own + helpers), per(wall - ex_wall)), flush=True)


def found_lines(d, follow):
    """found.tsv's lines; with follow, also those its search is still
    appending, until the search has finished (its `finished` file)."""
    with open(os.path.join(d, "found.tsv")) as found:
        part = ""
        while True:
            done = not follow or os.path.exists(os.path.join(d, "finished"))
            chunk = found.readline()
            if chunk:
                part += chunk
                if part.endswith("\n"):
                    yield part
                    part = ""
                continue
            if done:
                return
            time.sleep(1)


def replay(out, cov_prog, names, args, follow=False):
    for name in names:
        d = os.path.join(out, name)
        cmap = os.path.join(d, "cov.map")
        if os.path.exists(cmap):
            os.unlink(cmap)
        env = dict(os.environ, FSYM_COV_MAP=cmap)
        edges = 0
        with open(os.path.join(d, "coverage.tsv"), "w") as cov:
            cov.write("input\tcpu_s\twall_s\tedges\n")
            for line in found_lines(d, follow):
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 3:
                    continue
                argv, stdin = input_args(args, os.path.join(d, "queue", fields[0]))
                # 60 CPU s per input (the shell loop's timeout was 60 s of wall time)
                spawn([cov_prog] + argv, stdin, env, 60)
                try:
                    with open(cmap, "rb") as f:
                        data = f.read()
                    edges = len(data) - data.count(0)
                except OSError:
                    pass
                cov.write("%s\t%s\t%s\t%d\n" % (fields[0], fields[1], fields[2], edges))
        print("%s: %d edges" % (name, edges), flush=True)


def main():
    argv, args = split_args(sys.argv[1:])
    if not os.access(SPAWN, os.X_OK):
        sys.exit("drive.py: FSYM_SPAWN (bench/symcc/spawn.c built) not set or not executable")
    if len(argv) >= 5 and argv[0] == "search":
        return search(os.path.abspath(argv[1]), argv[2], argv[3], argv[4:], args)
    if len(argv) >= 4 and argv[0] == "replay":
        return replay(os.path.abspath(argv[1]), argv[2], argv[3:], args)
    if len(argv) >= 4 and argv[0] == "follow":
        return replay(os.path.abspath(argv[1]), argv[2], argv[3:], args, follow=True)
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
