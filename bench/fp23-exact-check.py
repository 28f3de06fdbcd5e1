#!/usr/bin/env python3
"""ferret's evaluator against exact rational arithmetic in (_ FloatingPoint 2 3).

    bench/fp23-exact-check.py   (FERRET=build/ferret)

fp.add on every pair of finite values (signed zeros included), fp.sqrt on every non-negative
finite value, fp.roundToIntegral on every finite value but +-3.5, under the five rounding modes:
the exact result rounded here with Fractions, then ferret asked whether the operation equals it.
Prints the number of checks and the ones ferret does not confirm.
"""
import itertools
import math
import os
import subprocess
from fractions import Fraction as F

mags=[F(0),F(1,4),F(1,2),F(3,4),F(1),F(5,4),F(3,2),F(7,4),F(2),F(5,2),F(3),F(7,2)]
def lit(v,neg=False):
    i=mags.index(abs(v)); s='1' if neg else '0'
    e,m=[('00',format(i,'02b')),('01',format(i-4,'02b')),('10',format(i-8,'02b'))][i//4]
    return f'(fp #b{s} #b{e} #b{m})'
INF=lambda neg:'(fp #b%s #b11 #b00)'%('1' if neg else '0')
def rnd(x,rm):
    a=abs(x); neg=x<0
    lo=max(m for m in mags if m<=a); his=[m for m in mags if m>=a]; hi=min(his) if his else None
    if lo==a: return lit(lo,neg)
    up = (rm=='RTP' and not neg) or (rm=='RTN' and neg)
    down = rm=='RTZ' or (rm=='RTP' and neg) or (rm=='RTN' and not neg)
    if hi is None:  # beyond 3.5: next would be 4 (ulp 0.5 above 2): overflow threshold 3.75 for nearest
        if down: return lit(lo,neg)
        if up: return INF(neg)
        return INF(neg) if a>=F(15,4) else lit(lo,neg)
    if up: return lit(hi,neg)
    if down: return lit(lo,neg)
    mid=(lo+hi)/2
    if a<mid: return lit(lo,neg)
    if a>mid: return lit(hi,neg)
    if rm=='RNA': return lit(hi,neg)
    return lit(lo,neg) if mags.index(lo)%2==0 else lit(hi,neg)
vals=[(m,False) for m in mags]+[(m,True) for m in mags]
v=lambda p: -p[0] if p[1] else p[0]
lines=['(set-logic QF_FP)','(declare-fun x0 () (_ FloatingPoint 2 3))','(declare-fun x1 () (_ FloatingPoint 2 3))']
n=0
for p,q in itertools.product(vals,vals):
    s=v(p)+v(q)
    for rm in ['RNE','RNA','RTP','RTN','RTZ']:
        exp=rnd(s,rm) if s!=0 else None
        if s==0:
            # exact zero sum: both -0 -> -0; otherwise +0 except RTN -> -0
            exp=lit(F(0), (p[1] and q[1]) if (p[0]==0 and q[0]==0) and p[1]==q[1] else rm=='RTN')
        lines.append(f'(push 1)(assert (= x0 {lit(*p)}))(assert (= x1 {lit(*q)}))(assert (= (fp.add {rm} x0 x1) {exp}))(check-sat)(pop 1)'); n+=1
for x in mags:
    for rm in ['RNE','RNA','RTP','RTN','RTZ']:
        # sqrt: smallest/largest with m*m vs x
        lo=max(m for m in mags if m*m<=x); his=[m for m in mags if m*m>=x]; hi=min(his)
        if lo*lo==x: r=lo
        elif rm in('RTZ','RTN'): r=lo
        elif rm=='RTP': r=hi
        else:
            mid=(lo+hi)/2
            r= hi if x>mid*mid else lo if x<mid*mid else (hi if rm=='RNA' else (lo if mags.index(lo)%2==0 else hi))
        lines.append(f'(push 1)(assert (= x0 {lit(x)}))(assert (= (fp.sqrt {rm} x0) {lit(r)}))(check-sat)(pop 1)'); n+=1
for p in vals:
    x=v(p)
    if abs(x)==F(7,2): continue
    for rm in ['RNE','RNA','RTP','RTN','RTZ']:
        fl=math.floor(x); ce=math.ceil(x)
        if fl==ce: r=F(fl)
        elif rm=='RTN': r=F(fl)
        elif rm=='RTP': r=F(ce)
        elif rm=='RTZ': r=F(fl if x>0 else ce)
        else:
            d=x-fl
            r=F(fl) if d<F(1,2) else F(ce) if d>F(1,2) else (F(fl if fl%2==0 else ce) if rm=='RNE' else F(ce if x>0 else fl))
        lines.append(f'(push 1)(assert (= x0 {lit(*p)}))(assert (= (fp.roundToIntegral {rm} x0) {lit(abs(r), r<0 or (r==0 and p[1]))}))(check-sat)(pop 1)'); n+=1
path = '/tmp/fp23-exact-%d.smt2' % os.getpid()
open(path, 'w').write('\n'.join(lines)+'\n')
out=subprocess.run([os.environ.get('FERRET', 'build/ferret'), path],capture_output=True,text=True).stdout.split()
bad=[lines[3+i] for i,a in enumerate(out) if a!='sat']
print(n,'checks,',len(out),'answers,',len(bad),'disagree'); print('\n'.join(bad[:8]))
