#!/usr/bin/env python3
"""Summary of bench/concolic.py's TSV: per kind of query (BV+FP from the
Liew-KLEE files, BV-only), answers of ferret concolic, z3 at 10 s and z3 at
1 s (z3's 10 s run answering within 1 s), total times and the speedup, the
share of sat answers per ferret stage (Fuzzy-SAT's Table III), and wrong
answers (a sat of one that the other proves unsat); Fuzzy-SAT's answers
where the TSV has them (the BV-only queries; its column n/a otherwise).

usage: bench/concolic-summary.py bench/results/concolic.tsv
"""
import csv, statistics, sys


def main():
    rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
    # A query whose b already holds on the seed (z3's model of pi) is
    # answered by the seed stage; "open" are the others, the ones a solver
    # has work to do on (one of b and (not b) per file, mostly).
    kinds = sorted({r['kind'] for r in rows})
    for kind in kinds + ['all', 'open']:
        rs = [r for r in rows if kind in ('all', r['kind']) or
              (kind == 'open' and r['stage'] != 'seed')]
        if not rs:
            continue
        z10 = sum(r['z3'] == 'sat' for r in rs)
        z1 = sum(r['z3'] == 'sat' and float(r['z3_wall']) <= 1.0 for r in rs)
        fs = sum(r['ferret'] == 'sat' for r in rs)
        fu = sum(r['ferret'] == 'unsat' for r in rs)
        zu = sum(r['z3'] == 'unsat' for r in rs)
        both = sum(r['ferret'] == 'sat' and r['z3'] == 'sat' for r in rs)
        only_f = sum(r['ferret'] == 'sat' and r['z3'] != 'sat' for r in rs)
        only_z = sum(r['ferret'] != 'sat' and r['z3'] == 'sat' for r in rs)
        wrong = [r for r in rs if {r['ferret'], r['z3']} == {'sat', 'unsat'}]
        ft = sum(float(r['ferret_time']) for r in rs)
        zw = sum(float(r['z3_wall']) for r in rs)
        zt = sum(float(r['z3_time']) for r in rs)
        zw1 = sum(min(float(r['z3_wall']), 1.0) for r in rs)
        print(f"## {kind}: {len(rs)} queries ({len({r['file'] for r in rs})} files)\n")
        print("| solver | sat | unsat | unknown | total time (s) |")
        print("|---|--:|--:|--:|--:|")
        print(f"| ferret concolic | {fs} | {fu} | {len(rs) - fs - fu} | {ft:.3f} |")
        print(f"| z3 -T:10 (wall) | {z10} | {zu} | {len(rs) - z10 - zu} | {zw:.1f} |")
        print(f"| z3 -T:10 (own :time) | | | | {zt:.1f} |")
        print(f"| z3 at 1 s (wall, capped) | {z1} | | | {zw1:.1f} |")
        fz = [r for r in rs if r.get('fuzzy', 'n/a') not in ('n/a', None)]
        if fz:
            fzs = sum(r['fuzzy'] == 'sat' for r in fz)
            fzt = sum(float(r['fuzzy_time']) for r in fz)
            fft = sum(float(r['ferret_time']) for r in fz)
            print(f"| Fuzzy-SAT (its {len(fz)} queries) | {fzs} | (none: it never says unsat) | "
                  f"{len(fz) - fzs} | {fzt:.3f} |")
            print(f"| ferret on those {len(fz)} | {sum(r['ferret'] == 'sat' for r in fz)} | "
                  f"{sum(r['ferret'] == 'unsat' for r in fz)} | "
                  f"{sum(r['ferret'] not in ('sat', 'unsat') for r in fz)} | {fft:.3f} |")
            bad = [r for r in fz if r['fuzzy'] == 'sat' and 'unsat' in (r['ferret'], r['z3'])]
            if bad:
                print(f"\n**WRONG (Fuzzy-SAT sat, proved unsat): {len(bad)}**")
        print()
        print(f"sat by both {both}, by ferret only {only_f}, by z3 (10 s) only {only_z}; "
              f"ferret / z3@10s sat = {fs / z10 if z10 else float('nan'):.3f}, "
              f"ferret / z3@1s = {fs / z1 if z1 else float('nan'):.3f}; "
              f"speedup on total time: {zw / ft if ft else float('inf'):.0f}x (z3 wall), "
              f"{zt / ft if ft else float('inf'):.0f}x (z3 :time), "
              f"{zw1 / ft if ft else float('inf'):.0f}x (z3 at 1 s)")
        if wrong:
            print(f"\n**WRONG (ferret and z3 disagree on sat/unsat): {len(wrong)}**")
            for r in wrong:
                print(f"  {r['file']} {r['query']}: ferret {r['ferret']}, z3 {r['z3']}")
        stages = {}
        for r in rs:
            if r['ferret'] == 'sat':
                stages[r['stage']] = stages.get(r['stage'], []) + [float(r['ferret_time'])]
        print("\n| stage | sat answers | share | median time (µs) |")
        print("|---|--:|--:|--:|")
        for st, ts in sorted(stages.items(), key=lambda kv: -len(kv[1])):
            print(f"| {st} | {len(ts)} | {100 * len(ts) / fs:.1f} % | "
                  f"{1e6 * statistics.median(ts):.0f} |")
        early = [float(r['ferret_time']) for r in rs if r['ferret'] == 'sat' and r['stage'] != 'engine']
        if early:
            print(f"\nmedian time of the answers before the engine stage: "
                  f"{1e6 * statistics.median(early):.1f} µs ({len(early)} queries)\n")


if __name__ == '__main__':
    main()
