; cvc5 1.0.3 --fp-exp wrong sat: found as hunt finding
; cvc5-fpexp-random-5/000204 of this directory (a wrong model:
; (fp.isSubnormal ((_ to_fp 5 3) RTN x)) with cvc5's x = (fp #b1 #b000 #b0111)
; in (3,5), that is -7/64 = -1.75 x 2^-4, a normal number of (5,3)).
; Hand-reduced: x is 1.0 in (3,5) (bias 3), and 1.0 is exact in (5,3), so
; its conversion is 1.0 under every rounding mode, not a zero: unsat (z3 and
; ferret answer unsat).  cvc5 answers sat, with x fixed as here and with the
; literal in place of x alike.  By hand: 1.0 from (3,4), (3,5), (3,6), (2,5),
; (4,5) or (4,6) into (5,3) gives +0 in cvc5, and from (3,5) into (4,3) too,
; while from (2,3) or Float32 into (5,3), and from (3,5) into (4,4), (5,4),
; (3,4) or Float32 it is right: conversions of a float into a format with two
; fraction bits, the target formats of C1 (integers) and C3 (reals).
; Bitwuzla 0.9.1 (SymFPU 22d993d) answers unsat by default (constant folding)
; and sat with --rewrite-level 0 (its SymFPU encoding): the same SymFPU code.
(set-option :produce-models true)
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 3 5))
(assert (= x (fp #b0 #b011 #b0000)))
(assert (fp.isZero ((_ to_fp 5 3) RNE x)))
(check-sat)
