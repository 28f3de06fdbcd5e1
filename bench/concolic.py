#!/usr/bin/env python3
"""Concolic queries derived from the corpus, ferret concolic beside z3.

For each file (the Liew-KLEE QF_BVFP files, and the QF_BV files for
BV-only queries): pi = every assertion but the last, the seed i = z3's model
of pi written as bytes (declared variables in order, little endian: ferret
concolic --binding named), b = the last assertion.  Two queries per file,
b and (not b), each with pi.  ferret answers both from one process
(per-query time measured inside it); z3 answers each query from the text
(decls, pi, b) with -T:10, its wall time and its own :time (-st) kept; the
1 s column is read from the same run (an answer within 1 s; z3 is
deterministic on a file).  A sat answer of one solver that the other proves
unsat is WRONG.

Fuzzy-SAT itself (github.com/season-lab/fuzzy-sat, its fuzzy-solver built
beside the repository against its own z3 fork, never vendored; see
BENCHMARKS.md) answers the BV-only queries when --fuzzy-sat names its
binary (default: ../peers/fuzzy-sat/build/bin/fuzzy-solver next to the
worktree, or $FUZZY_SAT): the same query rewritten in its convention, the
input bytes declared as k!0, k!1, ... (8 bits each) and each variable
defined as the concat of its bytes (little endian, the named layout), one
`(assert (and b pi...))` per query, the same seed file; its --notui lines
"SAT, SECONDS" / "UNKNOWN, SECONDS" (its own 1 s limit per query, times in
milliseconds).  Without the binary the column says n/a.  --no-z3 leaves
the z3 columns out (z3 still finds the seed).

Variables of every width the concolic binding takes are run (bit-vectors
up to 8192 bits, FP formats up to 1024); --wider-than 128 keeps only the
files with a variable of more than 128 bits.

usage: bench/concolic.py [--ferret build/ferret] [--limit N] [--timeout-ms MS]
                         [--families liew,bv] [--out bench/results/concolic.tsv]
                         [--fuzzy-sat PATH] [--no-z3] [--wider-than BITS]
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.environ.get("FERRET_BENCH", os.path.join(HERE, "..", "..", "shared", "bench"))


def sexprs(text):
    """Top-level s-expressions of an SMT-LIB text (comments, strings and
    |quoted| symbols respected), as source slices."""
    out, depth, start, i, n = [], 0, None, 0, len(text)
    while i < n:
        c = text[i]
        if c == ';':
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if c == '"':
            i += 1
            while i < n and not (text[i] == '"' and (i + 1 >= n or text[i + 1] != '"')):
                i += 2 if text[i] == '"' else 1
        elif c == '|':
            i = text.find('|', i + 1)
            if i < 0:
                break
        elif c == '(':
            if depth == 0:
                start = i
            depth += 1
        elif c == ')':
            depth -= 1
            if depth == 0:
                out.append(text[start:i + 1])
        i += 1
    return out


def head(cmd):
    m = re.match(r'\(\s*([^\s()]+)', cmd)
    return m.group(1) if m else ''


SORT_BITS = [
    (re.compile(r'^\(\s*_\s+BitVec\s+(\d+)\s*\)$'), lambda m: int(m.group(1))),
    (re.compile(r'^\(\s*_\s+FloatingPoint\s+(\d+)\s+(\d+)\s*\)$'),
     lambda m: int(m.group(1)) + int(m.group(2))),
    (re.compile(r'^Float32$'), lambda m: 32), (re.compile(r'^Float64$'), lambda m: 64),
    (re.compile(r'^Float16$'), lambda m: 16), (re.compile(r'^Bool$'), lambda m: 1),
]


def decl_var(cmd):
    """(name, sort text, bits) of a declare-const / nullary declare-fun."""
    m = re.match(r'\(\s*declare-const\s+(\S+)\s+(.*)\)\s*$', cmd, re.S)
    if not m:
        m = re.match(r'\(\s*declare-fun\s+(\|[^|]*\||[^\s()]+)\s*\(\s*\)\s*(.*)\)\s*$', cmd, re.S)
    if not m:
        return None
    sort = m.group(2).strip()
    for rx, bits in SORT_BITS:
        mm = rx.match(sort)
        if mm:
            return m.group(1), sort, bits(mm)
    return None


def value_bits(v):
    """Bits of a z3 value: #x.., #b.., true/false, (fp #b.. #b.. #x..),
    (_ +zero e s) etc. None if not understood."""
    v = v.strip()
    if v == 'true':
        return 1
    if v == 'false':
        return 0
    if v.startswith('#x'):
        return int(v[2:], 16)
    if v.startswith('#b'):
        return int(v[2:], 2)
    m = re.match(r'\(fp\s+(#[xb][0-9a-fA-F]+)\s+(#[xb][0-9a-fA-F]+)\s+(#[xb][0-9a-fA-F]+)\)', v)
    if m:
        parts = []
        for p in m.groups():
            parts.append((int(p[2:], 16), 4 * (len(p) - 2)) if p[1] == 'x'
                         else (int(p[2:], 2), len(p) - 2))
        (s, _), (e, ew), (f, fw) = parts
        return (s << (ew + fw)) | (e << fw) | f
    m = re.match(r'\(_\s+(\+zero|-zero|\+oo|-oo|NaN)\s+(\d+)\s+(\d+)\)', v)
    if m:
        eb, sb = int(m.group(2)), int(m.group(3))
        k = m.group(1)
        sign = 1 << (eb + sb - 1)
        einf = ((1 << eb) - 1) << (sb - 1)
        return {'+zero': 0, '-zero': sign, '+oo': einf, '-oo': sign | einf,
                'NaN': einf | (1 << (sb - 2))}[k]
    return None


def run_z3(text, timeout, tmp):
    path = os.path.join(tmp, 'z3.smt2')
    with open(path, 'w') as fp:
        fp.write(text)
    t0 = time.monotonic()
    try:
        p = subprocess.run(['z3', '-st', '-T:%d' % timeout, path], capture_output=True,
                           text=True, timeout=timeout + 5)
        out = p.stdout
    except subprocess.TimeoutExpired:
        out = 'timeout'
    wall = time.monotonic() - t0
    ans = out.split('\n', 1)[0].strip()
    if ans not in ('sat', 'unsat'):
        ans = 'unknown'
    m = re.search(r':time\s+([0-9.]+)', out)
    return ans, wall, float(m.group(1)) if m else wall, out


def parse_sexpr(text):
    """One s-expression as nested lists of atoms (|quoted| symbols and
    strings kept whole)."""
    toks = re.findall(r'\|[^|]*\||"(?:[^"]|"")*"|[()]|[^\s()|"]+', text)
    stack, cur = [], []
    for t in toks:
        if t == '(':
            stack.append(cur)
            cur = []
        elif t == ')':
            done, cur = cur, stack.pop()
            cur.append(done)
        else:
            cur.append(t)
    return cur[0] if cur else ''


def no_distinct(e):
    """(distinct a b ...) as a conjunction of (not (= x y)): Fuzzy-SAT's
    evaluator (its z3 fork's Z3_custom_eval) has no distinct."""
    if not isinstance(e, list):
        return e
    e = [no_distinct(x) for x in e]
    if e and e[0] == 'distinct' and len(e) >= 3:
        pairs = [['not', ['=', e[i], e[j]]] for i in range(1, len(e)) for j in range(i + 1, len(e))]
        return pairs[0] if len(pairs) == 1 else ['and'] + pairs
    return e


def unparse(e):
    return '(%s)' % ' '.join(unparse(x) for x in e) if isinstance(e, list) else e


def kform(vars_, defs, queries):
    """The queries in Fuzzy-SAT's convention: bytes k!i, each variable a
    define-fun over its bytes (named layout: declaration order, little
    endian); None when a sort is not a bit-vector or Bool."""
    out, at = [], 0
    total = sum((bits + 7) // 8 for _, _, bits in vars_)
    out += ['(declare-const k!%d (_ BitVec 8))' % i for i in range(total)]
    for name, sort, bits in vars_:
        nb = (bits + 7) // 8
        bs = ['k!%d' % (at + j) for j in reversed(range(nb))]
        whole = bs[0] if nb == 1 else '(concat %s)' % ' '.join(bs)
        if sort == 'Bool':
            body = '(= ((_ extract 0 0) k!%d) #b1)' % at
        elif SORT_BITS[0][0].match(sort):
            body = whole if bits % 8 == 0 else '((_ extract %d 0) %s)' % (bits - 1, whole)
        else:
            return None
        out.append('(define-fun %s () %s %s)' % (name, sort, body))
        at += nb
    out += defs
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100000))  # deep lets
    out += ['(assert (and %s true))' % (' '.join(unparse(x) for x in no_distinct(
        parse_sexpr('(and %s)' % q))[1:]) if 'distinct' in q else q) for q in queries]
    return '\n'.join(out) + '\n'


