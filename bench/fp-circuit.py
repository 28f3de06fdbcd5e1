#!/usr/bin/env python3
"""Check a solver's FP operations value by value in one small format.

    bench/fp-circuit.py [--format EB.SB] [--ops add,sqrt,...] --solver "CMD ..."

For every input of the format (each finite value, both infinities, NaN; pairs for
the binary operations) and every rounding mode, ferret's evaluator gives the
value of the operation (one `ferret` run with push/pop and get-value), and the
solver is asked whether the operation, with its inputs fixed by assertions,
equals that value (one solver run per operation, push/pop, SMT-LIB `=`).  An
unsat is a case the solver gets wrong.  For Bitwuzla give `--rewrite-level 0`,
or it folds the constants instead of using its encoding; cvc5 needs
`--incremental`.  Results whose exact value is past the largest finite of the
format (roundToIntegral of +-max), which no definition fixes, are left out.
"""
import argparse
import itertools
import os
import re
import shlex
import subprocess

RMS = ['RNE', 'RNA', 'RTP', 'RTN', 'RTZ']
OPS = {  # name: (arity, rounding mode?)
    'add': (2, True), 'sub': (2, True), 'mul': (2, True), 'div': (2, True),
    'rem': (2, False), 'min': (2, False), 'max': (2, False),
    'sqrt': (1, True), 'roundToIntegral': (1, True),
}


def values(eb, sb):
    """Every value of (eb, sb) once: the literals, one NaN."""
    out = []
    for s in '01':
        for e in range(2 ** eb):
            for m in range(2 ** (sb - 1)):
                if e == 2 ** eb - 1 and (m > 0 and (s == '1' or m > 1)):
                    continue
                out.append(f'(fp #b{s} #b{e:0{eb}b} #b{m:0{sb - 1}b})')
    return out


def cases(op, lits, top):
    arity, rounded = OPS[op]
    for args in itertools.product(lits, repeat=arity):
        if op == 'roundToIntegral' and args[0] in top:
            continue
        for rm in (RMS if rounded else [None]):
            yield rm, args


def term(op, rm, n):
    xs = ' '.join(f'x{i}' for i in range(n))
    return f'(fp.{op} {rm + " " if rm else ""}{xs})'


def script(sort, op, items, body):
    head = ['(set-logic QF_FP)'] + [f'(declare-fun x{i} () {sort})' for i in range(OPS[op][0])]
    out = head[:]
    for rm, args, extra in items:
        fix = ''.join(f'(assert (= x{i} {a}))' for i, a in enumerate(args))
        out.append(f'(push 1){fix}{body(rm, args, extra)}(pop 1)')
    return '\n'.join(out) + '\n'


def run(cmd, text, path):
    with open(path, 'w') as f:
        f.write(text)
    r = subprocess.run(cmd + [path], capture_output=True, text=True)
    if r.returncode not in (0, 10, 20):
        print(f'  ({cmd[0]} exit {r.returncode}: {(r.stderr or r.stdout).strip()[-200:]})')
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--format', default='2.3')
    ap.add_argument('--ops', default=','.join(OPS))
    ap.add_argument('--solver', required=True)
    ap.add_argument('--ferret', default='build/ferret')
    ap.add_argument('--tmp', default=f'/tmp/fp-circuit-{os.getpid()}')
    a = ap.parse_args()
    eb, sb = (int(x) for x in a.format.split('.'))
    sort = f'(_ FloatingPoint {eb} {sb})'
    lits = values(eb, sb)
    emax = 2 ** eb - 2
    top = {f'(fp #b{s} #b{emax:0{eb}b} #b{"1" * (sb - 1)})' for s in '01'}
    for op in a.ops.split(','):
        items = [(rm, args, None) for rm, args in cases(op, lits, top)]
        n = OPS[op][0]
        out = run([a.ferret], script(sort, op, items,
                                     lambda rm, args, _: f'(check-sat)(get-value ({term(op, rm, n)}))'),
                  a.tmp + '-ferret.smt2')
        vals = re.findall(r'\(\(\(fp\.\S+ [^\n]*?\) (\(fp #b[01]+ #b[01]+ #b[01]+\)|\(_ \S+ \d+ \d+\))\)\)', out)
        if len(vals) != len(items):
            raise SystemExit(f'{op}: ferret gave {len(vals)} values for {len(items)} cases')
        items = [(rm, args, v) for (rm, args, _), v in zip(items, vals)]
        ans = run(shlex.split(a.solver), script(sort, op, items,
                                                lambda rm, args, v: f'(assert (= {term(op, rm, n)} {v}))(check-sat)'),
                  a.tmp + '-solver.smt2').split()
        ans = [r for r in ans if r in ('sat', 'unsat', 'unknown')]
        wrong = [(rm, args, v) for (rm, args, v), r in zip(items, ans) if r != 'sat']
        missing = len(items) - len(ans)
        print(f'{op}: {len(wrong)} of {len(items)} cases wrong'
              + (f', {missing} not answered (the solver stopped)' if missing > 0 else ''))
        for rm, args, v in wrong[:3]:
            print(f'  {term(op, rm, n)} with {", ".join(f"x{i} = {x}" for i, x in enumerate(args))}: '
                  f'ferret {v}, the solver does not give it')


if __name__ == '__main__':
    main()
