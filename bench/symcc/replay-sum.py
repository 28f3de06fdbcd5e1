#!/usr/bin/env python3
"""Sums of bench/symcc/replay.sh runs, one Markdown row per OUT_DIR:

    bench/symcc/replay-sum.py OUT_DIR...

queries, answers, queries ended on their budget, solver CPU seconds (and
the part spent in queries of 64 ms or more), distinct new inputs, edges of
the inputs and new inputs together (with COV_PROG)."""
import json
import os
import sys

KEYS = ("queries", "sat", "optimistic_sat", "unsat", "unknown", "on_budget",
        "given_up", "given_up_skips", "repeats", "optimistic_on_budget", "optimistic_skips")  # skips: runtimes of 288b952-c372b93 only


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("| run | execs | queries | sat (+opt) / unsat / unknown | on budget | retired (skips) | optimistic on budget / repeats / skips |"
          " solver CPU s | slowest ms | new inputs | edges |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for d in sys.argv[1:]:
        s = dict.fromkeys(KEYS, 0)
        cpu, slowest, execs = 0.0, 0.0, 0
        for line in open(os.path.join(d, "stats")):
            if not line.strip():
                continue
            st = json.loads(line)
            execs += 1
            for k in KEYS:
                s[k] += st.get(k, 0)
            cpu += st.get("solver_cpu_seconds", 0.0)
            slowest = max(slowest, st.get("slowest_cpu_ms", 0.0))
        new = len(os.listdir(os.path.join(d, "new")))
        e = os.path.join(d, "edges")
        edges = open(e).read().strip() if os.path.exists(e) else "-"
        print("| %s | %d | %d | %d (+%d) / %d / %d | %d | %d (%d) | %d / %d / %d | %.3f | %.1f | %d | %s |" % (
            d, execs, s["queries"], s["sat"], s["optimistic_sat"], s["unsat"], s["unknown"],
            s["on_budget"], s["given_up"], s["given_up_skips"], s["optimistic_on_budget"], s["repeats"], s["optimistic_skips"], cpu, slowest, new, edges))


if __name__ == "__main__":
    main()
