#!/usr/bin/env python3
"""How coarser keys would have predicted the causes of a campaign's findings.

    bench/hunt-key-replay.py CAMPAIGN_DIR ...

Reads each campaign's saved wrong answers (DIR/findings/*-wrong-*.smt2, in
the order found), computes the cause key `ferret hunt` gives a reduced
formula (kind, solver, formats, operator multiset; as causes.c builds it)
and replays, finding by finding, predictors that would have counted a
finding for an earlier cause without reducing it:

  superset  a cause C learned from an earlier reduction (its kind, solver,
            formats and operator SET) is predicted for a finding of the
            same kind and solver whose formula holds every format and
            every operator of C;
  set       the finding's operator set and formats equal C's.

The unreduced formulas are not saved, but reduction only removes operators,
so an unreduced formula holds at least the operators of its reduction: a
prediction computed here on the reduced formula would also have been made
on the unreduced one (superset).  So for `superset` the counts are lower
bounds: `right` predictions (the finding reduced to C), `wrong` ones (it
reduced to another cause), and `hidden`, the wrong ones whose cause is new:
the first finding of a row of causes.tsv, which the prediction would have
kept out of causes.tsv.  For `set` the reduced formula stands in for the
unreduced one, so its counts are only indicative.  When a finding's file
header names its unreduced key (`; unreduced: ...`), that key is used.
"""
import re
import sys
from pathlib import Path

TOK = re.compile(r'\(|\)|[^\s()]+')


def parse(text):
    stack, out = [[]], None
    for t in TOK.findall(text):
        if t == '(':
            stack.append([])
        elif t == ')':
            e = stack.pop()
            stack[-1].append(e)
        else:
            stack[-1].append(t)
    out = stack[0]
    return out


def fp_sort(s):
    """(eb, sb) of an FP sort expression, else None."""
    if isinstance(s, list) and len(s) == 4 and s[:2] == ['_', 'FloatingPoint']:
        return (int(s[2]), int(s[3]))
    names = {'Float16': (5, 11), 'Float32': (8, 24), 'Float64': (11, 53), 'Float128': (15, 113)}
    return names.get(s) if isinstance(s, str) else None


class Key:
    def __init__(self, decls):
        self.decls = decls  # name -> sort expression
        self.ops, self.fmts, self.lets = {}, set(), {}

    def sort_of(self, t):
        """'fp', 'bv', 'real', 'rm' or 'bool' of term t (enough for to_fp)."""
        if isinstance(t, str):
            if t.startswith('#b') or t.startswith('#x'):
                return 'bv'
            if re.fullmatch(r'[0-9.]+', t):
                return 'real'
            s = self.decls.get(t)
            if s is not None:
                return 'fp' if fp_sort(s) else 'bv' if isinstance(s, list) and s[1] == 'BitVec' else 'rm'
            return 'rm'
        h = t[0]
        if isinstance(h, list):
            if h[1] in ('to_fp', 'to_fp_unsigned'):
                return 'fp'
            return 'bv'  # fp.to_ubv, fp.to_sbv, extract, ...
        if h == '_':
            return 'fp' if t[1] in ('+zero', '-zero', '+oo', '-oo', 'NaN') else 'bv'
        if h in ('fp',) or (h.startswith('fp.') and h not in ('fp.to_real',)):
            if h in ('fp.eq', 'fp.lt', 'fp.leq', 'fp.gt', 'fp.geq') or h.startswith('fp.is'):
                return 'bool'
            return 'fp'
        if h == 'ite':
            return self.sort_of(t[2])
        if h.startswith('bv') and h not in ('bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle',
                                          'bvsgt', 'bvsge'):
            return 'bv'
        return 'bool'

    def fmt_of(self, t):
        """the FP format of term t, or None."""
        if isinstance(t, str):
            return fp_sort(self.decls.get(t))
        h = t[0]
        if isinstance(h, list) and h[1] in ('to_fp', 'to_fp_unsigned'):
            return (int(h[2]), int(h[3]))
        if h == '_' and t[1] in ('+zero', '-zero', '+oo', '-oo', 'NaN'):
            return (int(t[2]), int(t[3]))
        if h == 'fp' and all(isinstance(a, str) and a.startswith('#b') for a in t[1:]):
            return (len(t[2]) - 2, len(t[3]) - 1)
        if h == 'fp':
            return None  # (fp b e m) of terms: sorts of the args' widths, not needed here
        if h == 'ite':
            return self.fmt_of(t[2])
        if self.sort_of(t) == 'fp':
            for a in t[1:]:
                f = self.fmt_of(a)
                if f:
                    return f
        return None

    def walk(self, t):
        if isinstance(t, str) and t in self.lets:  # a let-bound subterm, counted at each use
            return self.walk(self.lets[t])
        if isinstance(t, list) and t[0] == 'let':
            for name, term in t[1]:
                self.lets[name] = term
            return self.walk(t[2])
        f = self.fmt_of(t) if self.sort_of(t) == 'fp' else None
        if f:
            self.fmts.add(f)
        if isinstance(t, str):
            return
        h = t[0]
        if h == '_' or (h == 'fp' and all(isinstance(a, str) and a.startswith('#') for a in t[1:])):
            return  # a constant
        if isinstance(h, list):
            name = h[1]
            if name == 'to_fp':
                if len(t) == 2:
                    name = 'to_fp(bv)'
                else:
                    name = {'fp': 'to_fp(fp)', 'bv': 'to_fp(sbv)', 'real': 'to_fp(real)'}[self.sort_of(t[2])]
        else:
            name = h
        self.ops[name] = self.ops.get(name, 0) + 1
        for a in t[1:]:
            if isinstance(a, str) and a in ('RNE', 'RNA', 'RTP', 'RTN', 'RTZ'):
                continue
            self.walk(a)


