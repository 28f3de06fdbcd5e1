#!/usr/bin/env python3
"""Summary of bench/symcc-explore.sh runs: one Markdown table row per program
and runtime, and (with gnuplot) one plot per program of the edges reached
over the CPU time of the search.

    bench/symcc-summary.py [--plots DIR] RESULT_DIR...
    bench/symcc-summary.py --ferret-detail RESULT_DIR...
    bench/symcc-summary.py --afl PNG AFL_DIR...

--afl: runs of bench/symcc-afl.sh (each AFL_DIR named after its runtime):
one table row each (AFL's queue, the entries imported from the runtime,
the runtime's executions and CPU seconds, edges) and a plot of the edges
of AFL's queue over wall seconds.

--ferret-detail: per program, the ferret runtime's queries by CPU time
(histogram per answer) and its answers per stage, summed over executions.

Each RESULT_DIR is an OUT_DIR of bench/symcc-explore.sh (its name is the
program's).  Counters: ferret's from its SYMCC_FERRET_STATS lines; QSYM's
and simple's from bench/symcc/z3-stats.c (z3 checks; for simple, the
queries are its checks of a diverging branch, its solver time includes its
re-checks of the path).  Solver time is CPU seconds (the process's CPU
clock around each query or z3 check; load-independent), with the wall
seconds beside it.  Executions per minute are per CPU minute of the
executions.  After the table, per program, the solver CPU time of ferret
against simple's three ways: per execution on the same inputs (the seeds,
the first executions of every runtime's search), per execution over the
whole search, and per query.
"""
import json
import os
import shutil
import subprocess
import sys

RUNTIMES = ("ferret", "qsym", "simple")


def rows(path):
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            yield dict(zip(header, line.rstrip("\n").split("\t")))


def summarise(d):
    ex = list(rows(os.path.join(d, "executions.tsv")))
    s = {"execs": len(ex), "cpu": 0.0, "wall": 0.0, "peak": 0, "crashes": 0,
         "queries": 0, "sat": 0, "unsat": 0, "unknown": 0, "opt": 0, "solver": 0.0,
         "solver_cpu": 0.0, "no_cpu": 0, "on_budget": 0, "slowest_cpu": None,
         "missing_stats": 0, "slowest": None}
    for e in ex:
        if e.get("slowest_query_ms"):
            s["slowest"] = max(s["slowest"] or 0.0, float(e["slowest_query_ms"]))
        s["cpu"] += float(e["cpu_s"])
        s["wall"] += float(e["wall_s"])
        s["peak"] = max(s["peak"], int(e["peak_kib"]))
        if e["status"] != "0":
            s["crashes"] += 1
        if not e.get("stats"):
            s["missing_stats"] += 1
            continue
        st = json.loads(e["stats"])
        for k in ("queries", "sat", "unsat", "unknown"):
            s[k] += st.get(k, 0)
        s["opt"] += st.get("optimistic_sat", 0)
        s["solver"] += st.get("solver_seconds", 0.0)
        if "solver_cpu_seconds" in st:
            s["solver_cpu"] += st["solver_cpu_seconds"]
        else:
            s["no_cpu"] += 1
        s["on_budget"] += st.get("on_budget", 0)
        if "slowest_cpu_ms" in st:
            s["slowest_cpu"] = max(s["slowest_cpu"] or 0.0, st["slowest_cpu_ms"])
    found = list(open(os.path.join(d, "found.tsv")))
    s["seeds"] = sum(1 for l in found if "\tseed " in l)
    # the seed executions: the same inputs for every runtime
    s["seed_solver"], s["seed_execs"] = 0.0, 0
    for e in ex:
        if int(e["input"]) < s["seeds"] and e.get("stats"):
            s["seed_solver"] += json.loads(e["stats"]).get("solver_cpu_seconds", 0.0)
            s["seed_execs"] += 1
    s["new"] = len(found) - s["seeds"]
    cov = os.path.join(d, "coverage.tsv")
    s["curve"] = []
    if os.path.exists(cov):
        s["curve"] = [(float(r["cpu_s"]), int(r["edges"])) for r in rows(cov)]
    s["edges"] = s["curve"][-1][1] if s["curve"] else None
    s["seed_edges"] = s["curve"][s["seeds"] - 1][1] if len(s["curve"]) >= s["seeds"] > 0 else None
    return s


