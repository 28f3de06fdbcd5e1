; Sat: three levels, a store three deep, and the arrays differ.  Expanding
; the arrays takes about 9 s of CPU (1.5M instructions), far more wall time
; on a loaded machine: a wall limit of 600 s here, not the runner's 60.
; expect: sat
; options: timeout=600
; check: (select (select (select B i) #x1) #x2)
; check: (not (= (select A i) (select B i)))
; check: (= (select A (bvadd i #x1)) (select B (bvadd i #x1)))
; check: (=> (not (= i #x3)) (select (select (select A #x3) #x1) #x2))
(set-logic QF_ABV)
(declare-fun A () (Array (_ BitVec 4) (Array (_ BitVec 4) (Array (_ BitVec 4) Bool))))
(declare-fun B () (Array (_ BitVec 4) (Array (_ BitVec 4) (Array (_ BitVec 4) Bool))))
(declare-fun i () (_ BitVec 4))
(assert (= B (store A i (store (select A i) #x1 (store (select (select A i) #x1) #x2 true)))))
(assert (not (select (select (select A i) #x1) #x2)))
(assert (not (= A B)))
(assert (select (select (select B #x3) #x1) #x2))
(check-sat)
