#!/usr/bin/env python3
"""Summarise bench/solve-bench.sh results (TSV) as Markdown, beside the JFS
paper's recorded results on exactly the same files, and draw a quantile plot.

  solve-summary.py [--ablation] [--plot OUT.svg] [--paper TSV] RESULTS.tsv...

Several TSVs may be given (e.g. ferret at 30 s and z3/cvc5 at 10 s); a solver
that appears with several timeouts is labelled "solver@Ts".  Files are
the union over the inputs; a solver is scored only on the files it ran.

Scores:  solved = sat/unsat answers that are not WRONG.
         PAR-2  = sum over files of wall time if solved, else 2 x timeout
                  (a WRONG answer also costs 2 x timeout).
         median (common) = median wall time over the files every solver
                  solved.
Quantile plot as in the JFS paper (§5.3): each correct answer scores 1,
each wrong one -1; correct answers sorted by time, the curve starts at
x = -(wrong answers); y = wall time (log scale).
"""
import argparse, csv, os, statistics, subprocess, sys

PAPER_CONFIGS = [
    ("JFS-LF-SS", "jfs_lf_fail_fast_smart_seeds"), ("JFS-LF-NS", "jfs_lf_fail_fast"),
    ("JFS-NR", "jfs_pf_fail_fast"), ("Z3 4.6.0", "z3"), ("MathSAT5", "mathsat5"),
    ("CVC4 1.6", "cvc4"), ("COLIBRI", "colibri"), ("goSAT", "gosat"), ("XSat", "xsat"),
    ("CORAL-PSO", "coral_pso"), ("CORAL-AVM", "coral_avm"),
]
# Ablation variants and the JFS configuration each corresponds to.
ABLATION = [
    ("ferret", "default: smart seeds, coverage-guided, fail-fast", "jfs_lf_fail_fast_smart_seeds"),
    ("ferret-naive", "naive seeds, --seeds=1", "jfs_lf_fail_fast"),
    ("ferret-random", "pure random, --pure-random", "jfs_pf_fail_fast"),
    ("ferret-tryall", "try-all encoding, --encoding=1", None),
]


def load(paths):
    rows = []
    for p in paths:
        with open(p, newline="") as fh:
            for r in csv.DictReader(fh, delimiter="\t"):
                r["timeout_s"] = float(r.get("timeout_s") or 0)
                r["wall_s"] = float(r["wall_s"])
                rows.append(r)
    timeouts = {}
    for r in rows:
        timeouts.setdefault(r["solver"], set()).add(r["timeout_s"])
    mixed = len(set(r["timeout_s"] for r in rows)) > 1
    for r in rows:
        if mixed:
            r["solver"] = "%s@%gs" % (r["solver"], r["timeout_s"])
    return rows


def solved(r):
    return r["answer"] in ("sat", "unsat") and r["wrong"] not in ("WRONG", "1")


def paper_results(path, files):
    """{config: {file: label}} for the files present here."""
    res = {}
    if not os.path.exists(path):
        return res
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            f = r["path_in_bench"] or r["benchmark_path"]
            if f in files:
                res.setdefault(r["solver_config"], {})[f] = r["combined_label"]
    return res


def fmt_t(x):
    return "-" if x is None else ("%.3f" % x if x < 10 else "%.1f" % x)


def median(xs):
    return statistics.median(xs) if xs else None


def summary(rows, paper, out):
    solvers = list(dict.fromkeys(r["solver"] for r in rows))
    files = sorted(set(r["file"] for r in rows))
    by = {s: {r["file"]: r for r in rows if r["solver"] == s} for s in solvers}
    common = [f for f in files if all(f in by[s] and solved(by[s][f]) for s in solvers)]
    exp = {r["file"]: r["expected"] for r in rows}
    out.append("Files: %d (expected sat %d, unsat %d, unknown %d)\n" % (
        len(files), sum(1 for f in files if exp[f] == "sat"),
        sum(1 for f in files if exp[f] == "unsat"),
        sum(1 for f in files if exp[f] not in ("sat", "unsat"))))
    out.append("| solver | timeout s | files | sat | unsat | solved | wrong | timeout | unknown | error "
               "| PAR-2 s | median s (solved) | median s (sat) | median s (%d common) | median execs/s (runs >= 1 s) |" % len(common))
    out.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for s in solvers:
        rs = list(by[s].values())
        t = sorted(set(r["timeout_s"] for r in rs))
        cnt = lambda a: sum(1 for r in rs if r["answer"] == a)
        wrong = sum(1 for r in rs if r["wrong"] in ("WRONG", "1"))
        par2 = sum(r["wall_s"] if solved(r) else 2 * r["timeout_s"] for r in rs)
        # throughput of runs that searched for at least a second (trivial
        # solves run a handful of executions and say nothing about speed)
        eps = [float(r["execs_per_s"]) for r in rs if r.get("execs_per_s") and r["wall_s"] >= 1]
        out.append("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %.1f | %s | %s | %s | %s |" % (
            s, ",".join("%g" % x for x in t), len(rs), cnt("sat"), cnt("unsat"),
            sum(1 for r in rs if solved(r)), wrong, cnt("timeout"), cnt("unknown"), cnt("error"), par2,
            fmt_t(median([r["wall_s"] for r in rs if solved(r)])),
            fmt_t(median([r["wall_s"] for r in rs if solved(r) and r["answer"] == "sat"])),
            fmt_t(median([by[s][f]["wall_s"] for f in common])),
            "%.0f" % median(eps) if eps else "-"))
    if len(solvers) > 1:
        union = [f for f in files if any(f in by[s] and solved(by[s][f]) for s in solvers)]
        out.append("\nUnion of the solvers above: %d solved." % len(union))
        for s in solvers:
            only = [f for f in union if f in by[s] and solved(by[s][f])
                    and not any(f in by[o] and solved(by[o][f]) for o in solvers if o != s)]
            miss = [f for f in union if not (f in by[s] and solved(by[s][f]))]
            out.append("- %s: solves %d that no other solver here solves; misses %d of the union." % (
                s, len(only), len(miss)))
    wrongs = [r for r in rows if r["wrong"] in ("WRONG", "1")]
    if wrongs:
        out.append("\n**WRONG answers:**\n")
        for r in wrongs:
            out.append("- %s: %s answered %s, expected %s" % (r["file"], r["solver"], r["answer"], r["expected"]))
    if paper:
        out.append("\nJFS paper (FSE 2019 artifact, 900 s, their machine) on the same %d files "
                   "(files the artifact has no row for are left out of that row):\n" % len(files))
        out.append("| configuration | files with a row | SAT | UNSAT | solved | WRONG |")
        out.append("|---|--:|--:|--:|--:|--:|")
        for name, key in PAPER_CONFIGS:
            if key not in paper:
                continue
            lab = list(paper[key].values())
            c = lambda a: sum(1 for x in lab if x == a)
            out.append("| %s | %d | %d | %d | %d | %d |" % (name, len(lab), c("SAT"), c("UNSAT"),
                                                         c("SAT") + c("UNSAT"), c("WRONG")))
    return by, files