def per(total_s, n):
    """milliseconds per item"""
    return 1e3 * total_s / n if n else 0.0


def ratio(a, b):
    return "%.1fx" % (a / b) if b else "-"


def plot(name, results, out_dir):
    data = os.path.join(out_dir, "symcc-%s.dat" % name)
    with open(data, "w") as f:
        for rt, s in results:
            f.write("# %s\n" % rt)
            best, last = 0, 0.0
            for cpu, edges in sorted(s["curve"]):
                best = max(best, edges)
                f.write("%.2f %d\n" % (cpu, best))
                last = cpu
            f.write("%.2f %d\n\n\n" % (max(last, s["cpu"]), best))
    png = os.path.join(out_dir, "symcc-%s.png" % name)
    cmds = ['set terminal png size 640,400', 'set output "%s"' % png,
            'set title "%s: edges over CPU time"' % name, 'set xlabel "CPU seconds"',
            'set ylabel "edges"', 'set key bottom right',
            'plot ' + ", ".join('"%s" index %d with steps title "%s"' % (data, i, rt)
                                for i, (rt, _) in enumerate(results))]
    subprocess.run(["gnuplot"], input="\n".join(cmds), text=True, check=True)
    os.remove(data)
    return png


def ferret_detail(dirs):
    print("| program | answer | <0.1 ms | <1 | <4 | <16 | <64 | <256 | <1024 | more | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for d in dirs:
        name = os.path.basename(os.path.normpath(d))
        hist, stages, cpu = {}, {}, 0.0
        for e in rows(os.path.join(d, "ferret", "executions.tsv")):
            if not e.get("stats"):
                continue
            st = json.loads(e["stats"])
            cpu += st.get("solver_cpu_seconds", 0.0)
            for k, v in st.get("cpu_ms_histogram", {}).items():
                if k != "upper":
                    hist[k] = [a + b for a, b in zip(hist.get(k, [0] * len(v)), v)]
            for k, v in st.get("answers_by_stage", {}).items():
                stages[k] = stages.get(k, 0) + v
        for k, v in hist.items():
            print("| %s | %s | %s | %.2f |" % (name, k, " | ".join(str(x) for x in v), cpu))
        print("| %s | by stage | %s |" % (name, ", ".join("%s %d" % kv for kv in stages.items() if kv[1])))


def afl(png, dirs):
    print("| run | AFL queue | imported from the runtime | runtime execs | runtime CPU s | AFL execs | edges |")
    print("|---|---|---|---|---|---|---|")
    curves = []
    for d in dirs:
        text = open(os.path.join(d, "summary")).read().split()
        num = lambda after, k=0: text[text.index(after) + 1 + k].rstrip(",")
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            os.path.basename(os.path.normpath(d)), num("queue:"), num("entries,"), num("runtime:"),
            num("executions,"), num("execs_done", 1), num("edges:")) if "edges:" in text else d)
        curves.append((os.path.basename(os.path.normpath(d)),
                       [(float(r["seconds"]), int(r["edges"])) for r in rows(os.path.join(d, "coverage.tsv"))]))
    if not shutil.which("gnuplot"):
        print("skipped: plot (gnuplot not found)", file=sys.stderr)
        return
    data = png + ".dat"
    with open(data, "w") as f:
        for name, curve in curves:
            best = 0
            for t, e in sorted(curve):
                best = max(best, e)
                f.write("%.1f %d\n" % (t, best))
            f.write("\n\n")
    cmds = ['set terminal png size 640,400', 'set output "%s"' % png,
            'set title "AFL++ with a SymCC runtime: edges over wall time"', 'set xlabel "wall seconds"',
            'set ylabel "edges"', 'set key bottom right',
            'plot ' + ", ".join('"%s" index %d with steps title "%s"' % (data, i, name)
                                for i, (name, _) in enumerate(curves))]
    subprocess.run(["gnuplot"], input="\n".join(cmds), text=True, check=True)
    os.remove(data)
    print("plot: %s" % png, file=sys.stderr)


