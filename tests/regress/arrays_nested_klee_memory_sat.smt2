; Sat: a KLEE-style memory model, objects (32-bit ids) of bytes (64-bit
; offsets): writes into an object at a symbolic and a constant offset,
; reads back through both stores (issue 18: arrays of arrays).
; expect: sat
; check: (= p #x00000001)
; check: (= off #x0000000000000000)
; check: (= (select (select mem0 #x00000001) #x0000000000000003) (bvadd x #x01))
; check: (= (select (select mem1 #x00000001) #x0000000000000000) x)
(set-logic QF_ABV)
(declare-fun mem0 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8))))
(declare-fun p () (_ BitVec 32))
(declare-fun off () (_ BitVec 64))
(declare-fun x () (_ BitVec 8))
(define-fun mem1 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8)))
  (store mem0 #x00000001 (store (select mem0 #x00000001) #x0000000000000000 x)))
(define-fun mem2 () (Array (_ BitVec 32) (Array (_ BitVec 64) (_ BitVec 8)))
  (store mem1 p (store (select mem1 p) off #x2a)))
(assert (bvult off #x0000000000000004))
(assert (= (select (select mem2 #x00000001) #x0000000000000000) #x2a))
(assert (not (= x #x2a)))
(assert (= (select (select mem2 #x00000001) #x0000000000000003) (bvadd x #x01)))
(check-sat)