def ablation(by, files, paper, out):
    out.append("\nAblation, like the JFS paper's Tables 4/5 (ferret default vs each variant; "
               "Both / Only default / Only other / Neither = files solved by ...):\n")
    out.append("| variant | solved | Both | Only default | Only other | Neither | JFS paper analogue (same files): Both / Only LF-SS / Only other / Neither |")
    out.append("|---|--:|--:|--:|--:|--:|---|")
    ok = lambda s, f: s in by and f in by[s] and solved(by[s][f])
    pok = lambda k, f: paper.get(k, {}).get(f) in ("SAT", "UNSAT")
    base = "ferret"
    others = [a for a in ABLATION if a[0] != base and a[0] in by]
    out.append("| %s (%s) | %d | | | | | |" % (base, ABLATION[0][1], sum(ok(base, f) for f in files)))
    for s, desc, key in others:
        b = sum(ok(base, f) and ok(s, f) for f in files)
        ob = sum(ok(base, f) and not ok(s, f) for f in files)
        oo = sum(ok(s, f) and not ok(base, f) for f in files)
        n = sum(not ok(base, f) and not ok(s, f) for f in files)
        pk = ABLATION[0][2]
        pa = "-" if key is None or key not in paper else "%d / %d / %d / %d" % (
            sum(pok(pk, f) and pok(key, f) for f in files), sum(pok(pk, f) and not pok(key, f) for f in files),
            sum(pok(key, f) and not pok(pk, f) for f in files),
            sum(not pok(pk, f) and not pok(key, f) for f in files))
        out.append("| %s (%s) | %d | %d | %d | %d | %d | %s |" % (s, desc, sum(ok(s, f) for f in files),
                                                             b, ob, oo, n, pa))
    if others:
        names = [o[0] for o in others]
        both = sum(ok(base, f) and any(ok(s, f) for s in names) for f in files)
        ob = sum(ok(base, f) and not any(ok(s, f) for s in names) for f in files)
        oo = sum(not ok(base, f) and any(ok(s, f) for s in names) for f in files)
        n = sum(not ok(base, f) and not any(ok(s, f) for s in names) for f in files)
        out.append("| All above | | %d | %d | %d | %d | |" % (both, ob, oo, n))


def plot(rows, by, svg):
    dat = os.path.splitext(svg)[0] + ".dat"
    with open(dat, "w") as fh:
        for s, rs in by.items():
            rs = list(rs.values())
            w = sum(1 for r in rs if r["wrong"] in ("WRONG", "1"))
            ts = sorted(r["wall_s"] for r in rs if solved(r))
            fh.write('"%s"\n' % s)
            fh.write("%d %g\n" % (-w, max(ts[0], 1e-3) if ts else 1e-3))
            for i, t in enumerate(ts):
                fh.write("%d %g\n" % (i + 1 - w, max(t, 1e-3)))
            fh.write("\n\n")
    gp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantile.gp")
    title = os.path.basename(os.path.splitext(svg)[0])
    try:
        subprocess.run(["gnuplot", "-e", 'datafile="%s"; outfile="%s"; n=%d; ptitle="%s"' % (
            dat, svg, len(by), title), gp], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("gnuplot failed: %s" % e, file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ablation", action="store_true")
    ap.add_argument("--plot", help="quantile plot output (.svg); default beside the first TSV")
    ap.add_argument("--no-plot", action="store_true")
    ap.add_argument("--paper", default=os.environ.get("FERRET_BENCH", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench")) +
        "/paper/jfs_fse2019_results.tsv")
    ap.add_argument("tsv", nargs="+")
    a = ap.parse_args()
    rows = load(a.tsv)
    paper = paper_results(a.paper, set(r["file"] for r in rows))
    out = []
    by, files = summary(rows, paper, out)
    if a.ablation:
        ablation(by, files, paper, out)
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    base = os.path.splitext(a.tsv[0])[0]
    if len(a.tsv) == 1:
        with open(base + ".summary.md", "w") as fh:
            fh.write(text)
    if not a.no_plot:
        plot(rows, by, a.plot or base + ".svg")


if __name__ == "__main__":
    main()
