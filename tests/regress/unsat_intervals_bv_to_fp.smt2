; Proved by interval propagation: the bits of a float read from a 32-bit
; vector below #x3f800000 (1.0) are a value below 1.0 or a negative one,
; never above 2.0; a KLEE-style reinterpretation.
; expect: unsat
(set-logic QF_BVFP)
(declare-const w (_ BitVec 32))
(assert (bvult w #x3f800000))
(assert (fp.gt ((_ to_fp 8 24) w) ((_ to_fp 8 24) RNE 2.0)))
(check-sat)
