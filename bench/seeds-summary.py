#!/usr/bin/env python3
"""Compare two builds of ferret over seeds: the spread of the answers.

  seeds-summary.py BEFORE.tsv AFTER.tsv [--names before,after]

Each TSV holds bench/solve-bench.sh rows of the solvers ferret-s1 ...
ferret-sN (one per seed) on one suite.  Printed as Markdown, per build:
per seed the sat count and the median CPU seconds over the files both
builds solve at that seed; then the files solved at every seed, at some
seed only, and the files one build solves at a seed where the other does
not (a known-sat file lost at a seed).  CPU seconds (ferret bench's cpu_s)
rather than wall seconds: on a shared machine the wall clock measures the
load.
"""
import csv, statistics, sys


def load(path):
    """{seed_name: {file: row}}"""
    by = {}
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            by.setdefault(r["solver"], {})[r["file"]] = r
    return by


def solved(r):
    return r is not None and r["answer"] in ("sat", "unsat") and r["wrong"] not in ("WRONG", "1")


def main(argv):
    names = ["before", "after"]
    if "--names" in argv:
        i = argv.index("--names")
        names = argv[i + 1].split(",")
        del argv[i:i + 2]
    if len(argv) != 2:
        sys.exit(__doc__)
    a, b = load(argv[0]), load(argv[1])
    seeds = sorted(set(a) & set(b), key=lambda s: int(s.rsplit("s", 1)[1]) if s.rsplit("s", 1)[1].isdigit() else 0)
    files = sorted(set().union(*(a[s].keys() for s in seeds)))
    exp = {f: r["expected"] for s in seeds for f, r in a[s].items()}
    out = []
    out.append("Files: %d (expected sat %d). Seeds: %s.\n" % (
        len(files), sum(1 for f in files if exp.get(f) == "sat"), ", ".join(seeds)))
    out.append("| seed | %s sat | %s sat | median CPU s %s / %s (files both solve) | ratio |" % (
        names[0], names[1], names[0], names[1]))
    out.append("|---|--:|--:|--:|--:|")
    for s in seeds:
        both = [f for f in files if solved(a[s].get(f)) and solved(b[s].get(f))]
        ma = statistics.median(float(a[s][f]["cpu_s"]) for f in both) if both else None
        mb = statistics.median(float(b[s][f]["cpu_s"]) for f in both) if both else None
        out.append("| %s | %d | %d | %s / %s (%d) | %s |" % (
            s, sum(1 for f in files if solved(a[s].get(f))), sum(1 for f in files if solved(b[s].get(f))),
            "-" if ma is None else "%.3f" % ma, "-" if mb is None else "%.3f" % mb, len(both),
            "-" if not ma else "%.2f" % (mb / ma)))
    for name, by in zip(names, (a, b)):
        every = [f for f in files if all(solved(by[s].get(f)) for s in seeds)]
        some = [f for f in files if any(solved(by[s].get(f)) for s in seeds) and f not in every]
        out.append("\n%s: %d files solved at every seed, %d at some seeds only%s" % (
            name, len(every), len(some), ":" if some else "."))
        for f in some:
            out.append("- %s (%s)" % (f, " ".join(s.rsplit("-", 1)[1] for s in seeds if solved(by[s].get(f)))))
    for (n1, x), (n2, y) in (((names[0], a), (names[1], b)), ((names[1], b), (names[0], a))):
        lost = [(f, s) for f in files for s in seeds if solved(x[s].get(f)) and not solved(y[s].get(f))]
        out.append("\nSolved by %s but not by %s at the same seed: %d%s" % (n1, n2, len(lost), ":" if lost else "."))
        for f, s in lost:
            out.append("- %s at %s (%s: %s)" % (f, s, n2, y[s][f]["answer"] if f in y[s] else "no row"))
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
