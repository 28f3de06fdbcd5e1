#!/usr/bin/env python3
"""Summarise bench/limit.py results as Markdown (the tables of
BENCHMARKS.md, "Physical limit").

  limit-summary.py RESULTS.tsv

Evaluator figures (ferret/native, ferret/libFuzzer) are over the files that
have a program to evaluate: files that preprocessing decides ("trivial")
and files with errors are left out and counted.  ferret/native is given
for the three input sets of limit-eval.c (rand: the headline, fixed
pseudo-random inputs; mut: one slot changed per input; spec: special values
and formula constants).  ferret/libFuzzer = ferret's evaluator on rand /
libFuzzer's executions per CPU second.  "batched" is ferret's batched
evaluator (src/engine/batch.c: up to 64 inputs per dispatch, what the enumeration
runs; the search evaluates one candidate at a time, the plain column) on
the same inputs, also against native.

End to end, on sat files (expected sat, or answered sat by either backend:
sat answers come with a validated model): speedup = libFuzzer backend wall
time / ferret wall time, an unsolved run counted as the time limit S (a
lower bound on the speedup when only the backend fails), 1 when neither
solved (neither is faster within S).
"""
import csv, json, os, statistics, sys

TARGET_NATIVE, TARGET_E2E = 0.3, 20.0


