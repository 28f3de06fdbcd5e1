; Bit-vectors: a 32-bit value whose bytes, reversed, give 0x12345678,
; and a 16-bit value with x * 3 = 1 (mod 2^16).
(set-logic QF_BV)
(declare-const w (_ BitVec 32))
(declare-const x (_ BitVec 16))
(define-fun byteswap ((v (_ BitVec 32))) (_ BitVec 32)
  (concat ((_ extract 7 0) v) ((_ extract 15 8) v)
          ((_ extract 23 16) v) ((_ extract 31 24) v)))
(assert (= (byteswap w) #x12345678))
(assert (= (bvmul x #x0003) (_ bv1 16)))
(check-sat)
(get-model)
(get-value ((byteswap w) (bvadd x x x)))
