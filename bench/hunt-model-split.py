#!/usr/bin/env python3
"""Sort a campaign's wrong answers into encoding errors and model errors.

    bench/hunt-model-split.py "TARGET CMD" "ENCODING CMD" FINDING.smt2 ...

For each wrong-model or wrong-unsat finding: the target is run again; a model
is the target's own (after a sat) or z3's (after the target's unsat).  The
model's values are fixed by assertions and
  - ferret evaluates the formula on them (`ferret`: sat means the model holds);
  - ENCODING CMD (the target without constant folding, e.g. `bitwuzla
    --rewrite-level 0`) is asked whether its encoding accepts them.
A sat model that ferret rejects but the encoding accepts is an operation
encoded wrongly ("encoding"); one the encoding rejects too is a model that is
not the assignment the solver found ("model").  An unsat whose refuting z3
model ferret accepts and the encoding rejects is an encoding error as well.
One line per finding: file, verdict, operators of the formula.
"""
import re
import shlex
import subprocess
import sys

FERRET = 'build/ferret'
DEF = re.compile(r'\(define-fun\s+(\S+)\s+\(\)\s+(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|\S+)\s+'
                 r'(\([^()]*\)|[^\s()]+)\s*\)')


def answer(cmd, path):
    out = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=60).stdout
    return out.split('\n', 1)[0].strip(), DEF.findall(out)


def fixed(src, model, path):
    body = [l for l in src.split('\n') if not l.startswith(('(check-sat', '(get-model', ';'))]
    text = '\n'.join(body + [f'(assert (= {n} {v}))' for n, v in model] + ['(check-sat)']) + '\n'
    with open(path, 'w') as f:
        f.write(text)
    return path


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    target, encoding = shlex.split(sys.argv[1]), shlex.split(sys.argv[2])
    for path in sys.argv[3:]:
        src = open(path).read()
        ops = ' '.join(sorted(set(re.findall(r'\((fp\.\w+|_ to_fp\w*|_ fp\.to_[su]bv)', src))))
        a, model = answer(target, path)
        if a == 'unsat':
            a2, model = answer(['z3', '-T:5'], path)
            if a2 != 'sat':
                print(f'{path}\tunsat, no z3 model to check\t{ops}')
                continue
        elif a != 'sat':
            print(f'{path}\t{a or "no answer"} now\t{ops}')
            continue
        tmp = '/tmp/hunt-model-split.smt2'
        fixed(src, model, tmp)
        ev = subprocess.run([FERRET, tmp], capture_output=True, text=True).stdout.strip()
        enc = subprocess.run(encoding + [tmp], capture_output=True, text=True).stdout.strip()
        if a == 'sat':
            verdict = ('right model' if ev == 'sat' else
                       'encoding' if enc == 'sat' else 'model' if enc == 'unsat' else f'ferret {ev}, encoding {enc}')
        else:
            verdict = ('encoding (wrong unsat)' if ev == 'sat' and enc == 'unsat' else
                       f'unsat; z3 model: ferret {ev}, encoding {enc}')
        print(f'{path}\t{verdict}\t{ops}')


if __name__ == '__main__':
    main()
