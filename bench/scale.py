#!/usr/bin/env python3
"""Per-query cost: does the cost of a query depend on the query, or on
everything the context read before it?

  (a) one check-sat over N independent constraints (N components after
      splitting), N = 1k, 2k, 4k, 8k, 16k: seconds per constraint should be
      flat (within 2x from 1k to 16k);
  (b) Q push / assert / check-sat / pop queries of similar size on a store
      that grows with every query, through the CLI: the last 1,000 queries
      should take at most 1.5x the first 1,000;
  (c) the same through the C API (bench/scale-api.c).
Peak RSS of every run is reported.

Usage: bench/scale.py [--ns 1000,2000,...] [--queries 10000] [--timeout S]
                      [ROOT ...]
Each ROOT is a ferret checkout with a release build (`make` there):
ROOT/build/ferret, ROOT/build/libferret.a, ROOT/include.  Default: the
checkout this script is in.  Give an older checkout as a second ROOT to
measure before and after side by side, e.g. one made with
  git worktree add /tmp/ferret-base e69cf3c && make -C /tmp/ferret-base
"""
import argparse, os, resource, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def gen_independent(n, path):
    """n constraints, each over its own variable: n components."""
    with open(path, 'w') as fh:
        fh.write('(set-logic QF_BVFP)\n')
        for i in range(n):
            k = i % 3
            if k == 0:
                fh.write('(declare-const x%d Float32)\n' % i)
                fh.write('(assert (fp.lt x%d ((_ to_fp 8 24) RNE %d.25)))\n'
                         % (i, i % 5000 - 2500))
            elif k == 1:
                fh.write('(declare-const b%d (_ BitVec 32))\n' % i)
                fh.write('(assert (= ((_ extract 15 0) b%d) #x%04x))\n'
                         % (i, (i * 2654435761) & 0xffff))
            else:
                fh.write('(declare-const y%d Float64)\n' % i)
                fh.write('(assert (fp.gt (fp.mul RNE y%d y%d) '
                         '((_ to_fp 11 53) RNE %d.5)))\n' % (i, i, i % 977))
        fh.write('(check-sat)\n')


def gen_queries(q, path):
    """q queries of the same shape as bench/scale-api.c's."""
    with open(path, 'w') as fh:
        fh.write('(set-logic QF_BVFP)\n')
        for i in range(q):
            fh.write('(push 1)\n(declare-const x%d Float32)\n'
                     '(declare-const y%d Float32)\n'
                     '(declare-const b%d (_ BitVec 16))\n'
                     '(assert (fp.lt ((_ to_fp 8 24) RNE %d.5) '
                     '(fp.add RNE x%d y%d)))\n(assert (fp.isNormal x%d))\n'
                     '(assert (= ((_ extract 7 0) b%d) #x%02x))\n'
                     '(check-sat)\n(pop 1)\n'
                     % (i, i, i, i % 1000, i, i, i, i, i & 0xff))


