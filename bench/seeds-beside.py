#!/usr/bin/env python3
"""ferret at several seeds beside another solver, from bench/solve-bench.sh rows.

  seeds-beside.py RESULTS.tsv...

The TSVs hold rows of ferret-s1 ... ferret-sN (one per seed) and of one
other solver named bitwuzla.  Printed: per solver its answers; the files
ferret solves at every seed; how they overlap with Bitwuzla's; the median
wall and CPU seconds over the files Bitwuzla solves and ferret solves at
every seed (ferret's time per file is the median over its seeds).
"""
import csv,statistics as st,sys
rows={}
for p in sys.argv[1:]:
    for r in csv.DictReader(open(p),delimiter='\t'): rows[(r['solver'],r['file'])]=r
ok=lambda r:r['answer'] in('sat','unsat') and r['wrong']=='0'
solvers=sorted({s for s,_ in rows}); files=sorted({f for _,f in rows})
for s in solvers:
    rs=[rows[(s,f)] for f in files if (s,f) in rows]
    print(s,'runs',len(rs),'solved',sum(ok(r) for r in rs),'wrong',sum(r['wrong']!='0' for r in rs),
          'answers',{a:sum(r['answer']==a for r in rs) for a in sorted({r['answer'] for r in rs})})
fs=[s for s in solvers if s.startswith('ferret')]
every=[f for f in files if all(ok(rows[(s,f)]) for s in fs)]
print('ferret every seed',len(every))
bw=[f for f in files if ok(rows[('bitwuzla',f)])]
print('bitwuzla solved',len(bw),'of which ferret at every seed',len(set(bw)&set(every)),'ferret-only(every seed)',len(set(every)-set(bw)),'bitwuzla-only (no seed)',len([f for f in bw if not any(ok(rows[(s,f)]) for s in fs)]))
both=[f for f in every if f in bw]
for key in ('wall_s','cpu_s'):
    mf=st.median(st.median(float(rows[(s,f)][key]) for s in fs) for f in both)
    mb=st.median(float(rows[('bitwuzla',f)][key]) for f in both)
    print(key,'median over',len(both),'files: ferret (median of seeds)',mf,'bitwuzla',mb,'ratio',mb/mf)
