#!/usr/bin/env python3
"""Summary of bench/sample.sh's TSV: per suite and strategy the median
samples, samples/s, executions/s and SMT coverage over files (each file's
value is the mean over seeds); then sm+de against each other strategy:
Vargha-Delaney A12 as the JFSampler paper defines it, the probability
that sm+de gives more than the other ON THE SAME FORMULA (per file over
its seeds' runs, ties counting half, then the mean over files), and the
two-sided Wilcoxon signed-rank p over the files' seed means (files with
equal means dropped; exact when no two differences tie in size, else the
normal approximation with tie and zero corrections; with n files the
smallest p possible is 2^(1-n)).
With --svg DIR, box plots of samples (log scale) and coverage per strategy
and suite (the paper's Figures 1 and 2) are written there as SVG.
Standard library only."""
import csv, math, statistics, sys
from collections import defaultdict

args = sys.argv[1:]
svg_dir = None
if "--svg" in args:
    k = args.index("--svg")
    svg_dir = args[k + 1]
    del args[k:k + 2]
rows = list(csv.DictReader(open(args[0]), delimiter='\t'))
known = ["naive", "de", "sm", "sm+de", "smtsampler"]
present = {r["strategy"] for r in rows}
strategies = [s for s in known if s in present] + sorted(present - set(known))
metrics = [("samples", "samples"), ("samples_per_sec", "samples/s"),
           ("execs_per_sec", "execs/s"), ("coverage", "coverage %")]

def num(x):
    """A number, 0 for an empty cell, None for '-' (not measured)."""
    if x == "-":
        return None
    try:
        return float(x)
    except (TypeError, ValueError):
        return 0.0

# per suite, strategy, file: mean over seeds
val = defaultdict(lambda: defaultdict(list))
for r in rows:
    for m, _ in metrics:
        x = num(r[m])
        if x is not None:
            val[(r["suite"], r["strategy"], r["file"])][m].append(x)

def per_file(suite, strategy, m):
    files = sorted({r["file"] for r in rows if r["suite"] == suite})
    return [statistics.mean(val[(suite, strategy, f)][m]) for f in files
            if val[(suite, strategy, f)][m]]

def a12(xs, ys):
    wins = sum((x > y) + 0.5 * (x == y) for x in xs for y in ys)
    return wins / (len(xs) * len(ys)) if xs and ys else float("nan")

def a12_paired(suite, sa, sb, m):
    """Mean over files of A12 between the two strategies' runs on that file."""
    files = sorted({r["file"] for r in rows if r["suite"] == suite})
    v = [a12(val[(suite, sa, f)][m], val[(suite, sb, f)][m]) for f in files
         if val[(suite, sa, f)][m] and val[(suite, sb, f)][m]]
    return statistics.mean(v) if v else float("nan")

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
    if ties == 0 and n <= 40:
        # exact: the number of subsets of ranks 1..n with each sum
        top = n * (n + 1) // 2
        ways = [1] + [0] * top
        for r in range(1, n + 1):
            for t in range(top, r - 1, -1):
                ways[t] += ways[t - r]
        lo = min(w, top - w)
        return min(1.0, 2 * sum(ways[:int(lo) + 1]) / 2 ** n)
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
    print("| strategy | " + " | ".join(h for _, h in metrics) +
          " | files without a sample | samples (sum) |")
    print("|---" * (len(metrics) + 3) + "|")
    for s in strategies:
        cells = []
        for m, _ in metrics:
            v = per_file(suite, s, m)
            cells.append(f"{statistics.median(v):.4g}" if v else "-")
        v = per_file(suite, s, "samples")
        cells.append(str(sum(1 for x in v if x == 0)))
        cells.append(f"{sum(v):.4g}")
        print(f"| {s} | " + " | ".join(cells) + " |")
    share = defaultdict(list)  # (strategy, file) -> search_share per seed
    for r in rows:
        x = num(r.get("search_share", "-"))
        if r["suite"] == suite and x:
            share[(r["strategy"], r["file"])].append(x)
    if share:
        files = sorted({r["file"] for r in rows if r["suite"] == suite})
        # naive's bare search on one thread (its executions/s over its share
        # of time spent searching) is the solver's search on that formula
        ref = "naive-1t" if "naive-1t" in strategies else "naive"
        bare = {f: statistics.mean(val[(suite, ref, f)]["execs_per_sec"]) /
                statistics.mean(share[(ref, f)])
                for f in files if share[(ref, f)] and val[(suite, ref, f)]["execs_per_sec"]}
        print("\nexecutions/s kept: the share of time spent searching (--stats search_share), "
              f"and executions/s over {ref}'s bare search rate on the same file "
              "(median over files, min .. max):")
        for s in strategies:
            sh = [statistics.mean(share[(s, f)]) for f in files if share[(s, f)]]
            q = [statistics.mean(val[(suite, s, f)]["execs_per_sec"]) / bare[f]
                 for f in files if f in bare and val[(suite, s, f)]["execs_per_sec"]]
            if sh and q:
                print(f"- {s}: search share {statistics.median(sh):.2f} ({min(sh):.2f} .. {max(sh):.2f}); "
                      f"of the bare search's executions/s {statistics.median(q):.2f} "
                      f"({min(q):.2f} .. {max(q):.2f}), {len(q)} files")
    if "smtsampler" in strategies and "sm+de" in strategies:
        x, y = per_file(suite, "sm+de", "samples"), per_file(suite, "smtsampler", "samples")
        both = [a / b for a, b in zip(x, y) if b > 0]
        print(f"\nsm+de / smtsampler samples: sum {sum(x) / sum(y) if sum(y) else float('inf'):.4g}x; "
              f"per file (where smtsampler has any, {len(both)} files) median "
              f"{statistics.median(both) if both else float('nan'):.4g}x, min "
              f"{min(both) if both else float('nan'):.4g}x; files where sm+de has >= 10x: "
              f"{sum(1 for a, b in zip(x, y) if a >= 10 * b and a > 0)} of {len(x)}")
    print("\n| sm+de vs | samples A12 | samples p | coverage A12 | coverage p |")
    print("|---|---|---|---|---|")
    for s in [s for s in strategies if s != "sm+de"]:
        out = []
        for m in ("samples", "coverage"):
            x, y = per_file(suite, "sm+de", m), per_file(suite, s, m)
            out += [f"{a12_paired(suite, 'sm+de', s, m):.2f}", f"{wilcoxon(x, y):.3g}"]
        print(f"| {s} | " + " | ".join(out) + " |")


