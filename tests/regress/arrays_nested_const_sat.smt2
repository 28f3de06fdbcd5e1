; Sat: a constant array of constant arrays, one inner element replaced;
; a read elsewhere sees the inner constant, a read at the written place
; sees the write (issue 18).
; expect: sat
; check: (fp.gt v ((_ to_fp 8 24) RNE 1.0))
; check: (fp.lt (fp.add RNE v v) ((_ to_fp 8 24) RNE 3.0))
; check: (= (select (select C #x0001) #x0002) v)
(set-logic QF_ABVFP)
(declare-fun v () Float32)
(declare-fun i () (_ BitVec 16))
(declare-fun j () (_ BitVec 16))
(define-fun C () (Array (_ BitVec 16) (Array (_ BitVec 16) Float32))
  ((as const (Array (_ BitVec 16) (Array (_ BitVec 16) Float32))) ((as const (Array (_ BitVec 16) Float32)) v)))
(assert (fp.gt (select (select (store C i (store (select C i) j (fp.add RNE v v))) i) j) ((_ to_fp 8 24) RNE 2.0)))
(assert (fp.lt v ((_ to_fp 8 24) RNE 1.5)))
(check-sat)