def run_fuzzy(binary, query_path, seed_path, n):
    """Fuzzy-SAT's answers [(answer, seconds)] for the n queries of a file."""
    try:
        p = subprocess.run([binary, '--notui', '-q', query_path, '-s', seed_path],
                           capture_output=True, text=True, timeout=60 + 5 * n)
        lines = p.stdout.splitlines()
    except subprocess.TimeoutExpired:
        lines = []
    res = []
    for line in lines:
        m = re.match(r'^(SAT|UNKNOWN), ([0-9.]+)$', line.strip())
        if m:
            res.append(('sat' if m.group(1) == 'SAT' else 'unknown', float(m.group(2))))
    return res + [('error', 0.0)] * (n - len(res))


def files(families):
    rows = []
    with open(os.path.join(BENCH, 'MANIFEST.tsv')) as fp:
        hdr = fp.readline().rstrip('\n').split('\t')
        for line in fp:
            r = dict(zip(hdr, line.rstrip('\n').split('\t')))
            if 'liew' in families and r['family'] == '20170428-Liew-KLEE' and r['logic'] == 'QF_BVFP':
                rows.append(('bvfp', r['path_in_bench']))
            elif 'bv' in families and r['logic'] == 'QF_BV' and r['family'] != 'fuzzy-sat-tests':
                rows.append(('bv', r['path_in_bench']))
    return sorted(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ferret', default=os.path.join(HERE, '..', 'build', 'ferret'))
    ap.add_argument('--limit', type=int, default=0, help='files per family (0: all)')
    ap.add_argument('--timeout-ms', type=int, default=1000, help="ferret's per-query limit")
    ap.add_argument('--z3-timeout', type=int, default=10)
    ap.add_argument('--families', default='liew,bv')
    ap.add_argument('--out', default=os.path.join(HERE, 'results', 'concolic.tsv'))
    ap.add_argument('--fuzzy-sat', default=os.environ.get(
        'FUZZY_SAT', os.path.join(HERE, '..', '..', 'peers', 'fuzzy-sat', 'build', 'bin', 'fuzzy-solver')))
    ap.add_argument('--no-z3', action='store_true', help='no z3 column (z3 still makes the seed)')
    ap.add_argument('--wider-than', type=int, default=0, metavar='BITS',
                    help='only the files declaring a variable of more than BITS bits (0: all)')
    ap.add_argument('--keep', help='keep each file\'s queries and seed in KEEP/N/ (q.smt2, '
                    'kq.smt2 for Fuzzy-SAT, seed) for reruns without z3')
    a = ap.parse_args()
    fuzzy = a.fuzzy_sat if os.access(a.fuzzy_sat, os.X_OK) else None
    if not fuzzy:
        print('concolic.py: Fuzzy-SAT not found at %s (BENCHMARKS.md says how it is built); '
              'its column is n/a' % a.fuzzy_sat, file=sys.stderr)
    if not os.path.exists(os.path.join(BENCH, 'MANIFEST.tsv')):
        sys.exit('concolic.py: no corpus at %s (set FERRET_BENCH)' % BENCH)
    if not shutil.which('z3'):
        sys.exit('concolic.py: z3 not found (apt-get install z3)')
    if not os.access(a.ferret, os.X_OK):
        sys.exit('concolic.py: %s not built (make)' % a.ferret)
    fams = a.families.split(',')
    todo = files(fams)
    if a.limit:
        per = {}
        todo = [t for t in todo if per.setdefault(t[0], []).append(t) or len(per[t[0]]) <= a.limit]
    tmp = tempfile.mkdtemp(prefix='ferret-concolic.')
    out = open(a.out, 'w')
    out.write('kind\tfile\tquery\tz3\tz3_wall\tz3_time\tferret\tferret_time\tstage'
              '\tfuzzy\tfuzzy_time\n')
    skipped = {}
    try:
        for kind, rel in todo:
            text = open(os.path.join(BENCH, rel), encoding='utf-8', errors='replace').read()
            cmds = sexprs(text)
            decls, defs, asserts, vars_ = [], [], [], []
            bad = None
            for c in cmds:
                h = head(c)
                if h in ('declare-fun', 'declare-const'):
                    v = decl_var(c)
                    if not v:
                        bad = 'declaration not a Bool/BV/FP constant'
                        break
                    decls.append(c), vars_.append(v)
                elif h in ('define-fun', 'define-sort', 'define-const'):
                    defs.append(c)
                elif h == 'assert':
                    asserts.append(c[c.index('assert') + 6:-1].strip())
                elif h in ('push', 'pop', 'declare-sort', 'declare-datatypes'):
                    bad = h
                    break
            if a.wider_than and not any(v[2] > a.wider_than for v in vars_):
                continue
            if bad or not asserts or not vars_:
                skipped[bad or 'no assertion or variable'] = skipped.get(bad or 'no assertion or variable', 0) + 1
                continue
            pi, b = asserts[:-1], asserts[-1]
            prelude = ''.join(x + '\n' for x in decls + defs)
            names = ' '.join(v[0] for v in vars_)
            ans, _, _, z3out = run_z3(prelude + ''.join('(assert %s)\n' % p for p in pi) +
                                      '(check-sat)\n(get-value (%s))\n' % names, 10, tmp)
            if ans != 'sat':
                skipped['pi not sat for z3 in 10 s'] = skipped.get('pi not sat for z3 in 10 s', 0) + 1
                continue
            vals = sexprs(z3out.split('\n', 1)[1])
            pairs = sexprs(vals[0][1:-1]) if vals else []
            seed = bytearray()
            ok = len(pairs) == len(vars_)
            for (name, sort, bits), pr in zip(vars_, pairs):
                inner = pr[1:-1].strip()
                val = value_bits(inner[len(name):]) if inner.startswith(name) else None
                if val is None:
                    ok = False
                    break
                seed += val.to_bytes((bits + 7) // 8, 'little')
            if not ok:
                skipped['model not read'] = skipped.get('model not read', 0) + 1
                continue
            seed_path = os.path.join(tmp, 'seed')
            with open(seed_path, 'wb') as fp:
                fp.write(seed)
            qpath = os.path.join(tmp, 'q.smt2')
            queries = [('b', b), ('not-b', '(not %s)' % b)]
            with open(qpath, 'w') as fp:
                fp.write(prelude)
                for _, q in queries:
                    fp.write('(assert (and %s))\n' % ' '.join([q] + pi) if pi else '(assert %s)\n' % q)
            if a.keep:
                kd = os.path.join(a.keep, '%03d' % len(os.listdir(a.keep)) if os.path.isdir(a.keep) else '000')
                os.makedirs(kd, exist_ok=True)
                shutil.copy(qpath, kd), shutil.copy(seed_path, kd)
                kq = kform(vars_, defs, ['%s %s' % (q, ' '.join(pi)) for _, q in queries]) \
                    if kind == 'bv' else None
                if kq:
                    with open(os.path.join(kd, 'kq.smt2'), 'w') as fp:
                        fp.write(kq)
                with open(os.path.join(kd, 'file'), 'w') as fp:
                    fp.write('%s\t%s\n' % (kind, rel))
            outdir = os.path.join(tmp, 'out')
            shutil.rmtree(outdir, ignore_errors=True)
            p = subprocess.run([a.ferret, 'concolic', '--binding', 'named', '--timeout-ms',
                                str(a.timeout_ms), '--input', seed_path, '--out', outdir, qpath],
                               capture_output=True, text=True)
            fl = {}
            for line in p.stdout.splitlines():
                w = line.split()
                if len(w) == 4:
                    fl[int(w[0])] = (w[1], float(w[2]), w[3])
            fz = [('n/a', 0.0)] * len(queries)
            kq = kform(vars_, defs, ['%s %s' % (q, ' '.join(pi)) for _, q in queries]) \
                if fuzzy and kind == 'bv' else None
            if kq:
                kpath = os.path.join(tmp, 'kq.smt2')
                with open(kpath, 'w') as fp:
                    fp.write(kq)
                fz = run_fuzzy(fuzzy, kpath, seed_path, len(queries))
            for k, (qname, q) in enumerate(queries, 1):
                z = ('skipped', 0.0, 0.0, '') if a.no_z3 else \
                    run_z3(prelude + ''.join('(assert %s)\n' % x for x in pi + [q]) + '(check-sat)\n',
                           a.z3_timeout, tmp)
                fa, ft, fs = fl.get(k, ('error', 0.0, p.stderr.strip().split('\n')[-1][:40].replace('\t', ' ') or 'error'))
                out.write('%s\t%s\t%s\t%s\t%.4f\t%.4f\t%s\t%.6f\t%s\t%s\t%.3f\n' %
                          ((kind, rel, qname, z[0], z[1], z[2], fa, ft, fs) + fz[k - 1]))
            out.flush()
    finally:
        out.close()
        shutil.rmtree(tmp, ignore_errors=True)
    for k, v in sorted(skipped.items()):
        print('skipped %d files: %s' % (v, k), file=sys.stderr)


if __name__ == '__main__':
    main()
