#!/usr/bin/env python3
"""The search on floating-point formats wider than 128 bits, two builds
side by side: random constraints over two wide variables ((19,237),
(11,200), (5,300)), drawn by the generator of tests/wide_fp_z3.py (its
`pred` over `term`, depth 2, one or two assertions per formula), each
answered by both builds under the same execution budget (--max-execs:
the counts do not depend on the machine's load).  Prints one line per
formula and the counts; the formulas go to --keep DIR if given.

usage: bench/wide-fp-search.py BEFORE AFTER [--n 60] [--seed 7]
                               [--max-execs 300000] [--out FILE.tsv] [--keep DIR]
"""
import argparse, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def generator(seed):
    """tests/wide_fp_z3.py's definitions (everything before its main
    loop), its random generator seeded with `seed`."""
    path = os.path.join(HERE, '..', 'tests', 'wide_fp_z3.py')
    src = open(path).read()
    src = src[:src.index('\nbad = 0')]
    argv, sys.argv = sys.argv, ['wide_fp_z3.py', 'unused', '0', str(seed)]
    g = {'__name__': 'wide_fp_gen'}
    try:
        exec(compile(src, path, 'exec'), g)
    finally:
        sys.argv = argv
    return g


def answer(binary, path, execs):
    try:
        p = subprocess.run([binary, '--max-execs', str(execs), '--timeout', '60', path],
                           capture_output=True, text=True, timeout=90)
        first = p.stdout.split('\n', 1)[0].strip()
    except subprocess.TimeoutExpired:
        first = 'timeout'
    return first if first in ('sat', 'unsat', 'unknown') else 'error'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('before')
    ap.add_argument('after')
    ap.add_argument('--n', type=int, default=60)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--max-execs', type=int, default=300000)
    ap.add_argument('--out', default=os.path.join(HERE, 'results', 'wide-fp-search.tsv'))
    ap.add_argument('--keep')
    a = ap.parse_args()
    g = generator(a.seed)
    rng, sort, pred = g['rng'], g['sort'], g['pred']
    keep = a.keep or os.path.join('/tmp', 'ferret-wide-fp-search.%d' % os.getpid())
    os.makedirs(keep, exist_ok=True)
    counts = {}
    with open(a.out, 'w') as out:
        out.write('formula\tformat\tbefore\tafter\n')
        for i in range(a.n):
            f = rng.choice(g['FORMATS'][:3])
            decl = ''.join('(declare-const %s %s)\n' % (v, sort(f)) for v in ('x', 'y'))
            body = ''.join('(assert %s)\n' % pred(f, {'x': f, 'y': f}, 2)
                           for _ in range(rng.randrange(1, 3)))
            path = os.path.join(keep, 'q%03d.smt2' % i)
            with open(path, 'w') as fp:
                fp.write('(set-logic QF_FP)\n' + decl + body + '(check-sat)\n')
            b, c = answer(a.before, path, a.max_execs), answer(a.after, path, a.max_execs)
            counts[('before', b)] = counts.get(('before', b), 0) + 1
            counts[('after', c)] = counts.get(('after', c), 0) + 1
            line = 'q%03d\t(%d,%d)\t%s\t%s' % (i, f[0], f[1], b, c)
            out.write(line + '\n')
            print(line, flush=True)
            if {b, c} == {'sat', 'unsat'}:
                print('WRONG: the builds disagree on q%03d' % i, flush=True)
    for build in ('before', 'after'):
        print('%-6s %s' % (build, ', '.join('%s %d' % (k, counts.get((build, k), 0))
                                          for k in ('sat', 'unsat', 'unknown', 'error', 'timeout'))))
    if not a.keep:
        for name in os.listdir(keep):
            os.remove(os.path.join(keep, name))
        os.rmdir(keep)


if __name__ == '__main__':
    main()