def main():
    args = sys.argv[1:]
    if args[:1] == ["--afl"] and len(args) > 2:
        return afl(args[1], args[2:])
    if args[:1] == ["--ferret-detail"]:
        return ferret_detail(args[1:])
    plots = None
    if args[:1] == ["--plots"]:
        plots, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    print("| program | runtime | edges (seeds) | edges at equal CPU | queries | sat / unsat / unknown | solver CPU s (wall s) |"
          " solver ms per exec / per query | execs | execs per CPU min | CPU s / wall s | new inputs | peak MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    made, notes = [], []
    for d in args:
        name = os.path.basename(os.path.normpath(d))
        results = []
        runs = [rt for rt in RUNTIMES if os.path.exists(os.path.join(d, rt, "executions.tsv"))]
        stats = {rt: summarise(os.path.join(d, rt)) for rt in runs}
        # The CPU time every runtime reached: coverage compared at that time.
        equal = min((st["cpu"] for st in stats.values()), default=0.0)
        for rt in RUNTIMES:
            if not os.path.exists(os.path.join(d, rt, "executions.tsv")):
                print("| %s | %s | skipped: no run | | | | | | | | | | |" % (name, rt))
                continue
            s = stats[rt]
            results.append((rt, s))
            at = max((e for c, e in s["curve"] if c <= equal), default=None)
            if s["slowest"] is not None:
                notes.append("%s, %s: slowest query %.0f ms wall, %s ms CPU; %d queries ended on their budget%s" % (
                    name, rt, s["slowest"], "%.1f" % s["slowest_cpu"] if s["slowest_cpu"] is not None else "?",
                    s["on_budget"], "; %d executions without CPU counters" % s["no_cpu"] if s["no_cpu"] else ""))
            sat = "%d%s" % (s["sat"], " (+%d optimistic)" % s["opt"] if s["opt"] else "")
            note = " (%d without counters)" % s["missing_stats"] if s["missing_stats"] else ""
            print("| %s | %s | %s (%s) | %s at %.0f s | %d%s | %s / %d / %d | %.2f (%.1f) | %.1f / %.2f | %d | %.0f | %.0f / %.0f | %d | %.0f |" % (
                name, rt, s["edges"], s["seed_edges"], at, equal, s["queries"], note, sat, s["unsat"],
                s["unknown"], s["solver_cpu"], s["solver"], per(s["solver_cpu"], s["execs"]),
                per(s["solver_cpu"], s["queries"]), s["execs"], 60 * s["execs"] / s["cpu"] if s["cpu"] else 0,
                s["cpu"], s["wall"], s["new"], s["peak"] / 1024))
        if "ferret" in stats and "simple" in stats:
            f, m = stats["ferret"], stats["simple"]
            notes.append("%s, solver CPU of simple / ferret: %s on the same inputs (the %d seed executions: %.0f / %.0f ms),"
                         " %s per execution of the searches (%.1f / %.1f ms), %s per query (%.2f / %.2f ms),"
                         " %s in all (%.1f / %.1f s of %.0f / %.0f CPU s)" % (
                             name, ratio(m["seed_solver"], f["seed_solver"]), f["seed_execs"], 1e3 * m["seed_solver"],
                             1e3 * f["seed_solver"], ratio(per(m["solver_cpu"], m["execs"]), per(f["solver_cpu"], f["execs"])),
                             per(m["solver_cpu"], m["execs"]), per(f["solver_cpu"], f["execs"]),
                             ratio(per(m["solver_cpu"], m["queries"]), per(f["solver_cpu"], f["queries"])),
                             per(m["solver_cpu"], m["queries"]), per(f["solver_cpu"], f["queries"]),
                             ratio(m["solver_cpu"], f["solver_cpu"]), m["solver_cpu"], f["solver_cpu"], m["cpu"], f["cpu"]))
        if plots and results and all(s["curve"] for _, s in results):
            if shutil.which("gnuplot"):
                made.append(plot(name, results, plots))
            else:
                print("skipped: plots (gnuplot not found)", file=sys.stderr)
    if notes:
        print()
        for n in notes:
            print("- " + n)
    for p in made:
        print("plot: %s" % p, file=sys.stderr)


if __name__ == "__main__":
    main()