def fnum(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def quant(xs, q):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    i = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[i]


def fmt(x, digits=3):
    if x is None:
        return "-"
    if abs(x) >= 1e6:
        return "%.2fM" % (x / 1e6)
    if abs(x) >= 1e4:
        return "%.0fk" % (x / 1e3)
    if abs(x) >= 100:
        return "%.0f" % x
    return "%.*f" % (digits, x) if abs(x) < 10 else "%.1f" % x


def is_sat_file(r):
    return r["expected"] == "sat" or "sat" in (r["ferret_answer"], r["lf_answer"])


def speedup(r):
    s = fnum(r["e2e_speedup"])
    if s is not None:
        return s
    if r["ferret_answer"] or r["lf_answer"]:
        return 1.0  # neither solved within S
    return None


def evaluated(rows):
    return [r for r in rows if not r["error"] and r["trivial"] == "0"]


def eval_table(groups):
    out = ["| group | files | evaluated | trivial | errors | mismatches | native evals/s | ferret evals/s | "
           "ferret/native rand (p10-p90) | mut | spec | batched/native rand (p10-p90) | mut | spec | "
           "libFuzzer execs/s | ferret/libFuzzer |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for name, rows in groups:
        ev = evaluated(rows)
        rr = [fnum(r["rand_ratio"]) for r in ev]
        br = [fnum(r.get("rand_batch_ratio")) for r in ev]
        out.append("| %s | %d | %d | %d | %d | %d | %s | %s | **%s** (%s-%s) | %s | %s | **%s** (%s-%s) | %s | %s | %s | %s |" % (
            name, len(rows), len(ev), sum(r["trivial"] == "1" and not r["error"] for r in rows),
            sum(bool(r["error"]) and "MISMATCH" not in r["error"] for r in rows),
            sum("MISMATCH" in r["error"] for r in rows),
            fmt(med(fnum(r["rand_native_eps"]) for r in ev)),
            fmt(med(fnum(r["rand_ferret_eps"]) for r in ev)),
            fmt(med(rr)), fmt(quant(rr, 0.1)), fmt(quant(rr, 0.9)),
            fmt(med(fnum(r["mut_ratio"]) for r in ev)),
            fmt(med(fnum(r["spec_ratio"]) for r in ev)),
            fmt(med(br)), fmt(quant(br, 0.1)), fmt(quant(br, 0.9)),
            fmt(med(fnum(r.get("mut_batch_ratio")) for r in ev)),
            fmt(med(fnum(r.get("spec_batch_ratio")) for r in ev)),
            fmt(med(fnum(r["fuzz_eps"]) for r in ev)),
            fmt(med(fnum(r["ferret_over_fuzz"]) for r in ev))))
    return out


def e2e_table(groups):
    out = ["| group | sat files | ferret solved | libFuzzer solved | ferret median s | libFuzzer median s | "
           "libFuzzer compile median s | speedup median (p10-p90) | speedup >= 20 | wrong |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for name, rows in groups:
        rows = [r for r in rows if r["ferret_answer"] or r["lf_answer"]]
        sat = [r for r in rows if is_sat_file(r)]
        if not rows:
            continue
        sp = [speedup(r) for r in sat]
        out.append("| %s | %d | %d | %d | %s | %s | %s | **%s** (%s-%s) | %d | %d |" % (
            name, len(sat), sum(r["ferret_answer"] == "sat" for r in sat),
            sum(r["lf_answer"] == "sat" for r in sat),
            fmt(med(fnum(r["ferret_wall_s"]) for r in sat), 4),
            fmt(med(fnum(r["lf_wall_s"]) for r in sat)),
            fmt(med(fnum(r["lf_compile_s"]) for r in sat)),
            fmt(med(sp)), fmt(quant(sp, 0.1)), fmt(quant(sp, 0.9)),
            sum(s is not None and s >= TARGET_E2E for s in sp),
            sum(bool(r["wrong"]) for r in rows)))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: limit-summary.py RESULTS.tsv")
    path = sys.argv[1]
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    meta = {}
    mp = os.path.splitext(path)[0] + ".meta"
    if os.path.exists(mp):
        with open(mp) as fh:
            meta = json.load(fh)
    groups = [("all", rows)]
    for key in ("suite", "family"):
        for v in sorted(set(r[key] for r in rows)):
            groups.append(("%s" % v, [r for r in rows if r[key] == v]))
    lines = []
    if meta:
        lines.append("Run: `%s`, %s, %d files, %.0f s; %s; commit %s; load %.1f -> %.1f; %s." % (
            meta["command"], meta["date"], meta["files"], meta["duration_s"], meta["machine"],
            meta["commit"], meta["load_start"][0], meta["load_end"][0], meta["cc_version"]))
        lines.append("")
    lines.append("Evaluation speed (evaluations per CPU second; medians over files):")
    lines.append("")
    lines += eval_table(groups)
    e2e = e2e_table(groups)
    if len(e2e) > 2:
        lines += ["", "End to end on sat files (wall seconds, limit %s s per backend):" % (
            rows[0]["timeout_s"] or "?"), ""] + e2e
    ev = evaluated(rows)
    m_nat = med(fnum(r["rand_ratio"]) for r in ev)
    m_bat = med(fnum(r.get("rand_batch_ratio")) for r in ev)
    sat = [r for r in rows if (r["ferret_answer"] or r["lf_answer"]) and is_sat_file(r)]
    m_e2e = med(speedup(r) for r in sat)
    lines.append("")
    verdict = lambda m: "-" if m is None else "met" if m >= TARGET_NATIVE else "NOT met"
    lines.append("Targets: ferret/native median %s one input at a time (target >= %.1f: %s), %s batched "
                 "(%s); end-to-end speedup median on sat "
                 "files %s (target >= %.0fx: %s)." % (
                     fmt(m_nat), TARGET_NATIVE, verdict(m_nat), fmt(m_bat), verdict(m_bat),
                     fmt(m_e2e), TARGET_E2E,
                     "-" if m_e2e is None else "met" if m_e2e >= TARGET_E2E else "NOT met"))
    bad = [r for r in rows if "MISMATCH" in r["error"] or r["wrong"]]
    for r in bad:
        lines.append("- **%s**: %s %s" % (r["file"], r["error"], ("WRONG " + r["wrong"]) if r["wrong"] else ""))
    errs = [r for r in rows if r["error"] and "MISMATCH" not in r["error"]]
    for r in errs:
        lines.append("- error: %s: %s" % (r["file"], r["error"]))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
