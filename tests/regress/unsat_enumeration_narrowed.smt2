; Interval propagation narrows x to about 84 Float32 values and y to 1001
; vectors; enumeration then runs over the narrowed space (84 * 1001
; inputs) and proves what neither could alone: no x in [1.0, 1.00001] squares to 1 + 1 ulp, and
; no y <= 1000 squares to 2 (the full spaces, 2^32 each, are far too big
; to enumerate).  (z3: unsat.)
; expect: unsat
(set-logic QF_BVFP)
(declare-const x Float32)
(declare-const y (_ BitVec 32))
(assert (fp.leq ((_ to_fp 8 24) RNE 1.0) x))
(assert (fp.leq x ((_ to_fp 8 24) RNE 1.00001)))
(assert (bvule y #x000003e8))
(assert (or (= (fp.mul RNE x x) ((_ to_fp 8 24) #x3f800001))
            (= (bvmul y y) #x00000002)))
(check-sat)
