; Wrong model from z3 4.8.12 (Debian 12): fp.rem with a subnormal divisor.
; x = 65472 (Float16 0x7BFE), y = 7 * 2^-24 (subnormal 0x0007): x / y = 7q + 1/7
; in units of 2^-24, so fp.rem x y = +1 * 2^-24 (0x0001).  z3 answers sat with
; r = 3 * 2^-24 (0x0003) in 0.17 s; ferret's evaluator rejects that model
; (`ferret hunt replay`: wrong-model), z3's own constant folding of the ground
; (= #x0003 (fp.rem #x7BFE #x0007)) says unsat, and cvc5 1.0.3 gives r = 0x0001.
; Matches Z3Prover/z3#10609 (2026: the bit-blasted fp.rem drops significand
; bits when the exponent difference exceeds what the widened significand holds;
; binary16 above 29).  Found by a directed check written from that report
; by hand, not by a hunt campaign.
(set-logic QF_FP)
(declare-const x Float16)
(declare-const y Float16)
(declare-const r Float16)
(assert (or (= x (fp #b0 #b11110 #b1111111111)) (= x (fp #b0 #b11110 #b1111111110))))
(assert (or (= y (fp #b0 #b00000 #b0000000011)) (= y (fp #b0 #b00000 #b0000000111))))
(assert (= r (fp.rem x y)))
(check-sat)
