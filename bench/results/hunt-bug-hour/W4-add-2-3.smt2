; W4 by hand: unsat (x + x = 2x is not x for a normal x of (2,3), or overflows to an infinity);
; Bitwuzla 0.9.1 built with SymFPU 22d993d (-Dfpexp=true) and cvc5 1.0.3 --fp-exp answer sat
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 2 3))
(assert (fp.isNormal x))
(assert (fp.eq (fp.add RNE x x) x))
(check-sat)