def quart(v):
    v = sorted(v)
    def q(p):
        x = p * (len(v) - 1)
        i = int(x)
        return v[i] + (v[min(i + 1, len(v) - 1)] - v[i]) * (x - i)
    return q(0), q(0.25), q(0.5), q(0.75), q(1)

def boxplot_svg(path, title, groups, log, unit):
    """Box (quartiles), median line, whiskers to min and max, one point per
    file; log scale when asked (values <= 0 drawn at the bottom)."""
    W, H, L, R, T, B = 520, 320, 70, 20, 40, 40
    vals = [x for v in groups.values() for x in v]
    if not vals:
        return
    tf = (lambda x: math.log10(max(x, 1e-9))) if log else (lambda x: x)
    pos = [x for x in vals if x > 0] if log else vals
    lo, hi = (tf(min(pos)), tf(max(pos))) if pos else (0, 1)
    if log:
        lo, hi = math.floor(lo), math.ceil(hi)
    if hi <= lo:
        hi = lo + 1
    y = lambda x: T + (H - T - B) * (1 - (min(max(tf(x), lo), hi) - lo) / (hi - lo))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>',
           f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="black"/>']
    ticks = [10 ** k for k in range(int(lo), int(hi) + 1)] if log else \
        [lo + (hi - lo) * k / 4 for k in range(5)]
    for t in ticks:
        yy = y(t)
        lab = f"1e{int(round(math.log10(t)))}" if log else f"{t:.3g}"
        out.append(f'<line x1="{L - 4}" y1="{yy:.1f}" x2="{W - R}" y2="{yy:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L - 6}" y="{yy + 4:.1f}" text-anchor="end">{lab}</text>')
    out.append(f'<text x="16" y="{(H - B + T) / 2}" transform="rotate(-90 16 {(H - B + T) / 2})" '
               f'text-anchor="middle">{unit}</text>')
    n = len(groups)
    step = (W - L - R) / n
    for i, (name, v) in enumerate(groups.items()):
        cx = L + step * (i + 0.5)
        out.append(f'<text x="{cx:.1f}" y="{H - B + 18}" text-anchor="middle">{name}</text>')
        if not v:
            continue
        mn, q1, md, q3, mx = quart(v)
        w = step * 0.3
        out.append(f'<line x1="{cx:.1f}" y1="{y(mn):.1f}" x2="{cx:.1f}" y2="{y(mx):.1f}" stroke="black"/>')
        out.append(f'<rect x="{cx - w:.1f}" y="{y(q3):.1f}" width="{2 * w:.1f}" '
                   f'height="{max(y(q1) - y(q3), 0.5):.1f}" fill="#9cf" stroke="black"/>')
        out.append(f'<line x1="{cx - w:.1f}" y1="{y(md):.1f}" x2="{cx + w:.1f}" y2="{y(md):.1f}" '
                   f'stroke="black" stroke-width="2"/>')
        for k, x in enumerate(v):
            jx = cx + w * 1.3 + (k % 5) * 2
            out.append(f'<circle cx="{jx:.1f}" cy="{y(x):.1f}" r="1.5" fill="#555"/>')
    out.append('</svg>')
    open(path, "w").write("\n".join(out) + "\n")

if svg_dir:
    import os
    for suite in sorted({r["suite"] for r in rows}):
        for m, unit, log in (("samples", "samples per file (seed mean)", True),
                             ("coverage", "SMT coverage % (seed mean)", False)):
            groups = {s: per_file(suite, s, m) for s in strategies}
            path = os.path.join(svg_dir, f"sample-{suite}-{m}.svg")
            boxplot_svg(path, f"{suite}: {m} per strategy", groups, log, unit)
            print(f"wrote {path}")
