#!/usr/bin/env python3
"""Summary of bench/sample.sh's TSV: per suite and strategy the median
samples, samples/s, executions/s and SMT coverage over files (each file's
value is the mean over seeds); then sm+de against each other strategy,
per file (seed means): Vargha-Delaney A12 (the probability that sm+de
gives more, ties counting half) and the two-sided Wilcoxon signed-rank p
(normal approximation with tie and zero corrections; with so few files
it is a rough figure: with n files the smallest p possible is 2^(1-n)).
Standard library only."""
import csv, math, statistics, sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
strategies = ["naive", "de", "sm", "sm+de"]
metrics = [("samples", "samples"), ("samples_per_sec", "samples/s"),
           ("execs_per_sec", "execs/s"), ("coverage", "coverage %")]

def num(x):
    try:
        return float(x)
    except ValueError:
        return 0.0

# per suite, strategy, file: mean over seeds
val = defaultdict(lambda: defaultdict(list))
for r in rows:
    for m, _ in metrics:
        val[(r["suite"], r["strategy"], r["file"])][m].append(num(r[m]))

def per_file(suite, strategy, m):
    files = sorted({r["file"] for r in rows if r["suite"] == suite})
    return [statistics.mean(val[(suite, strategy, f)][m]) for f in files
            if val[(suite, strategy, f)][m]]

def a12(xs, ys):
    wins = sum((x > y) + 0.5 * (x == y) for x in xs for y in ys)
    return wins / (len(xs) * len(ys)) if xs and ys else float("nan")

def wilcoxon(xs, ys):
    d = [x - y for x, y in zip(xs, ys) if x != y]
    n = len(d)
    if n == 0:
        return 1.0
    order = sorted(range(n), key=lambda i: abs(d[i]))
    ranks = [0.0] * n
    i = 0
    ties = 0.0
    while i < n:
        j = i
        while j + 1 < n and abs(d[order[j + 1]]) == abs(d[order[i]]):
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    w = sum(r for r, x in zip(ranks, d) if x > 0)
    mu = n * (n + 1) / 4
    sd = math.sqrt(n * (n + 1) * (2 * n + 1) / 24 - ties / 48)
    if sd == 0:
        return 1.0
    z = (abs(w - mu) - 0.5) / sd
    return math.erfc(max(z, 0) / math.sqrt(2))

for suite in sorted({r["suite"] for r in rows}):
    nfiles = len({r["file"] for r in rows if r["suite"] == suite})
    seeds = len({r["seed"] for r in rows})
    print(f"\n{suite}: {nfiles} files, {seeds} seeds; medians over files of the seed means")
    print("| strategy | " + " | ".join(h for _, h in metrics) + " |")
    print("|---" * (len(metrics) + 1) + "|")
    for s in strategies:
        cells = []
        for m, _ in metrics:
            v = per_file(suite, s, m)
            cells.append(f"{statistics.median(v):.4g}" if v else "-")
        print(f"| {s} | " + " | ".join(cells) + " |")
    print("\n| sm+de vs | samples A12 | samples p | coverage A12 | coverage p |")
    print("|---|---|---|---|---|")
    for s in strategies[:-1]:
        out = []
        for m in ("samples", "coverage"):
            x, y = per_file(suite, "sm+de", m), per_file(suite, s, m)
            out += [f"{a12(x, y):.2f}", f"{wilcoxon(x, y):.3g}"]
        print(f"| {s} | " + " | ".join(out) + " |")