def file_key(path):
    text = path.read_text()
    head = text.split('\n', 1)[0]
    m = re.match(r'; ferret hunt finding: (\S+) by solver (\d+)', head)
    if not m:
        return None
    unreduced = re.search(r'^; unreduced formula: formats (\S*), operators (.*)$', text, re.M)
    decls, asserts = {}, []
    for e in parse('\n'.join(l for l in text.split('\n') if not l.startswith(';'))):
        if e[0] == 'declare-fun':
            decls[e[1]] = e[3]
        elif e[0] == 'assert':
            asserts.append(e[1])
    k = Key(decls)
    for a in asserts:
        k.walk(a)
    pre = None
    if unreduced:
        fmts = tuple(sorted(tuple(int(x) for x in f.split('.')) for f in unreduced.group(1).split(',')
                            if f and f != '-'))
        ops = {}
        for o in unreduced.group(2).split():
            name, _, n = o.partition('*')
            ops[name] = int(n or 1)
        pre = {'fmts': fmts, 'ops': ops}
    return {'kind': m.group(1), 'solver': int(m.group(2)), 'fmts': tuple(sorted(k.fmts)),
            'ops': dict(k.ops), 'unreduced': pre}


def exact(k):
    return (k['kind'], k['solver'], k['fmts'], tuple(sorted(k['ops'].items())))


def replay(d):
    files = sorted(Path(d, 'findings').glob('*-wrong-*.smt2'))
    keys = [(f.name, file_key(f)) for f in files]
    keys = [(n, k) for n, k in keys if k]
    unreduced = sum(1 for _, k in keys if k['unreduced'])
    res = {}
    for rule in ('superset', 'set'):
        learned, seen = [], set()
        right = wrong = hidden = 0
        for name, k in keys:
            ops = set(k['ops'])
            cls = (k['kind'], k['solver'], k['fmts'])
            u = k['unreduced']
            if u:  # the unreduced formula itself
                ops, cls = set(u['ops']), (k['kind'], k['solver'], u['fmts'])
            hit = None
            for c in learned:
                if c[0][:2] != cls[:2]:
                    continue
                if (rule == 'superset' and set(c[0][2]) <= set(cls[2]) and c[1] <= ops) or \
                   (rule == 'set' and c[0][2] == cls[2] and c[1] == ops):
                    hit = c
                    break
            new = exact(k) not in seen
            if hit is not None:
                if hit[2] == exact(k):
                    right += 1
                else:
                    wrong += 1
                    hidden += new
            seen.add(exact(k))
            learned.append(((k['kind'], k['solver'], k['fmts']), set(k['ops']), exact(k)))
        res[rule] = (right, wrong, hidden)
    return len(keys), unreduced, len({exact(k) for _, k in keys}), res


def main():
    print('| campaign | wrong answers saved (with the unreduced formula named) | distinct keys '
          '| superset: right / wrong / new causes hidden | set: right / wrong / hidden |')
    print('|---|--:|--:|---|---|')
    for d in sys.argv[1:]:
        n, u, distinct, r = replay(d)
        s, e = r['superset'], r['set']
        print(f'| {Path(d).name} | {n} ({u}) | {distinct} | {s[0]} / {s[1]} / {s[2]} '
              f'| {e[0]} / {e[1]} / {e[2]} |')


if __name__ == '__main__':
    main()