def run(cmd, timeout, stamps=False):
    """Run cmd; return (seconds, peak RSS KiB, output lines, timed out,
    per-line arrival times when stamps)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, bufsize=1)
    lines, times, dead = [], [], False
    deadline = t0 + timeout
    if stamps:
        for line in p.stdout:
            lines.append(line.strip())
            times.append(time.monotonic() - t0)
            if time.monotonic() > deadline:
                p.kill()
                dead = True
                break
    try:
        out, _ = p.communicate(timeout=max(0.1, deadline - time.monotonic()))
        lines += out.split()
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        dead = True
    _, _, ru = os.wait4(p.pid, 0) if p.returncode is None else (0, 0, None)
    secs = time.monotonic() - t0
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return secs, rss, lines, dead, times


def peak_rss(cmd, timeout):
    """Peak RSS (KiB) and seconds of one run, through /usr/bin/time."""
    t0 = time.monotonic()
    try:
        r = subprocess.run(['/usr/bin/time', '-f', 'RSS %M'] + cmd,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - t0, [], True
    secs = time.monotonic() - t0
    rss = None
    for line in r.stderr.splitlines():
        if line.startswith('RSS '):
            rss = int(line.split()[1])
    return rss, secs, r.stdout.split(), False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ns', default='1000,2000,4000,8000,16000')
    ap.add_argument('--queries', type=int, default=10000)
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('roots', nargs='*')
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix='ferret-scale.')
    try:
        run_all(a, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_all(a, work):
    roots = a.roots or [os.path.dirname(HERE)]
    ns = [int(x) for x in a.ns.split(',')]
    for n in ns:
        gen_independent(n, os.path.join(work, 'ind-%d.smt2' % n))
    qfile = os.path.join(work, 'queries.smt2')
    gen_queries(a.queries, qfile)
    print('# bench/scale.py --ns %s --queries %d --timeout %g %s'
          % (a.ns, a.queries, a.timeout, ' '.join(a.roots)))
    print('# machine: %s, %d cores' % (os.uname().machine, os.cpu_count()))
    for root in roots:
        root = os.path.abspath(root)
        ferret = os.path.join(root, 'build', 'ferret')
        rev = subprocess.run(['git', '-C', root, 'rev-parse', '--short',
                              'HEAD'], capture_output=True,
                             text=True).stdout.strip() or '?'
        if not os.access(ferret, os.X_OK):
            print('%s: no build/ferret (run make there); skipped' % root)
            continue
        print('\n## %s (commit %s)\n' % (root, rev))
        print('(a) one check-sat, N independent constraints\n')
        print('| N | answer | seconds | us per constraint | peak RSS MiB |')
        print('|--:|---|--:|--:|--:|')
        for n in ns:
            rss, secs, out, dead = peak_rss(
                [ferret, os.path.join(work, 'ind-%d.smt2' % n)], a.timeout)
            ans = 'timeout' if dead else (out[-1] if out else '?')
            print('| %d | %s | %s%.2f | %s | %s |' % (
                n, ans, '> ' if dead else '', secs,
                '-' if dead else '%.0f' % (secs / n * 1e6),
                '-' if rss is None else '%.1f' % (rss / 1024)))
            sys.stdout.flush()
        # (b) through the CLI: arrival time of each answer line
        print('\n(b) %d push/assert/check-sat/pop queries, CLI\n' % a.queries)
        secs, _, lines, dead, times = run([ferret, qfile], a.timeout * 3,
                                          stamps=True)
        rss, _, _, _ = peak_rss([ferret, qfile], a.timeout * 3)
        ans = [(l, t) for l, t in zip(lines, times)
               if l in ('sat', 'unsat', 'unknown')]
        if dead or len(ans) < a.queries:
            print('did not finish (%d of %d answers in %.1f s)'
                  % (len(ans), a.queries, secs))
        else:
            first = ans[999][1]
            last = ans[-1][1] - ans[-1001][1]
            notsat = sum(1 for l, _ in ans if l != 'sat')
            print('total %.3f s; first 1,000 %.4f s; last 1,000 %.4f s; '
                  'ratio %.2f; not sat %d; peak RSS %.1f MiB'
                  % (secs, first, last, last / first, notsat,
                     (rss or 0) / 1024))
        sys.stdout.flush()
        # (c) through the C API
        print('\n(c) the same through the C API (bench/scale-api.c)\n')
        exe = os.path.join(work, 'scale-api-%s' % rev)
        cc = os.environ.get('CC', 'cc')
        r = subprocess.run([cc, '-O2', '-I' + os.path.join(root, 'include'),
                            os.path.join(HERE, 'scale-api.c'),
                            os.path.join(root, 'build', 'libferret.a'),
                            '-lm', '-lpthread', '-o', exe],
                           capture_output=True, text=True)
        if r.returncode:
            print('build failed: %s' % r.stderr.strip()[-300:])
            continue
        try:
            r = subprocess.run([exe, str(a.queries)], capture_output=True,
                               text=True, timeout=a.timeout * 3)
            print(r.stdout.strip() or r.stderr.strip())
        except subprocess.TimeoutExpired:
            print('did not finish in %g s' % (a.timeout * 3))
        sys.stdout.flush()


if __name__ == '__main__':
    main()
