#!/usr/bin/env python3
"""Replay a bug-mode campaign's log.tsv under per-solver time limits from the median.

    bench/hunt-limit-replay.py DIR/log.tsv [K ...]

For each factor K (default 0 4 10), the rule of `ferret hunt --timeout-factor K`
(after 16 definite answers of a solver, its limit is min(TIMEOUT, max(0.5 s,
K x the median time of its last 64 sat/unsat answers))) is applied to the
logged solver times, in the campaign's order: an answer slower than its limit
becomes a timeout and does not enter the median.  The solvers of a formula run
at the same time, so a formula costs the longest of its (limited) runs.
Printed per K: the solvers' time summed over the formulas, as a share of the
campaign as run, and the definite answers (and formulas with a finding) that
the limits would have cut.  An estimate from logged times, not a measurement:
a campaign run with the limits would also choose other formulas.
TIMEOUT is the campaign's --timeout (4 s in bench/hunt-bug.sh), set with
the environment variable TIMEOUT.
"""
import os
import statistics
import sys

FLOOR, AFTER, WINDOW = 0.5, 16, 64


def read(path):
    rows = []
    with open(path) as f:
        head = f.readline().rstrip('\n').split('\t')
        n = sum(1 for h in head if h.startswith('answer'))
        for line in f:
            c = line.rstrip('\n').split('\t')
            if len(c) < 4 + 2 * n:
                continue
            runs = [(c[4 + 2 * i], float(c[5 + 2 * i])) for i in range(n)]
            rows.append((c[2], runs))
    return rows, n


def replay(rows, n, k, timeout):
    recent = [[] for _ in range(n)]
    cost = cost_as_run = 0.0
    lost = [0] * n
    lost_findings = 0
    for finding, runs in rows:
        worst = worst_as_run = 0.0
        cut = False
        for i, (answer, t) in enumerate(runs):
            limit = timeout
            if k > 0 and len(recent[i]) >= AFTER:
                limit = min(timeout, max(FLOOR, k * statistics.median_low(recent[i][-WINDOW:])))
            definite = answer in ('sat', 'unsat')
            if definite and t > limit:
                lost[i] += 1
                cut = True
            elif definite:
                recent[i].append(t)
            worst = max(worst, min(t, limit))
            worst_as_run = max(worst_as_run, t)
        cost += worst
        cost_as_run += worst_as_run
        if cut and finding != 'none':
            lost_findings += 1
    return cost, cost_as_run, lost, lost_findings


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rows, n = read(sys.argv[1])
    timeout = float(os.environ.get('TIMEOUT', '4'))
    for k in [float(a) for a in sys.argv[2:]] or [0, 4, 10]:
        cost, as_run, lost, lf = replay(rows, n, k, timeout)
        share = cost / as_run if as_run > 0 else 0.0
        print(f'K={k:g}: {len(rows)} formulas, solver time {cost:.0f} s ({share:.2f} of {as_run:.0f} s as run), '
              f'definite answers cut: {", ".join(f"solver {i + 1} {x}" for i, x in enumerate(lost))}; '
              f'formulas with a finding among them: {lf}')


if __name__ == '__main__':
    main()
