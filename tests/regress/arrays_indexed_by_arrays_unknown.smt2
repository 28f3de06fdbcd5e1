; Unknown: arrays indexed by arrays are not reduced (issue 18 leaves them
; out); the answer is unknown with a warning naming them, never a crash.
; expect: unknown
(set-logic QF_ABV)
(declare-fun A () (Array (Array (_ BitVec 4) (_ BitVec 4)) (_ BitVec 4)))
(declare-fun B () (Array (_ BitVec 4) (_ BitVec 4)))
(assert (= (select A B) #x1))
(check-sat)
