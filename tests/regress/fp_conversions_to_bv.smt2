; fp.to_ubv, fp.to_sbv (truncating under RTZ, rounding under others) and
; the to_ieee_bv extension (Z3's).
; expect: sat
; check: (= ((_ fp.to_sbv 8) RTZ x) #xfd)
; check: (= ((_ fp.to_sbv 8) RNE x) #xfd)
; check: (= ((_ fp.to_sbv 8) RTN x) #xfc)
; check: (= ((_ fp.to_ubv 8) RNE (fp.abs x)) #x03)
; check: (= ((_ fp.to_ubv 8) RTP (fp.abs x)) #x04)
; check: (= (to_ieee_bv x) #xc0533333)
(set-logic QF_BVFP)
(declare-const x Float32)
(assert (= (to_ieee_bv x) #xc0533333))
(assert (= ((_ fp.to_sbv 8) RTZ x) #xfd))
(assert (= ((_ fp.to_ubv 8) RTP (fp.abs x)) #x04))
(check-sat)
