; cvc5 1.0.3 --fp-exp wrong unsat: hunt finding cvc5-fpexp-3/000337 of this
; directory (formula 1696, 1,510.7 s into the hour), here with the rounding
; mode a constant.  In (5,3) (bias 15, two fraction bits) 7 = 1.11b x 2^2 is
; exact: exponent field 17 = #b10001, fraction #b11, a normal number, so the
; conversion of the unsigned bit-vector #x7 is 7.0 under every rounding mode
; and the assertion holds: sat (z3 and ferret answer sat).  cvc5 answers unsat;
; (get-value (((_ to_fp_unsigned 5 3) RNE #x7))) gives +0.  cvc5 takes each
; unsigned 4-bit integer from 1 to 15 for +0 in (5,3), and 3, signed
; ((_ to_fp 5 3) RNE #x3) and unsigned alike, for +0 in (5,3), (6,3), (7,3)
; and (8,3), while (4,3), (5,4) and (3,5) are right: the conversion of an
; integer into a format with two fraction bits and five or more exponent
; bits, the C1 bug (signed bit-vectors into (5,3)) reached through
; to_fp_unsigned.  Bitwuzla 0.9.1
; (SymFPU 22d993d) answers sat by constant folding and aborts (std::bad_alloc)
; with --rewrite-level 0.
(set-option :produce-models true)
(set-logic QF_BVFP)
(assert (fp.isNormal ((_ to_fp_unsigned 5 3) RNE #x7)))
(check-sat)
