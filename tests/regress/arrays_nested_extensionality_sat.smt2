; Sat: A is B with one inner element written, and A differs from B; the
; model must give two nested array values that differ exactly there.
; expect: sat
; check: (= (select (select A i) j) v)
; check: (not (= (select A i) (select B i)))
; check: (= (select A (bvadd i #x00000001)) (select B (bvadd i #x00000001)))
; check: (not (= (select (select B i) j) v))
; check: (= (select (select A i) (bvadd j #x00000001)) (select (select B i) (bvadd j #x00000001)))
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun B () (Array (_ BitVec 32) (Array (_ BitVec 32) (_ BitVec 8))))
(declare-fun i () (_ BitVec 32))
(declare-fun j () (_ BitVec 32))
(declare-fun v () (_ BitVec 8))
(assert (= A (store B i (store (select B i) j v))))
(assert (not (= A B)))
(assert (= (select (select B #x00000007) #x00000009) #x33))
(check-sat)
