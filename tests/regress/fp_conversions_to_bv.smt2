; fp.to_ubv, fp.to_sbv (truncating under RTZ, rounding under others) and
; the to_ieee_bv extension (Z3's).
; expect: sat
; check: (= x (fp #b1 #x80 #b10100110011001100110011))
; check: (fp.lt x ((_ to_fp 8 24) RNE (- 3.25)))
; check: (= ((_ fp.to_sbv 8) RNE x) #xfd)
; check: (= ((_ fp.to_sbv 8) RNA x) #xfd)
; check: (= ((_ fp.to_sbv 8) RTP x) #xfd)
; check: (= ((_ fp.to_sbv 8) RTN x) #xfc)
; check: (= ((_ fp.to_sbv 4) RTN x) #xc)
; check: (= ((_ fp.to_ubv 8) RNE (fp.abs x)) #x03)
; check: (= ((_ fp.to_ubv 8) RTZ (fp.abs x)) #x03)
(set-logic QF_BVFP)
(declare-const x Float32)
(assert (= (to_ieee_bv x) #xc0533333))
(assert (= ((_ fp.to_sbv 8) RTZ x) #xfd))
(assert (= ((_ fp.to_ubv 8) RTP (fp.abs x)) #x04))
(check-sat)
