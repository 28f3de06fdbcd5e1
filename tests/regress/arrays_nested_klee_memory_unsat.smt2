; Unsat: a KLEE-style memory model; the four bytes of a 32-bit value
; written to object 1 (one store per byte, a store into object 2 between
; them) must read back as written.  Read over write folds the constant
; indices, so preprocessing proves it.
; expect: unsat
(set-logic QF_ABV)
(declare-fun mem0 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8))))
(declare-fun v () (_ BitVec 32))
(declare-fun y () (_ BitVec 8))
(define-fun o1 () (_ BitVec 32) #x00000001)
(define-fun mem1 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8)))
  (store mem0 o1 (store (store (select mem0 o1) #x0000000000000000 ((_ extract 7 0) v))
                                #x0000000000000001 ((_ extract 15 8) v))))
(define-fun mem2 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8)))
  (store mem1 #x00000002 (store (select mem1 #x00000002) #x0000000000000000 y)))
(define-fun mem3 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8)))
  (store mem2 o1 (store (store (select mem2 o1) #x0000000000000002 ((_ extract 23 16) v))
                                #x0000000000000003 ((_ extract 31 24) v))))
(assert (or (not (= (select (select mem3 o1) #x0000000000000000) ((_ extract 7 0) v)))
            (not (= (select (select mem3 o1) #x0000000000000001) ((_ extract 15 8) v)))
            (not (= (select (select mem3 o1) #x0000000000000002) ((_ extract 23 16) v)))
            (not (= (select (select mem3 o1) #x0000000000000003) ((_ extract 31 24) v)))
            (not (= (select (select mem3 #x00000002) #x0000000000000000) y))))
(check-sat)
